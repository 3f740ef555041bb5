/**
 * The vitest suite of `../downstream-vitest/payouts.test.ts`, under Jest 30: how a merchant whose
 * suites run on Jest tests their own code with the mock. `npm run examples:jest` (after
 * `npm run build`, since it loads the package as an install would).
 *
 * The set-up that makes msw 2 and 3 work under Jest is in `jest.config.mjs` beside this file:
 * ES modules (`node --experimental-vm-modules`), the node test environment, and a TypeScript
 * transform that keeps `import` as it is.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { setupServer } from 'msw/node';
import { PaymentClient } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { createPayoutService, PixKeyTakenError } from '../payout-service/payouts.js';

const mock = createPaymentServiceMock();
const server = setupServer(...mock.handlers);
// onUnhandledFrame is msw 3's name; msw 2 calls it onUnhandledRequest.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;
const anaKey = { type: 'EMAIL', key: 'ana@example.com' } as const;

let service: ReturnType<typeof createPayoutService>;
let customerId: string;
beforeEach(() => {
  // A fresh client per test (its token cache must not leak between tests); a short backoff keeps
  // the retry test fast.
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 10 },
  });
  service = createPayoutService(client);
  customerId = mock.customers.create({ name: 'Ana Souza' })._id;
});

const calls = (method: string, path: string | RegExp) =>
  mock.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );
const payOut = (orderId: string, amount = '10.00', who = customerId) =>
  service.payOut({ orderId, customerId: who, pixKey: anaKey, amount });

describe('payOut', () => {
  it('registers the key, pays the order and records the withdrawal', async () => {
    const payout = await payOut('order-1', '150.75');

    expect(payout).toMatchObject({ orderId: 'order-1', status: 'PENDING' });
    expect(mock.withdrawals.get(payout.withdrawalId)).toMatchObject({
      customerId,
      externalId: 'order-1',
      amount: 150.75,
      pixKey: { type: 'EMAIL', key: 'ana@example.com' },
      status: 'PENDING',
    });
    expect(mock.pixKeys.list(customerId)).toHaveLength(1);
  });

  it('reuses a key already registered to the customer (no second registration)', async () => {
    await payOut('order-1');
    await payOut('order-2', '20.00');

    expect(calls('POST', /\/key$/)).toHaveLength(1);
    expect(mock.withdrawals.list()).toHaveLength(2);
  });

  it('refuses a key registered to another customer, and pays nothing', async () => {
    await payOut('order-1', '10.00', mock.customers.create({ name: 'Bruno Lima' })._id);

    await expect(payOut('order-2')).rejects.toBeInstanceOf(PixKeyTakenError);
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('pays an order once even when it is sent twice', async () => {
    const first = await payOut('order-1');
    const again = await payOut('order-1');

    expect(again.withdrawalId).toBe(first.withdrawalId);
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('survives a 500 from the service: retried with the same externalId, paid once', async () => {
    const fault = mock.faults.inject({ method: 'POST', path: '/withdraw', status: 500, times: 1 });

    const payout = await payOut('order-1');

    expect(fault.hits).toBe(1);
    expect(calls('POST', '/withdraw').map((r) => r.status)).toEqual([500, 201]);
    expect(mock.withdrawals.list()).toEqual([
      expect.objectContaining({ _id: payout.withdrawalId, externalId: 'order-1' }),
    ]);
  });

  it('logs in again when the token has expired', async () => {
    await payOut('order-1');
    mock.clock.advance(16 * DAY); // tokens live 15 days

    await payOut('order-2');

    expect(calls('POST', '/auth/token')).toHaveLength(2);
    expect(mock.requests.filter((r) => r.status === 401)).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('marks the payout paid when the service says so, after checking the details', async () => {
    // The merchant's webhook route: 200 at once, then the service handles it.
    let handled: Promise<void> | undefined;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        handled = service.handleWebhook(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      mock.webhooks.setUrl(`http://127.0.0.1:${port}/webhooks/pix`);
      const payout = await payOut('order-1');

      const delivery = await mock.withdrawals.settle(payout.withdrawalId, 'PAID');

      expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
      await handled; // started before the receiver answered, so before settle resolved
      expect(service.payouts.get('order-1')?.status).toBe('PAID');
      expect(calls('GET', `/withdraw/${payout.withdrawalId}/details`)).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => {
        receiver.close(() => resolve());
        receiver.closeAllConnections();
      });
    }
  });
});
