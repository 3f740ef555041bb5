// `testWebhookDeliveries()` hands a merchant's own receiver tests every delivery the provider
// documents: Pix and crypto, withdrawal and deposit, each status. Each must be exactly what the
// mock itself sends for such a transaction, parse with the client's webhook schema, and reach a
// real receiver as a Request.
import {
  buildDeposit,
  isCryptoTransaction,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
  TRANSACTION_STATUSES,
} from 'pix-payment-sdk';
import { createPaymentServiceMock, testWebhookDeliveries } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../support/mock-receiver.js';

describe('testWebhookDeliveries', () => {
  it('builds every documented variant once: Pix and crypto, withdrawal and deposit, each status', () => {
    const deliveries = testWebhookDeliveries();
    const variants = deliveries.map(
      ({ payload }) =>
        `${isCryptoTransaction(payload) ? 'crypto' : 'fiat'} ${payload.operation} ${payload.status}`,
    );
    const expected = ['fiat', 'crypto'].flatMap((kind) =>
      ['WITHDRAW', 'DEPOSIT'].flatMap((operation) =>
        TRANSACTION_STATUSES.map((status) => `${kind} ${operation} ${status}`),
      ),
    );
    expect(variants.sort()).toEqual(expected.sort());
    expect(new Set(deliveries.map((delivery) => delivery.name)).size).toBe(deliveries.length);
  });

  it('writes each payload as the provider documents it, and the client parses it unchanged', () => {
    for (const { payload } of testWebhookDeliveries()) {
      expect(parseWebhookPayload(JSON.stringify(payload))).toEqual(payload);
      expect(payload).not.toHaveProperty('_id');
      if (isCryptoTransaction(payload)) {
        expect(payload).not.toHaveProperty('type');
        expect(payload.name).toBe('USDT');
      } else {
        expect(payload).toMatchObject({ name: 'BRL', type: 'PIX' });
      }
    }
  });

  it('takes the ids, reference and amounts a test needs', () => {
    const [delivery] = testWebhookDeliveries({
      id: '65a1f0c2e4b0a1b2c3d4e5f7',
      customerId: '65a1f0c2e4b0a1b2c3d4e5f8',
      externalId: 'order-42',
      amount: 10.5,
    }).filter(({ payload }) => !isCryptoTransaction(payload));
    expect(delivery?.payload).toMatchObject({
      id: '65a1f0c2e4b0a1b2c3d4e5f7',
      customerId: '65a1f0c2e4b0a1b2c3d4e5f8',
      externalId: 'order-42',
      amount: 10.5,
    });
    const withoutReference = testWebhookDeliveries()[0]?.payload;
    expect(withoutReference).not.toHaveProperty('externalId');
  });

  it('refuses ids and amounts no delivery could carry, with a TypeError', () => {
    for (const bad of [
      { id: '' },
      { customerId: 42 },
      { externalId: null },
      { amount: Number.NaN },
      { amount: -1 },
      { cryptoAmount: Number.POSITIVE_INFINITY },
    ]) {
      expect(() => testWebhookDeliveries(bad as never), JSON.stringify(bad)).toThrow(TypeError);
    }
  });

  it('is what the mock itself delivers for the same Pix transaction', async () => {
    const receiver = await startReceiver();
    try {
      const mock = createPaymentServiceMock({ seed: 11, webhookUrl: receiver.url });
      const client = new PaymentClient({
        baseUrl: mock.baseUrl,
        ...mock.credentials,
        fetch: mock.fetch,
      });
      const customerId = mock.customers.create()._id;
      const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
      await client.deposits.create(
        buildDeposit({ amount: '25.00', customerId, currency, externalId: 'order-7' }),
      );
      const [deposit] = mock.deposits.list();
      if (!deposit) throw new Error('no deposit');
      await mock.deposits.settle(deposit._id, 'PAID');
      const built = testWebhookDeliveries({
        id: deposit._id,
        customerId,
        externalId: 'order-7',
        amount: 25,
      }).find(
        ({ payload }) =>
          !isCryptoTransaction(payload) &&
          payload.operation === 'DEPOSIT' &&
          payload.status === 'PAID',
      );
      expect(receiver.received.map((delivery) => delivery.body)).toEqual([built?.payload]);
    } finally {
      await receiver.close();
    }
  });

  it('reaches a real receiver as the service POSTs it: JSON, one POST each', async () => {
    const receiver = await startReceiver();
    try {
      const deliveries = testWebhookDeliveries();
      for (const delivery of deliveries) {
        const response = await fetch(delivery.request(receiver.url));
        expect(response.status, delivery.name).toBe(200);
      }
      expect(
        receiver.received.map(({ method, headers, body }) => [
          method,
          headers['content-type'],
          body,
        ]),
      ).toEqual(deliveries.map(({ payload }) => ['POST', 'application/json', payload]));
    } finally {
      await receiver.close();
    }
  });
});
