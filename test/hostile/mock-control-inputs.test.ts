// Every input of a control route is the caller's: a test, a colleague, or a hostile page when a
// guard is missing. Over a real server on 127.0.0.1, each of the worst values gets a 400 with its
// reason in X-Mock-Reason, and the mock is left exactly as it was.
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 31, frozenClock: true });
});
afterAll(() => running.close());
beforeEach(() => running.mock.reset());

/** A control request whose body is sent as written (JSON that `JSON.stringify` would not make). */
async function send(method: string, path: string, body?: string) {
  const response = await fetch(`${running.url}/__mock${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
  });
  const answer = (await response.json()) as { detail?: string };
  return { status: response.status, reason: response.headers.get('x-mock-reason'), answer };
}

/** What a control could change, as `GET /__mock/state` shows it. */
async function snapshot(): Promise<unknown> {
  const response = await fetch(`${running.url}/__mock/state`);
  const { now: _now, ...state } = (await response.json()) as Record<string, unknown>;
  return { state, deliveries: running.mock.webhooks.deliveries.length };
}

const many = (count: number, item: unknown) =>
  JSON.stringify(Array.from({ length: count }, () => item));
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const UNKNOWN_ID = '0123456789abcdef01234567';

const refused: ReadonlyArray<[string, string, string, string, RegExp]> = [
  [
    'a huge IP allowlist',
    'PUT',
    '/auth/allowed-ips',
    `{"ips":${many(1001, '10.0.0.1')}}`,
    /at most 1000/,
  ],
  [
    'a huge balance IP list',
    'PUT',
    '/balance-ips',
    `{"ips":${many(100_000, '1')}}`,
    /at most 1000/,
  ],
  [
    'an address 10 kB long',
    'PUT',
    '/withdrawal-ips',
    `{"ips":["${'1'.repeat(10_000)}"]}`,
    /ips must be/,
  ],
  [
    'a huge caller address',
    'PUT',
    '/auth/caller-ip',
    `{"ip":"${'1'.repeat(10_000)}"}`,
    /ip must be/,
  ],
  [
    'a huge list of denied operations',
    'PUT',
    '/auth/denied-actions',
    `{"actions":${many(1001, 'pixKeys.add')}}`,
    /at most 1000/,
  ],
  [
    'a list of denied operations with one unknown',
    'PUT',
    '/auth/denied-actions',
    '{"actions":["pixKeys.add","toString"]}',
    /unknown operation "toString"/,
  ],
  [
    'an operation named after a prototype member',
    'PUT',
    '/auth/denied-actions/__proto__',
    undefined as never,
    /unknown operation/,
  ],
  ['balances through __proto__', 'PUT', '/balances', '{"__proto__":{"BRL":"5.00"}}', /"__proto__"/],
  [
    'a fault through constructor.prototype',
    'POST',
    '/faults',
    '{"path":"/x","status":500,"constructor":{"prototype":{"polluted":true}}}',
    /"constructor"/,
  ],
  [
    'a customer through __proto__',
    'POST',
    '/customers',
    '{"__proto__":{"name":"Eve Doe"}}',
    /"__proto__"/,
  ],
  [
    'settle options through __proto__',
    'POST',
    `/withdrawals/${UNKNOWN_ID}/settle`,
    '{"status":"PAID","__proto__":{"identifiedDocumentPix":true}}',
    /"__proto__"/,
  ],
  [
    'a sub-account with a nested prototype key',
    'POST',
    '/subaccounts',
    '{"balance":{"prototype":"1.00"}}',
    /"prototype"/,
  ],
  [
    'a clock advance of 1e999 (Infinity once parsed)',
    'POST',
    '/clock/advance',
    '{"ms":1e999}',
    /finite/,
  ],
  ['a negative clock advance', 'POST', '/clock/advance', '{"ms":-1}', /not negative/],
  [
    'a clock advance past the last Date',
    'POST',
    '/clock/advance',
    '{"ms":17280000000000000}',
    /past/,
  ],
  ['a clock advance as text', 'POST', '/clock/advance', '{"ms":"1000"}', /finite number/],
  ['a clock set to -1e999', 'PUT', '/clock', '{"now":-1e999}', /finite/],
  [
    'a clock set before the first Date',
    'PUT',
    '/clock',
    '{"now":-8640000000000001}',
    /range of a Date/,
  ],
  ['a clock set to an object', 'PUT', '/clock', '{"now":{"valueOf":1}}', /ISO 8601/],
  [
    'a fault delay of 2^31 ms (past a timer)',
    'POST',
    '/faults',
    `{"path":"/x","status":500,"delayMs":${2 ** 31}}`,
    /delayMs/,
  ],
  ['a fault status of 1e999', 'POST', '/faults', '{"path":"/x","status":1e999}', /finite/],
  [
    'a fault repeated 1e999 times (a permanent one is "Infinity")',
    'POST',
    '/faults',
    '{"path":"/x","status":500,"times":1e999}',
    /finite/,
  ],
  [
    'a sub-account named with 500 kB',
    'POST',
    '/subaccounts',
    JSON.stringify({ name: 'x'.repeat(500_000) }),
    /at most 200/,
  ],
  [
    'a sub-account password of 300 characters',
    'POST',
    '/subaccounts',
    JSON.stringify({ password: 'p'.repeat(300) }),
    /at most 200 and 256/,
  ],
  [
    'a fee split of 20,000 entries',
    'POST',
    '/subaccounts',
    JSON.stringify({
      feeSplit: {
        deposit: { currencies: Array.from({ length: 20_000 }, () => ({ currency: {} })) },
        withdraw: {},
      },
    }),
    /at most 100 entries/,
  ],
  [
    'a fault answer with 101 headers',
    'POST',
    '/faults',
    JSON.stringify({
      path: '/x',
      status: 500,
      headers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`x-h${i}`, 'v'])),
    }),
    /at most 100 headers/,
  ],
  [
    'rates with 20,000 unknown currencies (the reason stays short)',
    'PUT',
    '/crypto/rates',
    JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, '1']))),
    /^crypto\.setRates: rates: unknown cryptocurrency k0, k1, k2, k3, k4 and 19995 more; known: USDT$/,
  ],
  ['a body nested 100,000 levels', 'PUT', '/balances', nested(100_000), /nests deeper/],
  [
    'a fault body nested 40 levels',
    'POST',
    '/faults',
    `{"path":"/x","status":500,"body":${nested(40)}}`,
    /nests deeper/,
  ],
  ['a body that is an array', 'PUT', '/partner', '[true]', /JSON object/],
  ['a spread of 1e308', 'PUT', '/crypto/spread', '{"spread":1e308}', /spread/],
  [
    'a rate with a 100 kB number',
    'PUT',
    '/crypto/rates',
    `{"USDT":"${'9'.repeat(100_000)}"}`,
    /USDT/,
  ],
];

describe('the worst input of each control route: 400 with a reason, nothing changed', () => {
  it.each(refused)('%s', async (_name, method, path, body, reason) => {
    const before = await snapshot();
    const answer = await send(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.answer.detail).toMatch(reason);
    expect(answer.reason).toBe(answer.answer.detail?.slice(0, 300));
    expect(await snapshot()).toEqual(before);
    // No prototype was touched on the way.
    for (const key of ['polluted', 'BRL', 'name', 'identifiedDocumentPix']) {
      expect(Object.hasOwn(Object.prototype, key)).toBe(false);
    }
  });

  it('an account named after a prototype member is an unknown account: 404, nothing changed', async () => {
    for (const account of ['__proto__', 'constructor', 'toString']) {
      const answer = await send('PUT', `/partner?account=${account}`, '{"partner":false}');
      expect(answer.status).toBe(404);
      expect(answer.reason).toMatch(/no account with id/);
    }
    expect(running.mock.company.partner).toBe(true);
  });
});
