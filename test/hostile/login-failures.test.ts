// A login is shared by every call waiting for a token. One failed login (a 500, a reset, a 429)
// must not fail the herd: each waiting call retries it under its own budget, one login in flight
// at a time, and a call that still fails says that nothing of it reached the service. A wrong
// password is not retried.
import {
  buildWithdrawal,
  type Currency,
  InternalServerError,
  isPaymentLoginError,
  PaymentClient,
  type PaymentClientOptions,
  PaymentConnectionError,
  PaymentLoginError,
  PaymentTimeoutError,
  type PixKey,
  selectCurrency,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';

let running: RunningMockServer;
let customerId: string;
let currency: Currency;
let pixKey: PixKey;
let mark = 0;

beforeAll(async () => {
  running = await startMockServer({ port: 0 });
});
afterAll(() => running.close());

beforeEach(async () => {
  running.mock.reset();
  const setup = client({ maxRetries: 0 });
  customerId = running.mock.customers.seeded._id;
  pixKey = await setup.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'payee@example.com' });
  currency = selectCurrency(await setup.withdrawals.listCurrencies(), 'BRL');
  mark = running.mock.requests.length;
});

function client(options: Partial<PaymentClientOptions> = {}): PaymentClient {
  return new PaymentClient({
    baseUrl: running.url,
    ...running.mock.credentials,
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 5 },
    timeoutMs: 5_000,
    ...options,
  });
}

/** The test's own requests, as `METHOD path status`. */
const journal = () =>
  running.mock.requests.slice(mark).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
const logins = () => journal().filter((line) => line.startsWith('POST /auth/token'));

const loginAlwaysResets = () =>
  running.mock.faults.inject({
    method: 'POST',
    path: '/auth/token',
    networkError: true,
    times: Number.POSITIVE_INFINITY,
  });

const payout = (externalId: string) =>
  buildWithdrawal({ amount: '1.00', customerId, currency, pixKey, externalId });

describe('a transient login failure is retried, per waiting call', () => {
  it('the first login answers 500: 50 concurrent withdrawals all succeed, one payout each, one login in flight at a time', async () => {
    running.mock.faults.inject({ method: 'POST', path: '/auth/token', status: 500, times: 1 });
    const cold = client();
    const ids = Array.from({ length: 50 }, (_, index) => `herd-${index}`);
    const results = await Promise.all(ids.map((id) => cold.withdrawals.create(payout(id))));
    expect(results.map((result) => result.externalId)).toEqual(ids);
    const created = running.mock.withdrawals.list();
    expect(created.map((withdrawal) => withdrawal.externalId).sort()).toEqual([...ids].sort());
    expect(new Set(results.map((result) => result._id)).size).toBe(50);
    // The failed login, then one shared by every call that retried.
    expect(logins()).toEqual(['POST /auth/token 500', 'POST /auth/token 200']);
  });

  it.each([
    ['a reset', { networkError: true }],
    ['a 503', { status: 503 }],
    ['a 429 with Retry-After: 0', { status: 429, headers: { 'retry-after': '0' } }],
  ])(
    '%s on the login is retried, also for pixKeys.add, which is never resent once sent',
    async (_, fault) => {
      running.mock.faults.inject({ method: 'POST', path: '/auth/token', times: 1, ...fault });
      const added = await client().pixKeys.add(customerId, {
        type: 'EMAIL',
        key: 'new@example.com',
      });
      expect(added.key.key).toBe('new@example.com');
      expect(logins()).toHaveLength(2);
      expect(journal().filter((line) => line.startsWith('POST /pix/'))).toHaveLength(1);
    },
  );

  it('each waiting call keeps its own budget: a call allowed no retry fails, its neighbour allowed two succeeds', async () => {
    running.mock.faults.inject({ method: 'POST', path: '/auth/token', status: 500, times: 1 });
    const cold = client({ maxRetries: 2 });
    const [strict, patient] = await Promise.allSettled([
      cold.withdrawals.create(payout('strict'), { maxRetries: 0 }),
      cold.withdrawals.create(payout('patient')),
    ]);
    expect(strict.status).toBe('rejected');
    expect(isPaymentLoginError((strict as PromiseRejectedResult).reason)).toBe(true);
    expect(patient).toMatchObject({ status: 'fulfilled', value: { externalId: 'patient' } });
    expect(running.mock.withdrawals.list().map((withdrawal) => withdrawal.externalId)).toEqual([
      'patient',
    ]);
  });

  it('a login that always resets: one call makes 1 + maxRetries logins and sends nothing else', async () => {
    loginAlwaysResets();
    await rejectionOf(client({ maxRetries: 2 }).withdrawals.create(payout('lonely')));
    expect(journal()).toEqual(Array(3).fill('POST /auth/token 0'));
  });
});

describe('an error raised before the service saw the call says so', () => {
  it('a login that always resets: every create fails with a PaymentLoginError, never an error that means "maybe processed"', async () => {
    loginAlwaysResets();
    const cold = client({ maxRetries: 1 });
    const errors = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        rejectionOf(cold.withdrawals.create(payout(`unsent-${index}`))),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(PaymentLoginError);
      expect(error).not.toBeInstanceOf(PaymentConnectionError);
      expect(error).not.toBeInstanceOf(InternalServerError);
      expect(error).not.toBeInstanceOf(PaymentTimeoutError);
      expect(error).toMatchObject({ method: 'POST', path: '/withdraw' });
      expect((error as Error).message).toMatch(/not sent/);
      // What went wrong with the login stays readable.
      expect((error as Error).cause).toBeInstanceOf(PaymentConnectionError);
      expect((error as Error).cause).toMatchObject({ method: 'POST', path: '/auth/token' });
    }
    expect(journal().every((line) => line.startsWith('POST /auth/token'))).toBe(true);
    expect(running.mock.withdrawals.list()).toEqual([]);
  });

  it('a wrong password: exactly one login attempt, an UnauthorizedError for every waiting call', async () => {
    const wrong = client({ password: 'not-the-password', maxRetries: 2 });
    const errors = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        rejectionOf(wrong.withdrawals.create(payout(`denied-${index}`))),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error).toMatchObject({ status: 401, path: '/auth/token' });
    }
    expect(journal()).toEqual(['POST /auth/token 401']);
  });
});
