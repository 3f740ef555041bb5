import { inspect } from 'node:util';
import {
  InMemoryTokenStore,
  PaymentClient,
  type PaymentClientOptions,
  PaymentError,
  PaymentResponseError,
  PaymentValidationError,
  tokenAccount,
} from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { type Loopback, listen } from '../support/loopback.js';

// A login answer whose token would break the Authorization header, and options that would break
// the User-Agent header: each is a typed error that never shows the offending value.
const BAD_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.sig\r\nX-Injected: yes';
let server: Loopback;

beforeAll(async () => {
  server = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ token: BAD_TOKEN }));
  });
});

afterAll(() => server.close());

const makeClient = (overrides: Partial<PaymentClientOptions> = {}) =>
  new PaymentClient({
    baseUrl: server.url,
    email: 'headers@example.com',
    password: 'headers-password',
    maxRetries: 0,
    ...overrides,
  });

const shown = (error: unknown) =>
  [String(error), JSON.stringify(error), inspect(error, { depth: Number.POSITIVE_INFINITY })].join(
    '\n',
  );

describe('values that cannot go in a header', () => {
  it('a token with CR/LF from the login is a PaymentResponseError that does not show it', async () => {
    const error = await rejectionOf(makeClient().getToken());
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect(error).toMatchObject({ path: '/auth/token', body: '[redacted]' });
    // A call that needed the login was not sent: it says so, the login's error as its cause.
    const call = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(call).toMatchObject({ name: 'PaymentLoginError', cause: { path: '/auth/token' } });
    expect(shown(call)).not.toContain('X-Injected');
    expect((error as PaymentResponseError).issues[0]).toEqual({
      path: ['token'],
      message: 'must be visible ASCII characters only (it is sent in a header)',
    });
    expect(shown(error)).not.toContain('X-Injected');
    // Only the login went out: nothing was sent with the broken header.
    expect(server.received.map(({ path }) => path).at(-1)).toBe('/auth/token');
  });

  it('a token with CR/LF from the token store is a PaymentError that does not show it', async () => {
    const tokenStore = new InMemoryTokenStore();
    const account = await tokenAccount(server.url, 'headers@example.com');
    await tokenStore.set({ token: BAD_TOKEN, account }, account);
    const sent = server.received.length;
    const error = await rejectionOf(makeClient({ tokenStore }).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as Error).message).toMatch(/token/);
    expect(shown(error)).not.toContain('X-Injected');
    expect(server.received).toHaveLength(sent);
  });

  it.each(['shop/1.0\r\nX-Injected: yes', 'shop/1.0\nX', 'shop\u0000', 'loja/1.0 (São Paulo)', 42])(
    'the userAgent %j is a PaymentValidationError at construction',
    (userAgent) => {
      expect(() => makeClient({ userAgent: userAgent as string })).toThrow(PaymentValidationError);
    },
  );

  it('a per-call header with CR/LF is a PaymentValidationError', async () => {
    const error = await rejectionOf(
      makeClient().withdrawals.listCurrencies({ headers: { 'x-note': 'a\r\nX-Injected: yes' } }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect(shown(error)).not.toContain('X-Injected');
  });
});
