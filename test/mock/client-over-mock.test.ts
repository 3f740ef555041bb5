// The package's own client against the package's own mock, through all three transports.
import {
  buildDeposit,
  buildWithdrawal,
  isPaymentApiError,
  NotFoundError,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/mock-receiver.js';
import { type MockHarness, mockTransports } from '../support/mock-transports.js';

describe.each(mockTransports())('PaymentClient over the mock through $name', (transport) => {
  let h: MockHarness;
  let client: PaymentClient;

  beforeAll(() => transport.setup());
  afterAll(() => transport.teardown());
  beforeEach(async () => {
    h = await transport.create({ seed: 21 });
    client = new PaymentClient({
      baseUrl: h.baseUrl,
      ...h.mock.credentials,
      fetch: h.fetch,
      retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    });
  });
  afterEach(() => h.close());

  it('registers a key, withdraws, resends and settles; the webhook parses and details agree', async () => {
    const receiver = await startReceiver();
    try {
      h.mock.webhooks.setUrl(receiver.url);
      const customerId = h.mock.customers.seeded._id;
      const pixKey = await client.pixKeys.ensure(customerId, {
        type: 'CPF',
        key: '529.982.247-25',
      });
      expect(await client.pixKeys.ensure(customerId, { type: 'CPF', key: '52998224725' })).toEqual(
        pixKey,
      );
      const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
      const created = await client.withdrawals.create(
        buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId: 'order-1' }),
      );
      expect(created).toMatchObject({ status: 'PENDING', externalId: 'order-1' });
      expect(await client.withdrawals.resendWebhook(created._id)).toEqual({
        message: 'Webhook de saque reenviado com sucesso',
      });
      await h.mock.withdrawals.settle(created._id, 'PAID');
      await h.mock.webhooks.flush();
      const payloads = receiver.received.map((delivery) => parseWebhookPayload(delivery.body));
      expect(payloads.map((payload) => payload.status)).toEqual(['PENDING', 'PAID']);
      expect((await client.withdrawals.get(created._id)).currency?.status).toBe('PAID');
    } finally {
      await receiver.close();
    }
  });

  it('creates a deposit with a BR Code', async () => {
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const { data } = await client.deposits.create(
      buildDeposit({ amount: { cents: 1050 }, customerId: h.mock.customers.seeded._id, currency }),
    );
    expect(data.status).toBe('WAITING_PAYMENT');
    expect(data.code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  });

  it('deposits.create: the answer lost after processing is retried with the same externalId; one deposit', async () => {
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    h.mock.faults.inject({ method: 'POST', path: '/deposit', networkError: true, phase: 'after' });
    const result = await client.deposits.create(
      buildDeposit({ amount: '12.34', customerId: h.mock.customers.seeded._id, currency }),
    );
    expect(h.mock.deposits.list()).toEqual([
      expect.objectContaining({
        _id: result.data.id,
        externalId: result.externalId,
        amount: 12.34,
      }),
    ]);
    expect(h.mock.requests.filter((entry) => entry.path === '/deposit')).toHaveLength(2);
  });

  it('maps the mock’s errors to the client’s error classes', async () => {
    const customerId = h.mock.customers.seeded._id;
    await client.pixKeys.add(customerId, { type: 'EMAIL', key: 'ana@example.com' });
    await expect(
      client.pixKeys.add(customerId, { type: 'EMAIL', key: 'ana@example.com' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.pixKeys.list('0123456789abcdef01234567')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    h.mock.auth.allowIps(['203.0.113.7']);
    await expect(client.withdrawals.listCurrencies()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('logs in again after expireTokens() and retries a GET through an injected 503', async () => {
    await client.deposits.listCurrencies();
    h.mock.auth.expireTokens();
    h.mock.faults.inject({ method: 'GET', path: '/deposit/company/currencies', status: 503 });
    const currencies = await client.deposits.listCurrencies();
    expect(currencies).toHaveLength(1);
    const logins = h.mock.requests.filter((entry) => entry.operation === 'auth.getToken');
    expect(logins).toHaveLength(2);
  });

  it('an injected 500 surfaces as an API error once retries are spent', async () => {
    h.mock.faults.inject({
      path: '/withdraw/company/currencies',
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await client.withdrawals.listCurrencies().catch((caught: unknown) => caught);
    expect(isPaymentApiError(error) && error.status).toBe(500);
  });
});
