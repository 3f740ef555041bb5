import { HttpResponse, http } from 'msw';
import {
  type CachedToken,
  InMemoryTokenStore,
  type TokenStore,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, jwt, url, useFakeService } from '../support/client-fake-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const { fake, server } = useFakeService();

describe('tokens', () => {
  it('getToken: logs in lazily, only when first needed, and returns the issued token', async () => {
    const client = makeClient();
    expect(fake.logins).toBe(0);
    const token = await client.getToken();
    expect(fake.logins).toBe(1);
    expect(token).toBe(fake.issuedTokens[0]);
  });

  it('single flight: 50 concurrent calls on a cold client share exactly one login', async () => {
    const client = makeClient();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.withdrawals.listCurrencies()),
    );
    expect(results).toHaveLength(50);
    expect(fake.logins).toBe(1);
    expect(fake.calls()).toHaveLength(50);
  });

  it('a cached token is reused while its exp is beyond refreshSkewMs', async () => {
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.deposits.listCurrencies();
    expect(fake.logins).toBe(1);
  });

  it('a token whose exp falls within refreshSkewMs is replaced by a new login before the next call', async () => {
    fake.options.tokenLifetimeSeconds = 30; // inside the default 60 s skew
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(fake.logins).toBe(2);
    const [first, second] = fake.requests
      .filter((request) => request.pathname.endsWith('/currencies'))
      .map((request) => request.headers.get('authorization'));
    expect(first).not.toBe(second);
  });

  it('refreshSkewMs: 0 keeps a short-lived token until its exp', async () => {
    fake.options.tokenLifetimeSeconds = 30;
    const client = makeClient({ refreshSkewMs: 0 });
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(fake.logins).toBe(1);
  });

  it('a token without exp is kept until the service answers 401, then replaced once', async () => {
    fake.options.tokenLifetimeSeconds = undefined;
    const client = makeClient();
    await client.withdrawals.listCurrencies();
    await client.withdrawals.listCurrencies();
    expect(fake.logins).toBe(1);
    fake.revokeTokens();
    await expect(client.withdrawals.listCurrencies()).resolves.toHaveLength(1);
    expect(fake.logins).toBe(2);
  });

  it('a token that is not a decodable JWT is treated as of unknown lifetime and used', async () => {
    for (const opaque of ['opaque-token', 'a.!!!.c', `a.${btoa('not json')}.c`]) {
      fake.reset();
      fake.validTokens.add(opaque);
      server.use(http.post(url('/auth/token'), () => HttpResponse.json({ token: opaque })));
      const client = makeClient();
      await client.withdrawals.listCurrencies();
      await client.withdrawals.listCurrencies();
      expect(fake.logins).toBe(1);
      expect(fake.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${opaque}`);
    }
  });

  it('a 401 to a cached token drops it, logs in again and repeats the call once, which succeeds', async () => {
    const client = makeClient();
    await client.pixKeys.list(CUSTOMER_ID);
    fake.revokeTokens();
    await expect(client.pixKeys.list(CUSTOMER_ID)).resolves.toEqual([]);
    expect(fake.logins).toBe(2);
    expect(fake.calls()).toEqual([
      'GET /v1/pix/customer/65f1c0ffee0000000000c001/key',
      'GET /v1/pix/customer/65f1c0ffee0000000000c001/key',
      'GET /v1/pix/customer/65f1c0ffee0000000000c001/key',
    ]);
  });

  it('a 401 refresh also repeats an operation that is never retried otherwise (pixKeys.add)', async () => {
    const client = makeClient();
    await client.getToken();
    fake.revokeTokens();
    const { key } = await client.pixKeys.add(CUSTOMER_ID, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    expect(key.key).toBe('ana@example.com');
    expect(fake.logins).toBe(2);
  });

  it('a second 401 after the refresh is an UnauthorizedError', async () => {
    const client = makeClient();
    await client.getToken();
    server.use(
      http.get(url('/withdraw/company/currencies'), () =>
        HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, path: '/withdraw/company/currencies' });
    expect(fake.logins).toBe(2);
    expect(fake.calls()).toHaveLength(2);
  });

  it('a 401 to a token just obtained for the call is raised at once, without a second login', async () => {
    const client = makeClient();
    server.use(
      http.get(url('/withdraw/company/currencies'), () =>
        HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    await expect(client.withdrawals.listCurrencies()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(fake.logins).toBe(1);
    expect(fake.calls()).toHaveLength(1);
  });

  it('concurrent calls refused with the same stale token share one new login', async () => {
    const client = makeClient();
    await client.getToken();
    fake.revokeTokens();
    await Promise.all(Array.from({ length: 10 }, () => client.withdrawals.listCurrencies()));
    expect(fake.logins).toBe(2);
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
    expect(fake.logins).toBe(1);
    expect(fake.calls()).toEqual([]);
  });

  it('the login sends the credentials as JSON to POST /auth/token without Authorization', async () => {
    await makeClient().getToken();
    const [login] = fake.requests;
    expect(login?.method).toBe('POST');
    expect(login?.headers.get('authorization')).toBeNull();
    expect(login?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await login!.body)).toEqual({
      email: 'finance@merchant.example',
      password: 'pa55-Word-never-shown',
    });
  });

  it('tokenStore: two clients sharing one store log in once', async () => {
    const tokenStore = new InMemoryTokenStore();
    await makeClient({ tokenStore }).withdrawals.listCurrencies();
    await makeClient({ tokenStore }).deposits.listCurrencies();
    expect(fake.logins).toBe(1);
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
    fake.revokeTokens();
    await client.withdrawals.listCurrencies();
    expect(calls).toContain('delete');
    expect(deleted).toEqual([refused]);
    expect(fake.logins).toBe(2);
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
    expect(fake.logins).toBe(1);
  });

  it('tokenStore: a token placed in the store by another process is used without a login', async () => {
    const token = jwt({ exp: Math.floor(Date.now() / 1000) + 3600 });
    fake.validTokens.add(token);
    const tokenStore = new InMemoryTokenStore();
    await tokenStore.set({ token });
    await makeClient({ tokenStore }).withdrawals.listCurrencies();
    expect(fake.logins).toBe(0);
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
    const client = makeClient();
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const waiting = client.getToken({ signal: controller.signal });
    const other = client.getToken();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    const token = await other;
    expect(token).toBe(fake.issuedTokens[0]);
    expect(fake.logins).toBe(1);
  });
});
