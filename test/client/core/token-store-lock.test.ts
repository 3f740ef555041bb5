import {
  type CachedToken,
  InMemoryTokenStore,
  type PaymentClient,
  type TokenStore,
  tokenAccount,
} from 'pix-payment-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, EMAIL, useMockService } from '../../support/client-mock-service.js';
import { makeClient } from '../../support/client-setup.js';

const service = useMockService();

afterEach(() => {
  vi.useRealTimers();
});

/** A store that counts what the clients ask of it, around an `InMemoryTokenStore`. */
function countingStore() {
  const inner = new InMemoryTokenStore();
  const counts = { get: 0, set: 0, delete: 0, lock: 0, waits: 0, release: 0 };
  const store: TokenStore = {
    get: () => {
      counts.get++;
      return inner.get();
    },
    set: (token: CachedToken) => {
      counts.set++;
      return inner.set(token);
    },
    delete: (token?: string) => {
      counts.delete++;
      return inner.delete(token);
    },
  };
  return { store, counts, inner };
}

/**
 * A store shared by several clients (standing in for processes) with a login lock: the first
 * caller holds it, the others wait until it is released and are then told to read again.
 */
function lockingStore() {
  const { store, counts, inner } = countingStore();
  let held: Promise<void> | undefined;
  const locking: TokenStore = {
    ...store,
    async lock() {
      counts.lock++;
      if (held) {
        counts.waits++;
        await held;
        return undefined;
      }
      let free!: () => void;
      held = new Promise((resolve) => {
        free = resolve;
      });
      return {
        async release() {
          counts.release++;
          held = undefined;
          free();
        },
      };
    },
  };
  return { store: locking, counts, inner };
}

const listAll = (clients: PaymentClient[]) =>
  Promise.all(clients.map((client) => client.withdrawals.listCurrencies()));

describe('the local copy of the token', () => {
  it('a client holding a usable token sends its calls without reading the store', async () => {
    const { store, counts } = countingStore();
    const client = makeClient({ tokenStore: store });
    for (let i = 0; i < 10; i++) await client.withdrawals.listCurrencies();
    expect(counts).toMatchObject({ get: 1, set: 1 });
    expect(service.logins()).toBe(1);
  });

  it('within refreshSkewMs of its exp the store is read again, and a newer token found there is used without a login', async () => {
    service.restart({ tokenTtlMs: 120_000 });
    const { store, counts, inner } = countingStore();
    const client = makeClient({ tokenStore: store, refreshSkewMs: 60_000 });
    await client.withdrawals.listCurrencies();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    // Another process logged in meanwhile and stored its token.
    const newer = await service.mock.auth.issueToken();
    const account = await tokenAccount(BASE_URL, EMAIL);
    await inner.set({ token: newer, expiresAt: Date.now() + 120_000, account });
    await client.withdrawals.listCurrencies();
    expect(counts.get).toBe(2);
    expect(service.logins()).toBe(1);
    expect(service.wire.at(-1)?.headers.get('authorization')).toBe(`Bearer ${newer}`);
  });

  it('after the service refuses the token the store is read again, and a token another client stored there is used without a login', async () => {
    const { store, counts } = countingStore();
    const first = makeClient({ tokenStore: store });
    const second = makeClient({ tokenStore: store });
    await first.withdrawals.listCurrencies();
    await second.withdrawals.listCurrencies();
    expect(service.logins()).toBe(1);
    service.mock.auth.expireTokens();
    await first.withdrawals.listCurrencies(); // refused, deleted, replaced by a new login
    await second.withdrawals.listCurrencies(); // refused, then finds the first one's new token
    expect(service.logins()).toBe(2);
    expect(counts.delete).toBe(1);
    expect(service.journal().map((entry) => entry.status)).toEqual([
      200, 200, 200, 401, 200, 200, 401, 200,
    ]);
  });
});

describe('TokenStore.lock: one login among the clients sharing a store', () => {
  it('five clients that start cold at once: one logs in, four wait and use its token', async () => {
    const { store, counts } = lockingStore();
    const clients = Array.from({ length: 5 }, () => makeClient({ tokenStore: store }));
    const results = await listAll(clients);
    expect(results.every((currencies) => currencies.length > 0)).toBe(true);
    expect(service.logins()).toBe(1);
    expect(counts).toMatchObject({ set: 1, release: 1, waits: 4 });
  });

  it('clients refused the same token: it is deleted once, one client logs in, the others use its token', async () => {
    const { store, counts } = lockingStore();
    const clients = Array.from({ length: 4 }, () => makeClient({ tokenStore: store }));
    await listAll(clients);
    service.mock.auth.expireTokens();
    await listAll(clients);
    expect(service.logins()).toBe(2);
    expect(counts.set).toBe(2);
    expect(service.journal().filter((entry) => entry.status === 401)).toHaveLength(4);
  });

  it('a holder whose login fails releases the lock; a waiter then logs in itself', async () => {
    const { store, counts } = lockingStore();
    // The failing login is slow, so the other client surely comes to the lock while it is held.
    service.mock.faults.inject({ path: '/auth/token', status: 503, times: 1, delayMs: 1_000 });
    // No retries: the holder's failed login is its call's end, the waiter's turn comes after it.
    const results = await Promise.allSettled(
      [makeClient({ tokenStore: store }), makeClient({ tokenStore: store })].map((client) =>
        client.withdrawals.listCurrencies({ maxRetries: 0 }),
      ),
    );
    // Which of the two takes the lock first is up to the scheduler; one fails, the other goes on.
    const failed = results.find((result) => result.status === 'rejected');
    const succeeded = results.find((result) => result.status === 'fulfilled');
    expect(failed).toMatchObject({
      status: 'rejected',
      reason: { name: 'PaymentLoginError', cause: { status: 503 } },
    });
    expect(succeeded).toMatchObject({ status: 'fulfilled' });
    expect(service.logins()).toBe(2);
    expect(counts).toMatchObject({ waits: 1, release: 2, set: 1 });
  });

  it('a store whose lock never comes free: after three waits the client logs in without it', async () => {
    const { store, counts } = countingStore();
    let asked = 0;
    const stuck: TokenStore = {
      ...store,
      lock: async () => {
        asked++;
        return undefined;
      },
    };
    await makeClient({ tokenStore: stuck }).withdrawals.listCurrencies();
    expect(asked).toBe(3);
    expect(counts.get).toBe(4);
    expect(service.logins()).toBe(1);
  });

  it('a lock holder that finds a token stored just before its lock uses it without a login', async () => {
    const { store, inner } = countingStore();
    const token = await service.mock.auth.issueToken();
    const account = await tokenAccount(BASE_URL, EMAIL);
    const late: TokenStore = {
      ...store,
      // Another process stores its token between this client's read and its lock.
      lock: async () => {
        await inner.set({ token, account });
        return { release: async () => undefined };
      },
    };
    await makeClient({ tokenStore: late }).withdrawals.listCurrencies();
    expect(service.logins()).toBe(0);
    expect(service.wire.at(-1)?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('a release that fails does not fail the call: the token is stored and used', async () => {
    const { store, inner } = countingStore();
    const failing: TokenStore = {
      ...store,
      lock: async () => ({
        release: () => Promise.reject(new Error('connection reset')),
      }),
    };
    await expect(
      makeClient({ tokenStore: failing }).withdrawals.listCurrencies(),
    ).resolves.not.toHaveLength(0);
    expect((await inner.get())?.token).toEqual(expect.any(String));
  });

  it('a lock that fails fails the call with a PaymentError naming it, as other store methods do', async () => {
    const failure = new Error('lock service down');
    const { store } = countingStore();
    const broken: TokenStore = { ...store, lock: () => Promise.reject(failure) };
    await expect(
      makeClient({ tokenStore: broken }).withdrawals.listCurrencies(),
    ).rejects.toMatchObject({
      name: 'PaymentError',
      message: expect.stringMatching(/^tokenStore\.lock\(\) failed: check the store/),
    });
    expect(service.logins()).toBe(0);
  });
});
