// What the suites of the mock's areas share: the raw answers they expect, the fixtures they
// build, an independent BR Code reader, and a seeded mock per test through each transport.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type MockHarness, type MockTransport, rawApi } from './mock-transports.js';

export const FIFTEEN_DAYS_S = 15 * 24 * 60 * 60;
export const HEX24 = /^[0-9a-f]{24}$/;
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UNKNOWN_ID = '0123456789abcdef01234567';
export const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } };
export const BAD_REQUEST = { status: 400, body: { message: 'Bad Request' } };
export const NOT_FOUND = { status: 404, body: { message: 'Not Found' } };
export const CONFLICT = { status: 409, body: { message: 'Conflict' } };
export const SERVER_ERROR = { status: 500, body: { message: 'Internal Server Error' } };

export type Api = ReturnType<typeof rawApi>;

export function answerOf(answer: { status: number; body: unknown }) {
  return { status: answer.status, body: answer.body };
}

/** Registers a key and lists currencies: what a withdrawal needs. */
export async function withdrawalFixture(api: Api, token: string, customerId: string) {
  const added = await api.call('POST', `/pix/customer/${customerId}/key`, {
    token,
    body: { type: 'EMAIL', key: `ana.${customerId}@example.com` },
  });
  const { key } = added.body as { key: { key: string; type: string; _id: string } };
  const currencies = await api.call('GET', '/withdraw/company/currencies', { token });
  const [currency] = currencies.body as Array<Record<string, unknown>>;
  return { pixKey: key, currency: currency as Record<string, unknown> };
}

export async function depositCurrency(api: Api, token: string): Promise<Record<string, unknown>> {
  const answer = await api.call('GET', '/deposit/company/currencies', { token });
  return (answer.body as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

// An independent CRC16-CCITT (0x1021, init 0xFFFF) and EMV reader, to check the mock's BR Codes.
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const char of Buffer.from(text, 'utf8')) {
    crc ^= char << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function emvFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** One test's mock: seeded (seed 7, webhooks time out after 300 ms), logged in. */
export interface MockSession {
  readonly h: MockHarness;
  readonly api: Api;
  readonly token: string;
  /** The seeded customer. */
  readonly customerId: string;
}

/**
 * Registers, in the enclosing `describe`, a fresh seeded mock through `transport` for each test,
 * handed to `use` before the test runs; its webhooks are flushed and it is closed afterwards.
 */
export function mockPerTest(transport: MockTransport, use: (session: MockSession) => void): void {
  let h: MockHarness | undefined;
  beforeAll(() => transport.setup());
  afterAll(() => transport.teardown());
  beforeEach(async () => {
    // Long enough for a local receiver on a loaded machine; the "never answers" case waits it out.
    h = await transport.create({ seed: 7, webhookTimeoutMs: 2_000 });
    const api = rawApi(h);
    use({ h, api, token: await api.login(), customerId: h.mock.customers.seeded._id });
  });
  afterEach(async () => {
    await h?.mock.webhooks.flush();
    await h?.close();
  });
}
