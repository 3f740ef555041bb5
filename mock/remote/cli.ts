// `pix-payment-mock settle|pay|dispute|clock|balance|faults|deliveries|journal`: the remote from a
// shell, against a running server.
// biome-ignore lint/correctness/noNodejsModules: only the bin, which runs on Node, loads this file.
import { parseArgs } from 'node:util';
import { escapeControls } from '../../src/seam/redact.js';
import type { CommandIo } from '../conformance/cli.js';
import type { FaultSpec } from '../service/faults.js';
import type { WebhookDelivery } from '../service/webhooks.js';
import type { MockBalance } from '../types/controls.js';
import type { MockDisputeOutcome } from '../types/deposits.js';
import type { JournalEntry } from '../types/records.js';
import type { RemotePaymentServiceMock } from '../types/remote.js';
import { connectMockServer } from './connect.js';
import { MockServerError } from './errors.js';

/** The bin's default address, where `npx pix-payment-mock` listens. */
const DEFAULT_URL = 'http://127.0.0.1:4010';

/** How often `journal --follow` asks for new entries. */
const FOLLOW_INTERVAL_MS = 500;

const COMMON = `Common options:
  --url <url>              the running server (default ${DEFAULT_URL})
  --control-token <token>  its control token (default: $PIX_PAYMENT_MOCK_CONTROL_TOKEN)
  --json                   print JSON only
  -h, --help               show this help

Exit status: 0 done, 1 refused by the server (an unknown id, a status that does not exist, a
wrong control token), 2 usage error, or no mock server at the URL.`;

interface Command {
  /** The first line of the help, and the list at the top level. */
  readonly usage: string;
  readonly summary: string;
  readonly example: string;
  readonly options?: string;
  readonly flags?: Readonly<Record<string, { type: 'string' | 'boolean' }>>;
  readonly positionals: readonly [min: number, max: number];
  run(context: Context): Promise<void>;
}

interface Context {
  readonly remote: RemotePaymentServiceMock;
  readonly args: ReadonlyArray<string>;
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly json: boolean;
  readonly io: CommandIo;
  readonly signal: AbortSignal | undefined;
}

/** A mistake in the command line: exit 2 with the command's help. */
class UsageError extends Error {}

/** A thing the server does not have (an id in no account): exit 1. */
class NotFound extends Error {}

function print(context: Context, text: string, data: unknown): Promise<void> {
  return context.io.stdout(context.json ? `${JSON.stringify(data)}\n` : `${visible(text)}\n`);
}

/**
 * Text from the server (paths anyone sent it, a receiver's error) with its control characters
 * escaped line by line, so that none of them can forge a line or restyle the terminal.
 */
function visible(text: string): string {
  return text.split('\n').map(escapeControls).join('\n');
}

function deliveryLine(delivery: WebhookDelivery): string {
  const payload = delivery.payload as unknown as Record<string, unknown>;
  const answer =
    delivery.status !== undefined
      ? ` ${delivery.status}`
      : delivery.error
        ? ` (${delivery.error})`
        : '';
  return `#${delivery.id} ${delivery.time} ${delivery.trigger} ${String(payload.status ?? '')} → ${delivery.url ?? '(no callback URL)'}: ${delivery.outcome}${answer}`;
}

function journalLine(entry: JournalEntry): string {
  const query = entry.query === '' ? '' : `?${entry.query.replace(/^\?/, '')}`;
  const fault = entry.fault === undefined ? '' : ` [fault ${entry.fault}]`;
  return `#${entry.id} ${entry.time} ${entry.method} ${entry.path}${query} → ${entry.status} ${entry.operation ?? '-'}${fault}`;
}

function balanceLines(balances: ReadonlyArray<MockBalance>): string {
  return balances
    .map((b) =>
      'currency' in b
        ? `${b.currency.name} ${b.totalAmount} (held ${b.totalHeld})`
        : `${b.cryptocurrency.name} ${b.totalAmount}`,
    )
    .join('\n');
}

const UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** `1500`, `1500ms`, `60s`, `5m`, `2h`, `2d` in milliseconds. */
function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text);
  const ms =
    match?.[1] === undefined ? Number.NaN : Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1);
  if (!Number.isFinite(ms) || !Number.isInteger(ms)) {
    throw new UsageError(
      `a duration is milliseconds or a number with ms, s, m, h or d (1500, 60s, 2d), got ${JSON.stringify(text)}`,
    );
  }
  return ms;
}

/** The account (main first, then its sub-accounts) whose withdrawals or deposits hold `id`. */
async function findTransaction(remote: RemotePaymentServiceMock, id: string) {
  const ids = [undefined, ...(await remote.company.subAccounts).map((sub) => sub._id)];
  for (const accountId of ids) {
    const account = await remote.account(accountId);
    if (await account.withdrawals.get(id)) return { kind: 'withdrawal' as const, account };
    if (await account.deposits.get(id)) return { kind: 'deposit' as const, account };
  }
  throw new NotFound(
    `no withdrawal or deposit has id ${JSON.stringify(id)} in any account (sub-accounts included); the journal shows the ids the service answered: pix-payment-mock journal`,
  );
}

const COMMANDS: Readonly<Record<string, Command>> = {
  settle: {
    usage: 'settle <id> <STATUS>',
    summary: 'move a withdrawal or deposit to a status and send its webhook',
    example: 'pix-payment-mock settle 65f1c0de0000000000000001 PAID',
    positionals: [2, 2],
    async run(context) {
      const [id = '', status = ''] = context.args;
      const { kind, account } = await findTransaction(context.remote, id);
      const delivery = await account[kind === 'withdrawal' ? 'withdrawals' : 'deposits'].settle(
        id,
        status,
      );
      const accountId = await account.id;
      await print(context, `${kind} ${id} is now ${status}; webhook ${deliveryLine(delivery)}`, {
        kind,
        id,
        status,
        account: accountId,
        delivery,
      });
    },
  },
  pay: {
    usage: 'pay <code-or-id>',
    summary: "pay a deposit as its customer would, by its BR Code (the QR's text) or its id",
    example: "pix-payment-mock pay '00020101021226…6304ABCD'",
    positionals: [1, 1],
    async run(context) {
      const answer = await context.remote.deposits.pay(context.args[0] ?? '');
      await print(context, `paid: ${JSON.stringify(answer)}`, answer);
    },
  },
  dispute: {
    usage: 'dispute <id> <OUTCOME> [--step 1d]',
    summary:
      'run a dispute (MED) of a paid deposit to REFUND_APPROVED, REFUND_CANCELED or EXPIRED_DISPUTE',
    example: 'pix-payment-mock dispute 65f1c0de0000000000000002 REFUND_APPROVED --step 1d',
    options: `  --step <ms | 60s | 1d>   run it on the mock clock: the first status now, each next one
                           once \`clock advance\` has moved this far (at most 1d)`,
    flags: { step: { type: 'string' } },
    positionals: [2, 2],
    async run(context) {
      const [id = '', outcome = ''] = context.args;
      const step = context.values.step;
      // The server checks the outcome and refuses one that does not exist, naming the three.
      const answer = await context.remote.deposits.dispute(id, {
        outcome: outcome as MockDisputeOutcome,
        ...(typeof step === 'string' ? { stepMs: durationMs(step) } : {}),
      });
      await print(context, `dispute of ${id}: ${JSON.stringify(answer)}`, answer);
    },
  },
  clock: {
    usage: 'clock advance <ms | 60s | 2d>',
    summary: "move the mock's clock forward (token expiry, dates of new records)",
    example: 'pix-payment-mock clock advance 2d',
    positionals: [2, 2],
    async run(context) {
      const [action, amount = ''] = context.args;
      if (action !== 'advance')
        throw new UsageError(`clock takes advance, got ${JSON.stringify(action)}`);
      const ms = durationMs(amount);
      await context.remote.clock.advance(ms);
      const now = (await context.remote.clock.now()).toISOString();
      await print(context, `clock advanced by ${amount}: now ${now}`, { advancedMs: ms, now });
    },
  },
  balance: {
    usage: 'balance set BRL=10.00 [USDT=2.5]',
    summary: "set the main account's available balance in each currency given",
    example: 'pix-payment-mock balance set BRL=10.00 USDT=2.5',
    positionals: [2, 3],
    async run(context) {
      const [action, ...entries] = context.args;
      if (action !== 'set')
        throw new UsageError(`balance takes set, got ${JSON.stringify(action)}`);
      const balances: Record<string, string> = {};
      for (const entry of entries) {
        const match = /^([A-Z]+)=(.+)$/.exec(entry);
        if (!match?.[1] || !match[2]) {
          throw new UsageError(
            `a balance is CURRENCY=amount (BRL=10.00), got ${JSON.stringify(entry)}`,
          );
        }
        balances[match[1]] = match[2];
      }
      await context.remote.company.setBalance(balances);
      const now = await context.remote.company.balances();
      await print(context, balanceLines(now), now);
    },
  },
  faults: {
    usage:
      'faults add --method POST --path /withdraw --status 503 [--phase after] [--times n] | faults clear',
    summary: 'inject a fault the next matching requests meet, or remove every fault',
    example:
      'pix-payment-mock faults add --method POST --path /withdraw --status 503 --phase after',
    options: `  --method <METHOD>        the requests' method (default: any)
  --path <path>            their path, exact (default: any)
  --status <n>             the status answered instead
  --phase <before|after>   before processing (default) or after: the change is made, the
                           answer lost
  --times <n>              how many requests meet it (default 1; Infinity for all)`,
    flags: {
      method: { type: 'string' },
      path: { type: 'string' },
      status: { type: 'string' },
      phase: { type: 'string' },
      times: { type: 'string' },
    },
    positionals: [1, 1],
    async run(context) {
      const [action] = context.args;
      if (action === 'clear') {
        await context.remote.faults.clear();
        await print(context, 'faults cleared', { cleared: true });
        return;
      }
      if (action !== 'add') {
        throw new UsageError(`faults takes add or clear, got ${JSON.stringify(action)}`);
      }
      const { method, path, status, phase, times } = context.values;
      const spec: Record<string, unknown> = {};
      if (typeof method === 'string') spec.method = method.toUpperCase();
      if (typeof path === 'string') spec.path = path;
      if (typeof status === 'string') spec.status = wholeNumber('--status', status);
      if (typeof phase === 'string') spec.phase = phase;
      if (typeof times === 'string') {
        spec.times =
          times === 'Infinity' ? Number.POSITIVE_INFINITY : wholeNumber('--times', times);
      }
      const handle = await context.remote.faults.inject(spec as FaultSpec);
      const id = await handle.id;
      await print(
        context,
        `fault ${id} added: ${spec.method ?? 'any method'} ${spec.path ?? 'any path'} → ${spec.status ?? 'fault'}${phase === 'after' ? ' after processing' : ''}`,
        { id, ...spec, ...(spec.times === Number.POSITIVE_INFINITY ? { times: 'Infinity' } : {}) },
      );
    },
  },
  deliveries: {
    usage: 'deliveries',
    summary: 'list the webhook deliveries and what each receiver answered',
    example: 'pix-payment-mock deliveries --json',
    positionals: [0, 0],
    async run(context) {
      const deliveries = await context.remote.webhooks.deliveries;
      const text =
        deliveries.length === 0 ? '(no deliveries)' : deliveries.map(deliveryLine).join('\n');
      await print(context, text, deliveries);
    },
  },
  journal: {
    usage: 'journal [--follow]',
    summary: 'list the requests the service answered; --follow keeps printing new ones',
    example: 'pix-payment-mock journal --follow',
    options: `  --follow                 keep printing new requests until interrupted (Ctrl-C); with
                           --json, one JSON object per line`,
    flags: { follow: { type: 'boolean' } },
    positionals: [0, 0],
    async run(context) {
      const entries = await context.remote.requests;
      if (!context.values.follow) {
        const text = entries.length === 0 ? '(no requests)' : entries.map(journalLine).join('\n');
        await print(context, text, entries);
        return;
      }
      let last = -1;
      const emit = async (batch: ReadonlyArray<JournalEntry>) => {
        // A reset starts the ids again: print from the start of the new journal.
        const lastSeen = batch.at(-1)?.id ?? -1;
        if (lastSeen < last) last = -1;
        for (const entry of batch) {
          if (entry.id <= last) continue;
          last = entry.id;
          await context.io.stdout(
            `${context.json ? JSON.stringify(entry) : visible(journalLine(entry))}\n`,
          );
        }
      };
      await emit(entries);
      while (!context.signal?.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FOLLOW_INTERVAL_MS);
          context.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (context.signal?.aborted) break;
        await emit(await context.remote.requests);
      }
    },
  },
};

function wholeNumber(flag: string, text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) {
    throw new UsageError(`${flag} must be a whole number, got ${JSON.stringify(text)}`);
  }
  return n;
}

/**
 * The names of the commands against a running server.
 *
 * @internal
 */
export const REMOTE_COMMANDS: ReadonlyArray<string> = Object.keys(COMMANDS);

/**
 * The lines the bin's top-level help lists the commands with.
 *
 * @internal
 */
export function remoteCommandLines(): string {
  return Object.values(COMMANDS)
    .map((command) => `  ${command.usage.split(' ')[0]?.padEnd(12)} ${command.summary}`)
    .join('\n');
}

function helpOf(name: string, command: Command): string {
  return `Usage: pix-payment-mock ${command.usage} [--url <url>] [--json]

${command.summary[0]?.toUpperCase()}${command.summary.slice(1)}, on a running mock server.

Example:
  ${command.example}
${command.options === undefined ? '' : `\nOptions:\n${command.options}\n`}
${COMMON}
${name === 'pay' || name === 'dispute' ? "\nNeeds a server with the control route of the customer's side (POST /__mock/deposits/…).\n" : ''}`;
}

/**
 * Runs `pix-payment-mock <command> …` against a running server; resolves with the exit status.
 * `signal` ends `journal --follow`.
 *
 * @internal
 */
export async function remoteCommand(
  name: string,
  argv: string[],
  io: CommandIo,
  signal?: AbortSignal,
): Promise<number> {
  const command = COMMANDS[name];
  if (command === undefined) throw new Error(`no command ${name}`);
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'control-token': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...command.flags,
      },
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
    if (parsed.values.help) {
      await io.stdout(helpOf(name, command));
      return 0;
    }
    const [min, max] = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(`expected: pix-payment-mock ${command.usage}`);
    }
  } catch (error) {
    await io.stderr(
      `pix-payment-mock ${name}: ${(error as Error).message}\n\n${helpOf(name, command)}`,
    );
    return 2;
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  const url = typeof values.url === 'string' ? values.url : DEFAULT_URL;
  const token =
    (typeof values['control-token'] === 'string' ? values['control-token'] : undefined) ??
    (io.env.PIX_PAYMENT_MOCK_CONTROL_TOKEN || undefined);
  try {
    const remote = await connectMockServer(url, { controlToken: token });
    await command.run({ remote, args: positionals, values, json, io, signal });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code =
      error instanceof UsageError || error instanceof TypeError
        ? 2
        : error instanceof MockServerError && error.code !== 'refused'
          ? 2
          : 1;
    await io.stderr(`pix-payment-mock ${name}: ${visible(message)}\n`);
    if (json) {
      await io.stdout(
        `${JSON.stringify({
          error: {
            code:
              error instanceof MockServerError ? error.code : code === 2 ? 'usage' : 'not-found',
            message,
            ...(error instanceof MockServerError && error.status !== undefined
              ? { status: error.status, detail: error.detail }
              : {}),
          },
        })}\n`,
      );
    }
    return code;
  }
}
