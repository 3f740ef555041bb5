/**
 * How a merchant tests their own code with the mock, in their own vitest suite:
 * `npx vitest run examples`
 *
 * The mock is installed with MSW (`setupServer(...mock.handlers)`), so the code under test keeps
 * calling the global `fetch` as in production: no `fetch` option, no dependency injection needed.
 * (msw 3 names the option `onUnhandledFrame`; on msw 2 it is `onUnhandledRequest: 'error'`.)
 * Webhooks are real HTTP deliveries to a receiver the test starts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { PaymentClient } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPayoutService, PixKeyTakenError } from '../payout-service/payouts.js';

const mock = createPaymentServiceMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;
const anaKey = { type: 'EMAIL', key: 'ana@example.com' } as const;

let service: ReturnType<typeof createPayoutService>;
let customerId: string;
beforeEach(() => {
  // A fresh client per test (its token cache must not leak between tests). A short backoff keeps
  // the retry tests fast.
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

describe('payOut', () => {
  it('registers the key, pays the order and records the withdrawal', async () => {
    const payout = await service.payOut({
      orderId: 'order-1',
      customerId,
      pixKey: anaKey,
      amount: '150.75',
    });

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
    await service.payOut({ orderId: 'order-1', customerId, pixKey: anaKey, amount: '10.00' });
    await service.payOut({ orderId: 'order-2', customerId, pixKey: anaKey, amount: '20.00' });

    expect(calls('POST', /\/key$/)).toHaveLength(1);
    expect(mock.pixKeys.list(customerId)).toHaveLength(1);
    expect(mock.withdrawals.list()).toHaveLength(2);
  });

  it('refuses a key registered to another customer, and pays nothing', async () => {
    const other = mock.customers.create({ name: 'Bruno Lima' })._id;
    await service.payOut({
      orderId: 'order-1',
      customerId: other,
      pixKey: anaKey,
      amount: '10.00',
    });

    await expect(
      service.payOut({ orderId: 'order-2', customerId, pixKey: anaKey, amount: '10.00' }),
    ).rejects.toBeInstanceOf(PixKeyTakenError);
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('pays an order once even when it is sent twice', async () => {
    const first = await service.payOut({
      orderId: 'order-1',
      customerId,
      pixKey: anaKey,
      amount: '10.00',
    });
    const again = await service.payOut({
      orderId: 'order-1',
      customerId,
      pixKey: anaKey,
      amount: '10.00',
    });

    expect(again.withdrawalId).toBe(first.withdrawalId);
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('survives a 500 from the service: retried with the same externalId, paid once', async () => {
    const fault = mock.faults.inject({ method: 'POST', path: '/withdraw', status: 500, times: 1 });

    const payout = await service.payOut({
      orderId: 'order-1',
      customerId,
      pixKey: anaKey,
      amount: '10.00',
    });

    expect(fault.hits).toBe(1);
    expect(calls('POST', '/withdraw').map((r) => r.status)).toEqual([500, 201]);
    expect(mock.withdrawals.list()).toEqual([
      expect.objectContaining({ _id: payout.withdrawalId, externalId: 'order-1' }),
    ]);
  });

  it('logs in again when the token has expired', async () => {
    await service.payOut({ orderId: 'order-1', customerId, pixKey: anaKey, amount: '10.00' });
    mock.clock.advance(16 * DAY); // tokens live 15 days

    await service.payOut({ orderId: 'order-2', customerId, pixKey: anaKey, amount: '10.00' });

    expect(calls('POST', '/auth/token')).toHaveLength(2);
    expect(mock.requests.filter((r) => r.status === 401)).toHaveLength(1);
    expect(mock.withdrawals.list()).toHaveLength(2);
  });
});

describe('webhooks', () => {
  it('marks the payout paid when the service says so, after checking the details', async () => {
    // The merchant's webhook route: 200 at once, then the service handles it.
    const handled: Promise<void>[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        res.writeHead(200).end();
        handled.push(service.handleWebhook(body));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      mock.webhooks.setUrl(
        `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/pix`,
      );
      const payout = await service.payOut({
        orderId: 'order-1',
        customerId,
        pixKey: anaKey,
        amount: '10.00',
      });

      const delivery = await mock.withdrawals.settle(payout.withdrawalId, 'PAID');

      expect(delivery).toMatchObject({
        outcome: 'delivered',
        status: 200,
        payload: { status: 'PAID', externalId: 'order-1' },
      });
      await vi.waitFor(() => expect(handled).toHaveLength(1));
      await Promise.all(handled);
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
