// A withdrawal above the available balance is refused with the provider's "saldo insuficiente",
// whose status and exact text the provider does not publish. `isInsufficientBalance(error)` tells
// that refusal apart so that a merchant need not match a Portuguese string, and tells nothing else
// apart: other refusals, other errors and non-errors are not it.
import {
  buildWithdrawal,
  createApiError,
  isInsufficientBalance,
  PaymentClient,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';

async function refusal(action: () => Promise<unknown>): Promise<unknown> {
  return action().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

async function payout(balance: string, amount: string) {
  const mock = createPaymentServiceMock({ seed: 3, balance: { BRL: balance } });
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
    maxRetries: 0,
  });
  const customerId = mock.customers.create()._id;
  const pixKey = await client.pixKeys.add(customerId, { type: 'EMAIL', key: 'ana@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const body = buildWithdrawal({ amount, customerId, currency, pixKey: pixKey.key });
  return { mock, client, body };
}

const answer = (status: number, message: string) =>
  createApiError({
    status,
    serviceMessage: message,
    body: { message },
    method: 'POST',
    path: '/withdraw',
    url: 'https://api.example.com/withdraw',
  });

describe('isInsufficientBalance', () => {
  it('is true for the refusal of a withdrawal above the balance, and nothing is held', async () => {
    const { mock, client, body } = await payout('10.00', '10.01');
    const error = await refusal(() => client.withdrawals.create(body));
    expect(isInsufficientBalance(error)).toBe(true);
    expect(mock.withdrawals.list()).toEqual([]);
  });

  it('is false for another refusal of the same call', async () => {
    const { client, body } = await payout('10.00', '1.00');
    const error = await refusal(() =>
      client.withdrawals.create({ ...body, pixKey: { ...body.pixKey, _id: 'f'.repeat(24) } }),
    );
    expect(error).toMatchObject({ status: 400 });
    expect(isInsufficientBalance(error)).toBe(false);
  });

  it('reads the message whatever its case, accents, spacing or status', () => {
    for (const [status, message] of [
      [400, 'Saldo insuficiente'],
      [422, 'SALDO  INSUFICIENTE para realizar o saque'],
      [500, 'Erro: saldo insuficiente.'],
      [400, 'Saldo Insuficiente'],
      [400, 'Insufficient balance'],
    ] as const) {
      expect(isInsufficientBalance(answer(status, message)), message).toBe(true);
    }
  });

  it('is false for other messages, other errors and values that are no error', () => {
    for (const message of ['Cliente informado no campo `customerId` não existe.', 'saldo', '']) {
      expect(isInsufficientBalance(answer(400, message)), message).toBe(false);
    }
    expect(isInsufficientBalance(new Error('saldo insuficiente'))).toBe(false);
    expect(isInsufficientBalance({ serviceMessage: 'saldo insuficiente', status: 400 })).toBe(
      false,
    );
    expect(isInsufficientBalance('saldo insuficiente')).toBe(false);
    expect(isInsufficientBalance(undefined)).toBe(false);
  });
});
