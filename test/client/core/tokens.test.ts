import { HttpResponse, http } from 'msw';
import {
  type CachedToken,
  InMemoryTokenStore,
  type TokenStore,
  tokenAccount,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, EMAIL, PASSWORD, useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

/** Logins MSW received, whoever answered them (the override below answers some). */
const loginsSent = () =>
  service.wire.filter(
    (request) => request.method === 'POST' && request.pathname === '/v1/auth/token',
  ).length;

/** A JWT whose payload is `claims`, with a signature nobody checks. */
const unsignedJwt = (claims: Record<string, unknown>) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims, 'signature']
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.');

/**
 * The one thing the mock cannot do: every token it issues is a JWT with `exp`. This override makes
 * logins answer `make(n)` instead, a token of unknown lifetime, and hands each request that
 * carries one on to the mock with a real token of the mock in its place; the mock still decides
 * (authentication, expireTokens(), the answer, the journal).
 */
function loginsGiveTokensOfUnknownLifetime(make: (n: number) => string): void {
  const standsFor = new Map<string, string>();
  service.server.use(
    http.post(`${BASE_URL}/auth/token`, async () => {
      const token = make(standsFor.size);
      standsFor.set(token, await service.mock.auth.issueToken());
      return HttpResponse.json({ token });
    }),
    http.all(`${BASE_URL}/*`, ({ request }) => {
      const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
      const real = standsFor.get(bearer);
      if (real === undefined) return undefined;
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${real}`);
      return service.mock.fetch(new Request(request, { headers }));
    }),
  );
}

describe('tokens', () => {
  it('getToken: logs in lazily, only when first needed, and returns the issued token', async () => {
    const client = makeClient({ fetch: service.fetch });
    expect(service.logins()).toBe(0);
    const token = await client.getToken();
    expect(service.logins()).toBe(1);
    expect(token).toBe(service.issuedTokens[0]);
  });

  it('single flight: 50 concurrent calls on a cold client share exactly one login', async () => {
    const client = makeClient();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.withdrawals.listCurrencies()),
    );
    expect(results).toHaveLength(50);
    expect(service.logins()).toBe(1);
    expect(service.calls()).toHaveLength(50);
  });

  it('a cached token is reused while its exp is beyond refreshSkewMs', async () => {
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.deposits.listCurrencies();
    expect(service.logins()).toBe(1);
  });

  it('a token whose exp falls within refreshSkewMs is replaced by a new login before the next call', async () => {
    service.restart({ tokenTtlMs: 30_000 }); // inside the default 60 s skew
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(service.logins()).toBe(2);
    const [first, second] = service.wire
      .filter((request) => request.pathname.endsWith('/currencies'))
      .map((request) => request.headers.get('authorization'));
    expect(first).not.toBe(second);
  });

  it('refreshSkewMs: 0 keeps a short-lived token until its exp', async () => {
    service.restart({ tokenTtlMs: 30_000 });
    const client = makeClient({ refreshSkewMs: 0 });
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(service.logins()).toBe(1);
  });

  it('a token without exp is kept until the service answers 401, then replaced once', async () => {
    loginsGiveTokensOfUnknownLifetime((n) => unsignedJwt({ sub: 'company', jti: String(n) }));
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(loginsSent()).toBe(1);
    service.mock.auth.expireTokens();
    await expect(client.withdrawals.listCurrencies()).resolves.toHaveLength(1);
    expect(loginsSent()).toBe(2);
  });

  it('a token that is not a decodable JWT is treated as of unknown lifetime and used', async () => {
    for (const opaque of ['opaque-token', 'a.!!!.c', `a.${btoa('not json')}.c`]) {
      service.restart();
      loginsGiveTokensOfUnknownLifetime(() => opaque);
      const client = makeClient();
      await client.withdrawals.listCurrencies();
      await client.withdrawals.listCurrencies();
      expect(loginsSent()).toBe(1);
      expect(service.wire.at(-1)?.headers.get('authorization')).toBe(`Bearer ${opaque}`);
    }
  });

  it('a 401 to a cached token drops it, logs in again and repeats the call once, which succeeds', async () => {
    const customerId = service.mock.customers.seeded._id;
    const client = makeClient();
    await client.pixKeys.list(customerId);
    service.mock.auth.expireTokens();
    await expect(client.pixKeys.list(customerId)).resolves.toEqual([]);
    expect(service.logins()).toBe(2);
    expect(service.calls()).toEqual([
      `GET /pix/customer/${customerId}/key`,
      `GET /pix/customer/${customerId}/key`,
      `GET /pix/customer/${customerId}/key`,
    ]);
    expect(service.journal().map((entry) => entry.status)).toEqual([200, 200, 401, 200, 200]);
  });

  it('a 401 refresh also repeats an operation that is never retried otherwise (pixKeys.add)', async () => {
    const customerId = service.mock.customers.seeded._id;
    const client = makeClient();
    await client.getToken();
    service.mock.auth.expireTokens();
    const { key } = await client.pixKeys.add(customerId, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    expect(key.key).toBe('ana@example.com');
    expect(service.logins()).toBe(2);
  });

  it('a second 401 after the refresh is an UnauthorizedError', async () => {
    const client = makeClient();
    await client.getToken();
    service.mock.auth.denyAction('listWithdrawalCurrencies');
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, path: '/withdraw/company/currencies' });
    expect(service.logins()).toBe(2);
    expect(service.calls()).toHaveLength(2);
  });

  it('a 401 to a token just obtained for the call is raised at once, without a second login', async () => {
    const client = makeClient();
    service.mock.auth.denyAction('listWithdrawalCurrencies');
    await expect(client.withdrawals.listCurrencies()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(service.logins()).toBe(1);
    expect(service.calls()).toHaveLength(1);
  });

  it('concurrent calls refused with the same stale token share one new login', async () => {
    const client = makeClient();
    await client.getToken();
    service.mock.auth.expireTokens();
    await Promise.all(Array.from({ length: 10 }, () => client.withdrawals.listCurrencies()));
    expect(service.logins()).toBe(2);
  });

  it('login refused (401 from /auth/token) is an UnauthorizedError without the credentials', async () => {
    const client = makeClient({ password: 'wrong-password-123' });
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({
      method: 'POST',
      path: '/auth/token',
      serviceMessage: 'Unauthorized',
    });
    expect(JSON.stringify(error)).not.toContain('wrong-password-123');
    expect(String((error as Error).stack)).not.toContain('wrong-password-123');
    expect(service.logins()).toBe(1);
    expect(service.calls()).toEqual([]);
  });

  it('the login sends the credentials as JSON to POST /auth/token without Authorization', async () => {
    await makeClient().getToken();
    const [login] = service.wire;
    expect(login?.method).toBe('POST');
    expect(login?.pathname).toBe('/v1/auth/token');
    expect(login?.headers.get('authorization')).toBeNull();
    expect(login?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await login!.body)).toEqual({ email: EMAIL, password: PASSWORD });
    expect(service.journal()).toMatchObject([
      { method: 'POST', path: '/auth/token', operation: 'auth.getToken', status: 200 },
    ]);
  });

  it('tokenStore: two clients sharing one store log in once', async () => {
    const tokenStore = new InMemoryTokenStore();
    await makeClient({ tokenStore }).withdrawals.listCurrencies();
    await makeClient({ tokenStore }).deposits.listCurrencies();
    expect(service.logins()).toBe(1);
  });

  it('tokenStore: a custom store receives the token with its exp, and is told to delete that token after a 401', async () => {
    const calls: string[] = [];
    const deleted: Array<string | undefined> = [];
    let saved: CachedToken | undefined;
    const tokenStore: TokenStore = {
      async get() {
        calls.push('get');
        return saved;
      },
      async set(token) {
        calls.push('set');
        saved = token;
      },
      async delete(token) {
        calls.push('delete');
        deleted.push(token);
        saved = undefined;
      },
    };
    const client = makeClient({ tokenStore });
    await client.withdrawals.listCurrencies();
    const refused = saved!.token;
    const exp = JSON.parse(atob(saved!.token.split('.')[1]!)).exp as number;
    expect(saved?.expiresAt).toBe(exp * 1000);
    service.mock.auth.expireTokens();
    await client.withdrawals.listCurrencies();
    expect(calls).toContain('delete');
    expect(deleted).toEqual([refused]);
    expect(service.logins()).toBe(2);
  });

  it('InMemoryTokenStore.delete(token) keeps a newer token another client stored meanwhile', async () => {
    const store = new InMemoryTokenStore();
    await store.set({ token: 'newer' });
    await store.delete('refused-older');
    expect(await store.get()).toEqual({ token: 'newer' });
    await store.delete('newer');
    expect(await store.get()).toBeUndefined();
    await store.set({ token: 'any' });
    await store.delete();
    expect(await store.get()).toBeUndefined();
  });

  it('single flight holds with an external store: 20 concurrent cold calls, one login', async () => {
    let saved: CachedToken | undefined;
    const tokenStore: TokenStore = {
      get: async () => saved,
      set: async (token) => {
        saved = token;
      },
      delete: async () => {
        saved = undefined;
      },
    };
    const client = makeClient({ tokenStore });
    await Promise.all(Array.from({ length: 20 }, () => client.withdrawals.listCurrencies()));
    expect(service.logins()).toBe(1);
  });

  it('tokenStore: a token placed in the store by another process is used without a login', async () => {
    const token = await service.mock.auth.issueToken();
    const tokenStore = new InMemoryTokenStore();
    const account = await tokenAccount(BASE_URL, EMAIL);
    await tokenStore.set({ token, account }, account);
    await makeClient({ tokenStore }).withdrawals.listCurrencies();
    expect(service.logins()).toBe(0);
    expect(service.wire[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(service.journal()).toMatchObject([
      { path: '/withdraw/company/currencies', status: 200 },
    ]);
  });

  it('tokenStore: a failing store surfaces as a PaymentError with the cause', async () => {
    const failure = new Error('redis is down');
    const tokenStore: TokenStore = {
      get: () => Promise.reject(failure),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
    };
    const error = await rejectionOf(makeClient({ tokenStore }).withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'PaymentError', cause: failure });
  });

  it('getToken: an abort while waiting for the shared login rejects that caller only', async () => {
    const client = makeClient({ fetch: service.fetch });
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const waiting = client.getToken({ signal: controller.signal });
    const other = client.getToken();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    const token = await other;
    expect(token).toBe(service.issuedTokens[0]);
    expect(service.logins()).toBe(1);
  });
});
