import {
  buildDeposit,
  buildWithdrawal,
  InternalServerError,
  type PaymentClient,
  PaymentConnectionError,
  PaymentLoginError,
  PaymentTimeoutError,
  RateLimitError,
} from 'pix-payment-sdk';
import type { FaultSpec } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Fixtures, useMockService } from '../../support/client-mock-service.js';
import {
  loggedInClient,
  makeClient,
  recordingLogger,
  rejectionOf,
} from '../../support/client-setup.js';

const service = useMockService();

// A customer with a registered key, a withdrawal and a deposit, so that every operation below
// succeeds on the mock when no fault is in the way.
let f: Fixtures;
beforeEach(async () => {
  f = await service.arrange();
});

const withdrawal = () =>
  buildWithdrawal({
    amount: '10.50',
    customerId: f.customerId,
    currency: f.withdrawalCurrency,
    pixKey: f.pixKey,
  });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Operation {
  readonly name: string;
  readonly method: Method;
  readonly path: () => string;
  readonly retried: boolean;
  readonly call: (client: PaymentClient) => Promise<unknown>;
}

const operations: Operation[] = [
  {
    name: 'pixKeys.list',
    method: 'GET',
    path: () => `/pix/customer/${f.customerId}/key`,
    retried: true,
    call: (c) => c.pixKeys.list(f.customerId),
  },
  {
    name: 'withdrawals.listCurrencies',
    method: 'GET',
    path: () => '/withdraw/company/currencies',
    retried: true,
    call: (c) => c.withdrawals.listCurrencies(),
  },
  {
    name: 'deposits.listCurrencies',
    method: 'GET',
    path: () => '/deposit/company/currencies',
    retried: true,
    call: (c) => c.deposits.listCurrencies(),
  },
  {
    name: 'withdrawals.get',
    method: 'GET',
    path: () => `/withdraw/${f.withdrawalId}/details`,
    retried: true,
    call: (c) => c.withdrawals.get(f.withdrawalId),
  },
  {
    name: 'deposits.get',
    method: 'GET',
    path: () => `/deposit/${f.depositId}/details`,
    retried: true,
    call: (c) => c.deposits.get(f.depositId),
  },
  {
    name: 'customers.get',
    method: 'GET',
    path: () => `/customer/${f.customerId}`,
    retried: true,
    call: (c) => c.customers.get(f.customerId),
  },
  {
    name: 'customers.update',
    method: 'PUT',
    path: () => `/customer/${f.customerId}`,
    retried: true,
    call: (c) =>
      c.customers.update(f.customerId, { name: 'Ana Souza Lima', document: '52998224725' }),
  },
  {
    name: 'withdrawals.resendWebhook',
    method: 'POST',
    path: () => `/withdraw/${f.withdrawalId}/resend/webhook`,
    retried: true,
    call: (c) => c.withdrawals.resendWebhook(f.withdrawalId),
  },
  {
    name: 'deposits.resendWebhook',
    method: 'POST',
    path: () => `/deposit/${f.depositId}/resend/webhook`,
    retried: true,
    call: (c) => c.deposits.resendWebhook(f.depositId),
  },
  {
    name: 'withdrawals.create',
    method: 'POST',
    path: () => '/withdraw',
    retried: true,
    call: (c) => c.withdrawals.create(withdrawal()),
  },
  {
    name: 'pixKeys.add',
    method: 'POST',
    path: () => `/pix/customer/${f.customerId}/key`,
    retried: false,
    call: (c) => c.pixKeys.add(f.customerId, { type: 'EMAIL', key: 'ana@example.com' }),
  },
  {
    name: 'pixKeys.remove',
    method: 'DELETE',
    path: () => `/pix/customer/${f.customerId}/key/remove/${f.pixKey._id}`,
    retried: false,
    call: (c) => c.pixKeys.remove(f.customerId, f.pixKey._id),
  },
  {
    name: 'deposits.create',
    method: 'POST',
    path: () => '/deposit',
    retried: true,
    call: (c) =>
      c.deposits.create(
        buildDeposit({ amount: '25', customerId: f.customerId, currency: f.depositCurrency }),
      ),
  },
  {
    name: 'customers.create',
    method: 'POST',
    path: () => '/customer',
    retried: false,
    call: (c) => c.customers.create({ name: 'Ana Souza', document: '12345678909' }),
  },
];

// What the mock answers instead of the service, at its edge (faults come before anything else).
const failures = {
  '500': { fault: { status: 500 }, error: InternalServerError },
  '503': { fault: { status: 503 }, error: InternalServerError },
  '429': { fault: { status: 429 }, error: RateLimitError },
  'a connection error': { fault: { networkError: true }, error: PaymentConnectionError },
  // The real answer, 1 s late: far past the per-call timeoutMs of 50.
  'a timeout': { fault: { delayMs: 1_000 }, error: PaymentTimeoutError },
} as const satisfies Record<string, { fault: FaultSpec; error: unknown }>;

/** Requests the mock received for `METHOD path` during the test. */
const attemptsAt = (method: Method, path: string) =>
  service.journal().filter((entry) => entry.method === method && entry.path === path).length;

describe.each(operations)('$name', (operation) => {
  it.each(Object.keys(failures) as Array<keyof typeof failures>)(
    `${operation.retried ? 'is retried' : 'is never retried'} on %s`,
    async (kind) => {
      const failure = failures[kind];
      service.mock.faults.inject({
        method: operation.method,
        path: operation.path(),
        times: Number.POSITIVE_INFINITY,
        ...failure.fault,
      });
      // Only the timeout case gets a short deadline: on a loaded machine a 429 or 500 answered
      // normally must never turn into a timeout, and a login is made beforehand.
      const client = await loggedInClient({
        maxRetries: 2,
        timeoutMs: kind === 'a timeout' ? 50 : 10_000,
      });
      const error = await rejectionOf(operation.call(client));
      expect(error).toBeInstanceOf(failure.error);
      expect(attemptsAt(operation.method, operation.path())).toBe(operation.retried ? 3 : 1);
    },
  );

  if (operation.retried) {
    it('succeeds when a retry succeeds', async () => {
      service.mock.faults.inject({
        method: operation.method,
        path: operation.path(),
        ...failures['503'].fault,
      });
      await expect(operation.call(makeClient())).resolves.toBeDefined();
      expect(attemptsAt(operation.method, operation.path())).toBe(2);
    });
  }

  it.each([400, 404, 409])('is never retried on %i', async (status) => {
    service.mock.faults.inject({
      method: operation.method,
      path: operation.path(),
      status,
      body: { message: 'no' },
      times: Number.POSITIVE_INFINITY,
    });
    await rejectionOf(operation.call(makeClient()));
    expect(attemptsAt(operation.method, operation.path())).toBe(1);
  });
});

describe('retry policy', () => {
  const CURRENCIES = '/withdraw/company/currencies';

  it("a login failing (connection error, 5xx) is retried under the call's maxRetries; the call, never sent, is a PaymentLoginError", async () => {
    for (const fault of [failures['a connection error'].fault, failures['500'].fault]) {
      service.restart();
      service.mock.faults.inject({
        method: 'POST',
        path: '/auth/token',
        times: Number.POSITIVE_INFINITY,
        ...fault,
      });
      const error = await rejectionOf(makeClient({ maxRetries: 2 }).withdrawals.listCurrencies());
      expect(error).toBeInstanceOf(PaymentLoginError);
      expect(error).toMatchObject({ method: 'GET', path: CURRENCIES });
      expect((error as Error).cause).toMatchObject({ method: 'POST', path: '/auth/token' });
      expect(service.logins()).toBe(3);
      expect(service.calls()).toEqual([]);
    }
  });

  it('maxRetries: 0 on the client turns retries off', async () => {
    service.mock.faults.inject({ path: CURRENCIES, status: 500, times: Number.POSITIVE_INFINITY });
    await rejectionOf(makeClient({ maxRetries: 0 }).withdrawals.listCurrencies());
    expect(attemptsAt('GET', CURRENCIES)).toBe(1);
  });

  it('maxRetries per call overrides the client', async () => {
    service.mock.faults.inject({ path: CURRENCIES, status: 500, times: Number.POSITIVE_INFINITY });
    await rejectionOf(makeClient({ maxRetries: 0 }).withdrawals.listCurrencies({ maxRetries: 4 }));
    expect(attemptsAt('GET', CURRENCIES)).toBe(5);
  });

  it('backoff delays are full-jitter: between 0 and initialDelayMs * 2^(retry-1), capped at maxDelayMs', async () => {
    service.mock.faults.inject({ path: CURRENCIES, status: 500, times: Number.POSITIVE_INFINITY });
    const logger = recordingLogger();
    const client = makeClient({
      logger,
      maxRetries: 4,
      retryBackoff: { initialDelayMs: 2, maxDelayMs: 5 },
    });
    await rejectionOf(client.withdrawals.listCurrencies());
    const delays = logger.lines
      .filter((line) => line.message.endsWith('retrying'))
      .map((line) => (line.fields as { delayMs: number }).delayMs);
    expect(delays).toHaveLength(4);
    [2, 4, 5, 5].forEach((ceiling, index) => {
      expect(delays[index]).toBeGreaterThanOrEqual(0);
      expect(delays[index]).toBeLessThanOrEqual(ceiling);
    });
  });

  it('Retry-After in seconds is honoured exactly, without jitter', async () => {
    service.mock.faults.inject({ path: CURRENCIES, status: 429, headers: { 'Retry-After': '1' } });
    const logger = recordingLogger();
    await expect(makeClient({ logger }).withdrawals.listCurrencies()).resolves.toHaveLength(1);
    const retry = logger.lines.find((line) => line.message.endsWith('retrying'));
    expect(retry?.fields).toMatchObject({ delayMs: 1000, reason: '429' });
  });

  it('Retry-After as an HTTP date in the past means retry at once', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    service.mock.faults.inject({ path: CURRENCIES, status: 503, headers: { 'Retry-After': past } });
    const logger = recordingLogger();
    await makeClient({ logger }).withdrawals.listCurrencies();
    expect(logger.lines.find((line) => line.message.endsWith('retrying'))?.fields).toMatchObject({
      delayMs: 0,
    });
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited for: the error comes back at once with retryAfterMs', async () => {
    service.mock.faults.inject({
      path: CURRENCIES,
      status: 429,
      headers: { 'Retry-After': '120' },
      times: Number.POSITIVE_INFINITY,
    });
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(attemptsAt('GET', CURRENCIES)).toBe(1);
  });

  it('abort during the backoff sleep rejects with signal.reason and sends nothing more', async () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const logger = recordingLogger();
    logger.warn = () => controller.abort(reason);
    const client = makeClient({
      logger,
      retryBackoff: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    // Full jitter may draw a delay of 0; a Retry-After pins it.
    service.mock.faults.inject({
      path: CURRENCIES,
      status: 503,
      headers: { 'Retry-After': '30' },
      times: Number.POSITIVE_INFINITY,
    });
    await expect(client.withdrawals.listCurrencies({ signal: controller.signal })).rejects.toBe(
      reason,
    );
    expect(attemptsAt('GET', CURRENCIES)).toBe(1);
  });
});

/** The bodies of POST `pathname` as sent (the journal keeps none for a request a fault answered). */
const sentBodies = async (pathname: string) =>
  Promise.all(
    service.wire
      .filter((request) => request.method === 'POST' && request.pathname === pathname)
      .map(async (request) => JSON.parse(await request.body) as { externalId?: string }),
  );

describe('withdrawals.create idempotency', () => {
  const bodies = () => sentBodies('/v1/withdraw');

  it('sends the same externalId on every retry, and the service sees one withdrawal', async () => {
    // The first attempt is processed but its answer is lost; the second fails at the edge.
    service.mock.faults.inject({
      method: 'POST',
      path: '/withdraw',
      networkError: true,
      phase: 'after',
    });
    service.mock.faults.inject({ method: 'POST', path: '/withdraw', status: 503 });
    const result = await makeClient().withdrawals.create(withdrawal());
    const sent = await bodies();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => body.externalId)).size).toBe(1);
    expect(sent[0]?.externalId).toBe(result.externalId);
    const created = service.mock.withdrawals
      .list()
      .filter((stored) => stored._id !== f.withdrawalId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ _id: result._id, externalId: result.externalId });
  });

  it('generates a UUID externalId when the request has none, and returns it', async () => {
    const result = await makeClient().withdrawals.create(withdrawal());
    expect(result.externalId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await bodies())[0]?.externalId).toBe(result.externalId);
  });

  it("sends and returns the caller's externalId", async () => {
    const result = await makeClient().withdrawals.create({
      ...withdrawal(),
      externalId: 'order-42',
    });
    expect(result).toMatchObject({
      externalId: 'order-42',
      status: 'PENDING',
      message: 'Solicitação de Saque realizada com sucesso',
    });
    expect((await bodies())[0]?.externalId).toBe('order-42');
  });

  it('two creates without externalId are two different withdrawals', async () => {
    const client = makeClient();
    const first = await client.withdrawals.create(withdrawal());
    const second = await client.withdrawals.create(withdrawal());
    expect(first.externalId).not.toBe(second.externalId);
    expect(first._id).not.toBe(second._id);
  });
});

describe('deposits.create idempotency', () => {
  const bodies = () => sentBodies('/v1/deposit');
  const deposit = () =>
    buildDeposit({ amount: '25.00', customerId: f.customerId, currency: f.depositCurrency });
  const created = () => service.mock.deposits.list().filter((stored) => stored._id !== f.depositId);

  it('sends the same externalId on every retry, and the service sees one deposit', async () => {
    // The first attempt is processed but its answer is lost; the second fails at the edge.
    service.mock.faults.inject({
      method: 'POST',
      path: '/deposit',
      networkError: true,
      phase: 'after',
    });
    service.mock.faults.inject({ method: 'POST', path: '/deposit', status: 503 });
    const result = await makeClient().deposits.create(deposit());
    const sent = await bodies();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => body.externalId)).size).toBe(1);
    expect(sent[0]?.externalId).toBe(result.externalId);
    expect(created()).toHaveLength(1);
    expect(created()[0]).toMatchObject({ _id: result.data.id, externalId: result.externalId });
  });

  it('generates a UUID externalId when the request has none, and returns it', async () => {
    const result = await makeClient().deposits.create(deposit());
    expect(result.externalId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await bodies())[0]?.externalId).toBe(result.externalId);
    expect(created()[0]?.externalId).toBe(result.externalId);
  });

  it("sends and returns the caller's externalId, beside the service's message and data", async () => {
    const result = await makeClient().deposits.create({ ...deposit(), externalId: 'charge-42' });
    expect(result).toEqual({
      message: 'Pix Gerado com Sucesso',
      data: expect.objectContaining({ status: 'WAITING_PAYMENT', customerId: f.customerId }),
      externalId: 'charge-42',
    });
    expect((await bodies())[0]?.externalId).toBe('charge-42');
  });

  it('validateInput: false still sends a generated externalId', async () => {
    const result = await makeClient({ validateInput: false }).deposits.create(deposit());
    expect(result.externalId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await bodies())[0]?.externalId).toBe(result.externalId);
  });

  it('two creates without externalId are two different deposits', async () => {
    const client = makeClient();
    const first = await client.deposits.create(deposit());
    const second = await client.deposits.create(deposit());
    expect(first.externalId).not.toBe(second.externalId);
    expect(first.data.id).not.toBe(second.data.id);
    expect(created()).toHaveLength(2);
  });
});
