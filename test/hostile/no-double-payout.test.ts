import fc from 'fast-check';
import {
  buildWithdrawal,
  ConflictError,
  type Currency,
  InternalServerError,
  isPaymentError,
  PaymentClient,
  PaymentConnectionError,
  PaymentTimeoutError,
  type PixKey,
  selectCurrency,
  type WithdrawalRequest,
} from 'pix-payment-sdk';
import type { FaultSpec } from 'pix-payment-sdk/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockHarness, mockTransports } from '../support/mock-transports.js';

// `withdrawals.create` is retried (connection errors, timeouts, 429, 5xx) because it always sends
// an externalId and the service answers a repeated externalId with the first withdrawal. Whatever
// goes wrong between the client and the mock, a call must end with at most one withdrawal for its
// externalId, exactly one when it succeeds (the one it returns), and it must succeed or throw a
// typed PaymentError. A merchant who retries a failed call with the same externalId ends with
// exactly one.
//
// The mock's faults come in two phases. `phase: 'before'` (the default) strikes at the edge: the
// request changes nothing. `phase: 'after'` lets the request be processed (the withdrawal is
// created) and then loses, replaces or delays the answer: the dangerous "the service did it but
// the answer was lost" case. A `before` fault with `delayMs` only holds the request at the edge:
// if the client gives up during the delay (it aborts, or hangs up over HTTP), the request never
// reaches the service and is not processed; otherwise it is processed after the delay.

const TIMEOUT_MS = 150;
const LONG_DELAY_MS = 400;

const transports = mockTransports();

describe.each(transports)('withdrawals.create never pays twice over $name', (transport) => {
  let harness: MockHarness;
  let currency: Currency;
  let pixKey: PixKey;
  let customerId: string;
  let sequence = 0;
  const delayedFaults: Array<{ id: string; hits: number }> = [];

  beforeAll(async () => {
    await transport.setup();
    harness = await transport.create({ seed: 11 });
  });

  afterAll(async () => {
    await harness.close();
    await transport.teardown();
  });

  beforeEach(async () => {
    harness.mock.reset();
    delayedFaults.length = 0;
    const setup = client({ maxRetries: 0, timeoutMs: 5_000 });
    customerId = harness.mock.customers.seeded._id;
    pixKey = await setup.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'payee@example.com' });
    currency = selectCurrency(await setup.withdrawals.listCurrencies(), 'BRL');
  });

  afterEach(async () => {
    // A request held back by a `before` delay is processed later: let it end before the next test
    // resets the mock, so it cannot create a withdrawal in another test's state.
    await settled();
  });

  function client(options: { maxRetries?: number; timeoutMs?: number } = {}) {
    return new PaymentClient({
      baseUrl: harness.baseUrl,
      ...harness.mock.credentials,
      fetch: harness.fetch,
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      maxRetries: options.maxRetries ?? 3,
      retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    });
  }

  function request(externalId = `order-${transport.name}-${++sequence}`): WithdrawalRequest {
    return buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId });
  }

  function inject(spec: Omit<FaultSpec, 'method' | 'path'>) {
    const handle = harness.mock.faults.inject({ method: 'POST', path: '/withdraw', ...spec });
    const phase = spec.phase ?? 'before';
    if (phase === 'before' && spec.delayMs !== undefined && spec.status === undefined) {
      if (!spec.networkError && !spec.malformedBody) delayedFaults.push(handle);
    }
    return handle;
  }

  /** Resolves once every request held back by a `before` delay has been processed or dropped. */
  async function settled(): Promise<void> {
    const ids = new Set(delayedFaults.filter((fault) => fault.hits > 0).map((fault) => fault.id));
    if (ids.size === 0) return;
    await vi.waitFor(
      () => {
        const pending = harness.mock.requests.filter(
          (entry) =>
            entry.fault !== undefined &&
            ids.has(entry.fault) &&
            entry.status === 0 &&
            entry.detail === undefined,
        );
        expect(pending).toEqual([]);
      },
      { timeout: 5_000, interval: 20 },
    );
  }

  function withdrawalsOf(externalId: string) {
    return harness.mock.withdrawals.list().filter((w) => w.externalId === externalId);
  }

  async function outcome<T>(
    promise: Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
    try {
      return { ok: true, value: await promise };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** The call succeeded and exactly one withdrawal, the one it returned, carries its externalId. */
  async function expectExactlyOnePaid(body: WithdrawalRequest, retryingClient = client()) {
    const result = await retryingClient.withdrawals.create(body);
    await settled();
    expect(result.externalId).toBe(body.externalId);
    const stored = withdrawalsOf(body.externalId ?? '');
    expect(stored).toHaveLength(1);
    expect(stored[0]?._id).toBe(result._id);
    expect(harness.mock.withdrawals.list()).toHaveLength(1);
    return result;
  }

  it('a 5xx at the edge is retried with the same externalId: one withdrawal', async () => {
    inject({ status: 503, times: 2 });
    const sentIds: unknown[] = [];
    const recording = new PaymentClient({
      baseUrl: harness.baseUrl,
      ...harness.mock.credentials,
      retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
      fetch: async (input, init) => {
        if (input instanceof Request && input.url.endsWith('/withdraw')) {
          sentIds.push(
            (JSON.parse(await input.clone().text()) as { externalId?: unknown }).externalId,
          );
        }
        return harness.fetch(input, init);
      },
    });
    const body = request();
    await expectExactlyOnePaid(body, recording);
    expect(sentIds).toEqual([body.externalId, body.externalId, body.externalId]);
  });

  it('a connection reset before processing is retried: one withdrawal', async () => {
    inject({ networkError: true, times: 2 });
    await expectExactlyOnePaid(request());
  });

  it('a request held at the edge past the timeout is never processed; the retry pays once', async () => {
    inject({ delayMs: LONG_DELAY_MS });
    await expectExactlyOnePaid(request());
    const attempts = harness.mock.requests.filter((r) => r.path === '/withdraw');
    // The held attempt was dropped when the client gave up; only the retry reached the service.
    expect(attempts[0]?.status).toBe(0);
    expect(attempts[0]?.detail).toMatch(/not processed/);
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('a connection reset after the service processed it (answer lost) is not paid twice', async () => {
    inject({ networkError: true, phase: 'after' });
    const result = await expectExactlyOnePaid(request());
    const [first, second] = harness.mock.requests.filter((r) => r.path === '/withdraw');
    expect(first?.status).toBe(0);
    expect(first?.detail).toMatch(/^processed \(201\)/);
    expect(second?.status).toBe(201);
    expect(harness.mock.withdrawals.get(result._id)?.externalId).toBe(result.externalId);
  });

  it('a 500 answered after the service processed it is not paid twice', async () => {
    inject({ status: 500, phase: 'after', times: 2 });
    await expectExactlyOnePaid(request());
  });

  it('an answer delayed past the timeout after processing (answer lost) is not paid twice', async () => {
    inject({ delayMs: LONG_DELAY_MS, phase: 'after' });
    await expectExactlyOnePaid(request());
  });

  it('a malformed 200 after processing is a typed error; retrying the same externalId pays once', async () => {
    inject({ malformedBody: true, phase: 'after' });
    const body = request();
    // A generous timeout: on a busy machine the malformed answer can take longer than 150 ms, and
    // a timed-out attempt is retried with the same externalId, which then succeeds.
    const first = await outcome(client({ timeoutMs: 5_000 }).withdrawals.create(body));
    expect(first.ok).toBe(false);
    expect(isPaymentError(first.ok ? undefined : first.error)).toBe(true);
    expect(withdrawalsOf(body.externalId ?? '')).toHaveLength(1);
    await expectExactlyOnePaid(body);
  });

  it('when every attempt loses its answer, the call throws a typed error and a retry by the merchant pays once', async () => {
    const body = request();
    inject({ networkError: true, phase: 'after', times: 3 });
    const reset = await outcome(client({ maxRetries: 2 }).withdrawals.create(body));
    expect(reset.ok ? undefined : reset.error).toBeInstanceOf(PaymentConnectionError);
    expect(withdrawalsOf(body.externalId ?? '')).toHaveLength(1);

    inject({ status: 502, phase: 'after', times: 2 });
    const gateway = await outcome(client({ maxRetries: 1 }).withdrawals.create(body));
    expect(gateway.ok ? undefined : gateway.error).toBeInstanceOf(InternalServerError);

    inject({ delayMs: LONG_DELAY_MS, phase: 'after', times: 1 });
    const timeout = await outcome(client({ maxRetries: 0 }).withdrawals.create(body));
    expect(timeout.ok ? undefined : timeout.error).toBeInstanceOf(PaymentTimeoutError);

    expect(withdrawalsOf(body.externalId ?? '')).toHaveLength(1);
    await expectExactlyOnePaid(body);
  });

  it('when every attempt fails at the edge, nothing is paid and a retry by the merchant pays once', async () => {
    const body = request();
    inject({ status: 500, times: 3 });
    const failed = await outcome(client({ maxRetries: 2 }).withdrawals.create(body));
    expect(failed.ok ? undefined : failed.error).toBeInstanceOf(InternalServerError);
    expect(withdrawalsOf(body.externalId ?? '')).toHaveLength(0);
    await expectExactlyOnePaid(body);
  });

  it('an externalId reused for another amount is a ConflictError naming amount; the first payout stands alone', async () => {
    const body = request();
    const first = await client().withdrawals.create(body);
    const error = await outcome(client().withdrawals.create({ ...body, amount: 500 }));
    expect(error.ok ? undefined : error.error).toBeInstanceOf(ConflictError);
    expect((error.ok ? undefined : (error.error as Error))?.message).toContain(
      `another amount than the withdrawal ${first._id}`,
    );
    expect(withdrawalsOf(body.externalId ?? '')).toEqual([
      expect.objectContaining({ _id: first._id, amount: 10.5 }),
    ]);
  });

  it('property: any sequence of faults ends in at most one withdrawal per call, exactly one once it succeeds', async () => {
    const fault = fc.oneof(
      fc.record({ status: fc.constantFrom(500, 502, 503, 504, 429) }),
      fc.constant({ networkError: true }),
      fc.constant({ malformedBody: true }),
      fc.constant({ delayMs: TIMEOUT_MS + 60 }),
      fc.record({ status: fc.constantFrom(500, 503), phase: fc.constant('after' as const) }),
      fc.constant({ networkError: true, phase: 'after' as const }),
      fc.constant({ delayMs: TIMEOUT_MS + 60, phase: 'after' as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fault, { maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        async (faults, maxRetries) => {
          harness.mock.faults.clear();
          const before = harness.mock.withdrawals.list().length;
          for (const spec of faults) inject(spec);
          const body = request();
          const first = await outcome(client({ maxRetries }).withdrawals.create(body));
          await settled();
          const stored = withdrawalsOf(body.externalId ?? '');
          if (first.ok) {
            expect(stored.map((w) => w._id)).toEqual([first.value._id]);
          } else {
            expect(isPaymentError(first.error)).toBe(true);
            expect(stored.length).toBeLessThanOrEqual(1);
          }
          // The merchant retries what failed, with the same externalId, once the trouble is over.
          harness.mock.faults.clear();
          const again = await client().withdrawals.create(body);
          await settled();
          expect(withdrawalsOf(body.externalId ?? '').map((w) => w._id)).toEqual([again._id]);
          expect(harness.mock.withdrawals.list().length).toBe(before + 1);
        },
      ),
      { seed: 42, numRuns: 15 },
    );
  }, 60_000);
});

describe('a fault after processing, injected through the control route', () => {
  it('POST /__mock/faults with phase "after" creates the withdrawal and drops the answer', async () => {
    const { startMockServer } = await import('pix-payment-sdk/mock');
    const running = await startMockServer({ port: 0, seed: 3 });
    try {
      const client = new PaymentClient({
        baseUrl: running.url,
        ...running.mock.credentials,
        maxRetries: 0,
      });
      const customerId = running.mock.customers.seeded._id;
      const pixKey = await client.pixKeys.ensure(customerId, {
        type: 'EMAIL',
        key: 'a@example.com',
      });
      const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
      const injected = await fetch(`${running.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          method: 'POST',
          path: '/withdraw',
          networkError: true,
          phase: 'after',
        }),
      });
      expect(injected.status).toBe(201);
      const body = buildWithdrawal({
        amount: 5,
        customerId,
        currency,
        pixKey,
        externalId: 'ctl-1',
      });
      await expect(client.withdrawals.create(body)).rejects.toBeInstanceOf(PaymentConnectionError);
      expect(running.mock.withdrawals.list().map((w) => w.externalId)).toEqual(['ctl-1']);
      const refused = await fetch(`${running.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/withdraw', phase: 'later' }),
      });
      expect(refused.status).toBe(400);
    } finally {
      await running.close();
    }
  });
});
