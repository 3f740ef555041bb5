import type { LogEvent, LogFields, Logger } from 'pix-payment-sdk';
import { redactText } from '../seam/redact.js';
import type { TokenStoreCommands } from './commands.js';

/** What one command came to: its reply, or a failure that was logged. @internal */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

class CommandTimeout extends Error {
  override name = 'TimeoutError';
}

/** How a store names its outages in its log lines. @internal */
export interface OutageWords {
  readonly down: LogEvent;
  readonly up: LogEvent;
  /** The `warn` line when Redis stops answering (what the store does without it). */
  readonly downMessage: string;
  /** The `info` line when Redis answers again. */
  readonly upMessage: string;
}

/**
 * Sends the commands of one store with a time limit, and logs when Redis stops and starts
 * answering: a `warn` once per outage (each failure during it at `debug`), an `info` when it ends.
 *
 * @internal
 */
export class CommandRunner {
  #unavailable = false;

  constructor(
    readonly commands: TokenStoreCommands,
    private readonly timeoutMs: number,
    private readonly logger: Logger | undefined,
    private readonly words: OutageWords,
  ) {}

  /**
   * Runs one command with the time limit. A failure is logged and reported as `{ ok: false }`,
   * never thrown; `secrets` are redacted from the reason.
   */
  async run<T>(
    operation: string,
    key: string,
    command: () => Promise<T>,
    secrets: ReadonlyArray<string> = [],
  ): Promise<Outcome<T>> {
    if (!this.commands.ready()) {
      return this.#failed(operation, key, 'the Redis client is not connected');
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const pending = (async () => command())();
      // A command that times out may still fail later; nobody is listening by then.
      pending.catch(() => undefined);
      const value = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new CommandTimeout(`no answer in ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
      if (this.#unavailable) {
        this.#unavailable = false;
        this.log('info', this.words.up, this.words.upMessage, { key, operation });
      }
      return { ok: true, value };
    } catch (error) {
      const { name, message } =
        error instanceof Error ? error : { name: 'Error', message: String(error) };
      return this.#failed(operation, key, redactText(`${name}: ${message}`, secrets).slice(0, 300));
    } finally {
      clearTimeout(timer);
    }
  }

  #failed(operation: string, key: string, reason: string): { ok: false } {
    const level = this.#unavailable ? 'debug' : 'warn';
    this.#unavailable = true;
    this.log(level, this.words.down, this.words.downMessage, { key, operation, reason });
    return { ok: false };
  }

  /** Writes one line; a failing logger never fails the store. */
  log(level: keyof Logger, event: LogEvent, message: string, fields: LogFields): void {
    try {
      this.logger?.[level]?.(`pix-payment-sdk: ${message}`, { event, ...fields });
    } catch {
      // A failing logger must not fail a payment.
    }
  }
}

/** A reply as text: a string, or the bytes of a client that maps strings to Buffers. @internal */
export function text(reply: unknown): string | undefined {
  if (typeof reply === 'string') return reply;
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply);
  return undefined;
}
