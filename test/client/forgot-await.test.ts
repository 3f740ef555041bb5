// A Promise where a value belongs is the commonest slip of a first day: `selectCurrency` given
// `client.withdrawals.listCurrencies()` without `await` used to fail deep inside with
// "currencies.find is not a function", and a Promise as a customer id became the path segment
// "[object Promise]". Each place names the slip instead, before anything is sent.
import {
  brlBalance,
  buildDeposit,
  buildWithdrawal,
  isPaymentValidationError,
  PaymentClient,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';

const HINT = /is a Promise: did you forget await\?/;

function setup() {
  const mock = createPaymentServiceMock({ seed: 7 });
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
  });
  return { mock, client };
}

/** The PaymentValidationError `action` throws or rejects with. */
async function validationErrorOf(action: () => unknown) {
  const error = await (async () => action())().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isPaymentValidationError(error), String(error)).toBe(true);
  return error as Error & { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}

describe('a Promise passed where its value belongs', () => {
  it('as a customer id: named in the error, and nothing is sent', async () => {
    const { mock, client } = setup();
    const customerId = Promise.resolve(mock.customers.create()._id) as unknown as string;
    for (const call of [
      () => client.customers.get(customerId),
      () => client.pixKeys.list(customerId),
      () => client.pixKeys.add(customerId, { type: 'EMAIL', key: 'ana@example.com' }),
      () => client.withdrawals.get(customerId),
    ]) {
      const error = await validationErrorOf(call);
      expect(error.message).toMatch(HINT);
      expect(error.issues[0]?.path).toEqual([expect.stringMatching(/^(customerId|id)$/)]);
    }
    expect(mock.requests.filter((entry) => entry.operation !== 'auth.getToken')).toEqual([]);
  });

  it('as the currencies of selectCurrency', async () => {
    const { client } = setup();
    const pending = client.withdrawals.listCurrencies();
    const error = await validationErrorOf(() => selectCurrency(pending as never, 'BRL'));
    expect(error.message).toMatch(HINT);
    expect(error.message).not.toMatch(/is not a function/);
    expect(error.issues[0]?.path).toEqual(['currencies']);
    await pending;
  });

  it('as something else than a list in selectCurrency: says what it takes', async () => {
    const error = await validationErrorOf(() => selectCurrency({} as never, 'BRL'));
    expect(error.issues[0]).toEqual({
      path: ['currencies'],
      message: expect.stringContaining('must be the array listCurrencies() answered'),
    });
  });

  it('as the balances of brlBalance', async () => {
    const { client } = setup();
    const pending = client.company.getBalance();
    const error = await validationErrorOf(() => brlBalance(pending as never));
    expect(error.message).toMatch(HINT);
    expect(error.issues[0]?.path).toEqual(['balances']);
    await pending;
  });

  it('as the currency, Pix key or customer id of a builder', async () => {
    const { mock, client } = setup();
    const customerId = mock.customers.create()._id;
    const [currency] = await client.withdrawals.listCurrencies();
    const pixKey = await client.pixKeys.add(customerId, { type: 'EMAIL', key: 'ana@example.com' });
    const later = <T>(value: T) => Promise.resolve(value) as unknown as T;

    const withdrawal = await validationErrorOf(() =>
      buildWithdrawal({
        amount: '1.00',
        customerId: later(customerId),
        currency: later(currency as never),
        pixKey: later(pixKey.key),
      }),
    );
    expect(withdrawal.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['customerId', expect.stringMatching(HINT)],
      ['currency', expect.stringMatching(HINT)],
      ['pixKey', expect.stringMatching(HINT)],
    ]);

    const deposit = await validationErrorOf(() =>
      buildDeposit({ amount: '1.00', customerId, currency: later(currency as never) }),
    );
    expect(deposit.issues).toEqual([{ path: ['currency'], message: expect.stringMatching(HINT) }]);
  });
});
