import { isPaymentError, PaymentClient } from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MockHarness, mockTransports } from '../support/mock-transports.js';

// 1,000 concurrent calls share one login: on a cold client, and across a token expiry, whether the
// client sees the expiry coming (its clock passes the JWT's `exp`), or only learns of it from the
// service's 401 (the service's clock passed it, or the service revoked the token). Every call
// succeeds, and exactly one `POST /auth/token` is journaled by the mock. Run over mock.fetch and
// real HTTP (MSW takes ten times as long for 1,000 requests and adds nothing to what is checked).

const CONCURRENT = 1_000;
const FIFTEEN_DAYS_MS = 15 * 24 * 60 * 60 * 1000;

describe.each(mockTransports().filter((t) => t.name !== 'msw'))(
  'token refresh under load over $name',
  { timeout: 60_000 },
  (transport) => {
    let harness: MockHarness;

    beforeAll(async () => {
      await transport.setup();
      // No seed: the mock clock follows the real (possibly faked) Date, like the client's.
      harness = await transport.create();
    });

    afterEach(() => {
      vi.useRealTimers();
      harness.mock.reset();
    });

    afterAll(async () => {
      await harness.close();
      await transport.teardown();
    });

    function client() {
      return new PaymentClient({
        baseUrl: harness.baseUrl,
        ...harness.mock.credentials,
        fetch: harness.fetch,
        timeoutMs: 30_000,
        maxRetries: 0,
      });
    }

    const logins = () =>
      harness.mock.requests.filter((r) => r.method === 'POST' && r.path === '/auth/token').length;
    const refusals = () => harness.mock.requests.filter((r) => r.status === 401).length;

    async function burst(target: PaymentClient) {
      const results = await Promise.allSettled(
        Array.from({ length: CONCURRENT }, () => target.withdrawals.listCurrencies()),
      );
      const rejected = results.filter((r) => r.status === 'rejected');
      // Name the first failure, if any, rather than only counting them.
      expect(rejected.slice(0, 1).map((r) => (r as PromiseRejectedResult).reason)).toEqual([]);
      for (const result of results) {
        expect(result.status === 'fulfilled' && result.value.length > 0).toBe(true);
      }
    }

    async function warm() {
      const warmed = client();
      await warmed.withdrawals.listCurrencies();
      expect(logins()).toBe(1);
      return warmed;
    }

    it('a cold client makes exactly one login for 1,000 concurrent calls, and every call succeeds', async () => {
      await burst(client());
      expect(logins()).toBe(1);
      expect(refusals()).toBe(0);
    });

    it('when both clocks pass the expiry, 1,000 concurrent calls share one proactive login, no 401', async () => {
      const warmed = await warm();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + FIFTEEN_DAYS_MS + 1_000);
      await burst(warmed);
      expect(logins()).toBe(2);
      expect(refusals()).toBe(0);
    });

    it('when only the service clock passes the expiry, the 401s of 1,000 concurrent calls share one new login', async () => {
      const warmed = await warm();
      harness.mock.clock.advance(FIFTEEN_DAYS_MS + 1_000);
      await burst(warmed);
      expect(logins()).toBe(2);
      expect(refusals()).toBeGreaterThan(0);
      expect(harness.mock.requests.filter((r) => r.status === 401)[0]?.authFailure).toBe(
        'token expired',
      );
    });

    it('when the service revokes every token, the 401s of 1,000 concurrent calls share one new login', async () => {
      const warmed = await warm();
      harness.mock.auth.expireTokens();
      await burst(warmed);
      expect(logins()).toBe(2);
      expect(harness.mock.requests.filter((r) => r.status === 401)[0]?.authFailure).toBe(
        'token revoked',
      );
    });

    it('a failed login is shared too: 1,000 concurrent calls make one attempt, all fail typed, the next call logs in', async () => {
      harness.mock.faults.inject({ path: '/auth/token', status: 503 });
      const cold = client();
      const results = await Promise.allSettled(
        Array.from({ length: CONCURRENT }, () => cold.withdrawals.listCurrencies()),
      );
      expect(logins()).toBe(1);
      for (const result of results) {
        expect(result.status === 'rejected' && isPaymentError(result.reason)).toBe(true);
      }
      await burst(cold);
      expect(logins()).toBe(2);
    });
  },
);
