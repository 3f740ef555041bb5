// The payout ceiling and the Pix key that ensure will not guess, against the mock served over real
// HTTP on 127.0.0.1 (keys listed masked, as the provider shows them): what the server received is
// read from its journal.
import {
  buildWithdrawal,
  type Currency,
  PaymentClient,
  type PaymentClientOptions,
  type PixKey,
} from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, maskKeys: true });
});
beforeEach(() => running.mock.reset());
afterAll(() => running.close());

const client = (options: Partial<PaymentClientOptions> = {}) =>
  new PaymentClient({
    baseUrl: running.url,
    ...running.mock.credentials,
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
    ...options,
  });

/** Registers a key through the mock's own API, not the client under test. */
async function register(customerId: string, type: string, key: string): Promise<PixKey> {
  const response = await fetch(`${running.url}/pix/customer/${customerId}/key`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await running.mock.auth.issueToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ type, key }),
  });
  if (!response.ok) throw new Error(`arranging the key: ${response.status}`);
  return ((await response.json()) as { key: PixKey }).key;
}

describe('maxWithdrawal over real HTTP', () => {
  it('a payout above the ceiling reaches no server; one at it is paid once', async () => {
    const customerId = running.mock.customers.seeded._id;
    const pixKey = await register(customerId, 'EMAIL', 'ana@example.com');
    const [currency] = (await client().withdrawals.listCurrencies()) as Currency[];
    const guarded = client({ maxWithdrawal: { BRL: '5000.00' } });
    const before = running.mock.requests.length;
    const error = await rejectionOf(
      guarded.withdrawals.create(
        buildWithdrawal({ amount: 500_000, customerId, currency: currency!, pixKey }),
      ),
    );
    expect(error).toMatchObject({
      name: 'WithdrawalLimitError',
      outcome: 'not-sent',
      limit: '5000.00',
      amount: '500000',
    });
    expect(running.mock.requests.length).toBe(before);
    await guarded.withdrawals.create(
      buildWithdrawal({ amount: '5000.00', customerId, currency: currency!, pixKey }),
    );
    expect(running.mock.withdrawals.list()).toMatchObject([{ amount: 5000 }]);
  });
});

describe('pixKeys.ensure over real HTTP, keys listed masked', () => {
  it('refuses the masked lookalike by default, and answers it when asked to', async () => {
    const customerId = running.mock.customers.seeded._id;
    const masked = await register(customerId, 'PHONE', '+5561912345678');
    const input = { type: 'PHONE', key: '+5561912345678' } as const;
    const error = await rejectionOf(client().pixKeys.ensure(customerId, input));
    expect(error).toMatchObject({
      name: 'PixKeyConflictError',
      reason: 'ambiguous',
      outcome: 'refused',
      candidates: [masked],
    });
    await expect(
      client().pixKeys.ensure(customerId, input, { acceptMaskedMatch: true }),
    ).resolves.toEqual(masked);
    expect(running.mock.pixKeys.list(customerId)).toHaveLength(1);
  });
});
