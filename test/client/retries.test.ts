import { delay, HttpResponse, http } from 'msw';
import {
  buildDeposit,
  buildWithdrawal,
  InternalServerError,
  type PaymentClient,
  PaymentConnectionError,
  PaymentTimeoutError,
  RateLimitError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ID,
  DEPOSIT_CURRENCY,
  url,
  useFakeService,
  WITHDRAW_CURRENCY,
} from '../support/client-fake-service.js';
import { makeClient, recordingLogger, rejectionOf } from '../support/client-setup.js';

const { fake, server } = useFakeService();

const ID = '65f1c0ffee00000000000a01';
const pixKey = { key: 'ana@example.com', type: 'EMAIL', _id: '65f1c0ffee00000000000k01' };
const withdrawal = () =>
  buildWithdrawal({
    amount: '10.50',
    customerId: CUSTOMER_ID,
    currency: WITHDRAW_CURRENCY,
    pixKey,
  });

type Method = 'get' | 'post' | 'delete';
interface Operation {
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly retried: boolean;
  readonly call: (client: PaymentClient) => Promise<unknown>;
}

const operations: Operation[] = [
  {
    name: 'pixKeys.list',
    method: 'get',
    path: `/pix/customer/${CUSTOMER_ID}/key`,
    retried: true,
    call: (c) => c.pixKeys.list(CUSTOMER_ID),
  },
  {
    name: 'withdrawals.listCurrencies',
    method: 'get',
    path: '/withdraw/company/currencies',
    retried: true,
    call: (c) => c.withdrawals.listCurrencies(),
  },
  {
    name: 'deposits.listCurrencies',
    method: 'get',
    path: '/deposit/company/currencies',
    retried: true,
    call: (c) => c.deposits.listCurrencies(),
  },
  {
    name: 'withdrawals.get',
    method: 'get',
    path: `/withdraw/${ID}/details`,
    retried: true,
    call: (c) => c.withdrawals.get(ID),
  },
  {
    name: 'deposits.get',
    method: 'get',
    path: `/deposit/${ID}/details`,
    retried: true,
    call: (c) => c.deposits.get(ID),
  },
  {
    name: 'customers.get',
    method: 'get',
    path: `/customer/${ID}`,
    retried: true,
    call: (c) => c.customers.get(ID),
  },
  {
    name: 'withdrawals.resendWebhook',
    method: 'post',
    path: `/withdraw/${ID}/resend/webhook`,
    retried: true,
    call: (c) => c.withdrawals.resendWebhook(ID),
  },
  {
    name: 'deposits.resendWebhook',
    method: 'post',
    path: `/deposit/${ID}/resend/webhook`,
    retried: true,
    call: (c) => c.deposits.resendWebhook(ID),
  },
  {
    name: 'withdrawals.create',
    method: 'post',
    path: '/withdraw',
    retried: true,
    call: (c) => c.withdrawals.create(withdrawal()),
  },
  {
    name: 'pixKeys.add',
    method: 'post',
    path: `/pix/customer/${CUSTOMER_ID}/key`,
    retried: false,
    call: (c) => c.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' }),
  },
  {
    name: 'pixKeys.remove',
    method: 'delete',
    path: `/pix/customer/${CUSTOMER_ID}/key/remove/${ID}`,
    retried: false,
    call: (c) => c.pixKeys.remove(CUSTOMER_ID, ID),
  },
  {
    name: 'deposits.create',
    method: 'post',
    path: '/deposit',
    retried: false,
    call: (c) =>
      c.deposits.create(
        buildDeposit({ amount: '25', customerId: CUSTOMER_ID, currency: DEPOSIT_CURRENCY }),
      ),
  },
  {
    name: 'customers.create',
    method: 'post',
    path: '/customer',
    retried: false,
    call: (c) => c.customers.create({ name: 'Ana Souza', document: '12345678909' }),
  },
];

const failures = {
  '500': {
    answer: () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }),
    error: InternalServerError,
  },
  '503': {
    answer: () => HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }),
    error: InternalServerError,
  },
  '429': {
    answer: () => HttpResponse.json({ message: 'Too Many Requests' }, { status: 429 }),
    error: RateLimitError,
  },
  'a connection error': { answer: () => HttpResponse.error(), error: PaymentConnectionError },
  'a timeout': {
    answer: async () => {
      await delay(300);
      return HttpResponse.json({ message: 'late' });
    },
    error: PaymentTimeoutError,
  },
} as const;

const attemptsAt = (path: string) =>
  fake.calls().filter((call) => call.endsWith(` /v1${path}`)).length;

describe.each(operations)('$name', (operation) => {
  it.each(Object.keys(failures) as Array<keyof typeof failures>)(
    `${operation.retried ? 'is retried' : 'is never retried'} on %s`,
    async (kind) => {
      const failure = failures[kind];
      server.use(http[operation.method](url(operation.path), failure.answer));
      const client = makeClient({ maxRetries: 2, timeoutMs: 50 });
      const error = await rejectionOf(operation.call(client));
      expect(error).toBeInstanceOf(failure.error);
      expect(attemptsAt(operation.path)).toBe(operation.retried ? 3 : 1);
    },
  );

  if (operation.retried) {
    it('succeeds when a retry succeeds', async () => {
      server.use(
        http[operation.method](url(operation.path), failures['503'].answer, { once: true }),
      );
      await expect(operation.call(makeClient())).resolves.toBeDefined();
      expect(attemptsAt(operation.path)).toBe(2);
    });
  }

  it.each([400, 404, 409])('is never retried on %i', async (status) => {
    server.use(
      http[operation.method](url(operation.path), () =>
        HttpResponse.json({ message: 'no' }, { status }),
      ),
    );
    await rejectionOf(operation.call(makeClient()));
    expect(attemptsAt(operation.path)).toBe(1);
  });
});

describe('retry policy', () => {
  it('POST /auth/token is never retried, on a connection error or a 5xx', async () => {
    for (const answer of [failures['a connection error'].answer, failures['500'].answer]) {
      fake.reset();
      server.resetHandlers();
      server.use(http.post(url('/auth/token'), answer));
      const error = await rejectionOf(makeClient({ maxRetries: 2 }).withdrawals.listCurrencies());
      expect(error).toMatchObject({ method: 'POST', path: '/auth/token' });
      expect(fake.logins).toBe(1);
      expect(fake.calls()).toEqual([]);
    }
  });

  it('maxRetries: 0 on the client turns retries off', async () => {
    server.use(http.get(url('/withdraw/company/currencies'), failures['500'].answer));
    await rejectionOf(makeClient({ maxRetries: 0 }).withdrawals.listCurrencies());
    expect(attemptsAt('/withdraw/company/currencies')).toBe(1);
  });

  it('maxRetries per call overrides the client', async () => {
    server.use(http.get(url('/withdraw/company/currencies'), failures['500'].answer));
    await rejectionOf(makeClient({ maxRetries: 0 }).withdrawals.listCurrencies({ maxRetries: 4 }));
    expect(attemptsAt('/withdraw/company/currencies')).toBe(5);
  });

  it('backoff delays are full-jitter: between 0 and initialDelayMs * 2^(retry-1), capped at maxDelayMs', async () => {
    server.use(http.get(url('/withdraw/company/currencies'), failures['500'].answer));
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
    server.use(
      http.get(
        url('/withdraw/company/currencies'),
        () =>
          HttpResponse.json(
            { message: 'Too Many Requests' },
            { status: 429, headers: { 'Retry-After': '1' } },
          ),
        { once: true },
      ),
    );
    const logger = recordingLogger();
    await expect(makeClient({ logger }).withdrawals.listCurrencies()).resolves.toHaveLength(1);
    const retry = logger.lines.find((line) => line.message.endsWith('retrying'));
    expect(retry?.fields).toMatchObject({ delayMs: 1000, reason: '429' });
  });

  it('Retry-After as an HTTP date in the past means retry at once', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    server.use(
      http.get(
        url('/withdraw/company/currencies'),
        () =>
          HttpResponse.json(
            { message: 'Service Unavailable' },
            { status: 503, headers: { 'Retry-After': past } },
          ),
        { once: true },
      ),
    );
    const logger = recordingLogger();
    await makeClient({ logger }).withdrawals.listCurrencies();
    expect(logger.lines.find((line) => line.message.endsWith('retrying'))?.fields).toMatchObject({
      delayMs: 0,
    });
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited for: the error comes back at once with retryAfterMs', async () => {
    server.use(
      http.get(url('/withdraw/company/currencies'), () =>
        HttpResponse.json(
          { message: 'Too Many Requests' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(attemptsAt('/withdraw/company/currencies')).toBe(1);
  });

  it('abort during the backoff sleep rejects with signal.reason and sends nothing more', async () => {
    server.use(http.get(url('/withdraw/company/currencies'), failures['500'].answer));
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const logger = recordingLogger();
    logger.warn = () => controller.abort(reason);
    const client = makeClient({
      logger,
      retryBackoff: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    // Full jitter may draw a delay of 0; a Retry-After pins it.
    server.use(
      http.get(url('/withdraw/company/currencies'), () =>
        HttpResponse.json({ message: 'x' }, { status: 503, headers: { 'Retry-After': '30' } }),
      ),
    );
    await expect(client.withdrawals.listCurrencies({ signal: controller.signal })).rejects.toBe(
      reason,
    );
    expect(attemptsAt('/withdraw/company/currencies')).toBe(1);
  });
});

describe('withdrawals.create idempotency', () => {
  const bodies = async () =>
    Promise.all(
      fake.requests
        .filter((request) => request.pathname === '/v1/withdraw')
        .map(async (request) => JSON.parse(await request.body) as { externalId?: string }),
    );

  it('sends the same externalId on every retry, and the service sees one withdrawal', async () => {
    server.use(
      http.post(url('/withdraw'), () => HttpResponse.error(), { once: true }),
      http.post(url('/withdraw'), failures['503'].answer, { once: true }),
    );
    const result = await makeClient().withdrawals.create(withdrawal());
    const sent = await bodies();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => body.externalId)).size).toBe(1);
    expect(sent[0]?.externalId).toBe(result.externalId);
    expect(fake.withdrawals.size).toBe(1);
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
