import {
  InMemoryTokenStore,
  type Logger,
  PaymentClient,
  type PaymentClientOptions,
} from 'pix-payment-sdk';
import { BASE_URL, EMAIL, PASSWORD } from './client-mock-service.js';

/** A client of the mock service with retry delays of a millisecond or two, so tests do not wait. */
export function makeClient(overrides: Partial<PaymentClientOptions> = {}): PaymentClient {
  return new PaymentClient({
    baseUrl: BASE_URL,
    email: EMAIL,
    password: PASSWORD,
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    ...overrides,
  });
}

/**
 * A client of the mock service whose token was obtained beforehand with the default deadline, so
 * that a short `timeoutMs` applies to the call under test, not to a login slowed down by a loaded
 * machine.
 */
export async function loggedInClient(
  overrides: Partial<PaymentClientOptions> = {},
): Promise<PaymentClient> {
  const tokenStore = new InMemoryTokenStore();
  await makeClient({ tokenStore }).getToken();
  return makeClient({ ...overrides, tokenStore });
}

export interface LogLine {
  readonly level: keyof Logger;
  readonly message: string;
  readonly fields: unknown;
}

/** A logger that keeps every line, to assert on what was (and was not) logged. */
export function recordingLogger(): Logger & { lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const record =
    (level: keyof Logger) =>
    (message: string, fields?: unknown): void => {
      lines.push({ level, message, fields });
    };
  return {
    lines,
    text: () => JSON.stringify(lines),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}

/** The rejection of a promise that must reject. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
