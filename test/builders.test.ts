import {
  buildDeposit,
  buildWithdrawal,
  type Currency,
  type DepositInput,
  PaymentValidationError,
  selectCurrency,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

const currency: Currency = {
  _id: '65f1c0ffee00000000000w01',
  name: 'BRL',
  type: 'PIX',
  symbol: 'R$',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-01T00:00:00.000Z',
  __v: 0,
};
const pixKey = { key: 'ana@example.com', type: 'EMAIL', _id: '65f1c0ffee00000000000k01' };
const customerId = '65f1c0ffee0000000000c001';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return (error as PaymentValidationError).issues;
  }
  throw new Error('expected a PaymentValidationError');
}

describe('buildWithdrawal', () => {
  it('builds the body with the amount as a decimal number and the whole objects', () => {
    expect(buildWithdrawal({ amount: '10.50', customerId, currency, pixKey })).toEqual({
      amount: 10.5,
      customerId,
      currency,
      pixKey,
    });
  });

  it('keeps an externalId and every field of the objects, unknown ones included', () => {
    const richCurrency = {
      ...currency,
      supplierFeeByActivity: { servicetreeal: { type: 'FIXED', value: 1 } },
      extra: 1,
    };
    const body = buildWithdrawal({
      amount: { cents: 1 },
      customerId,
      currency: richCurrency,
      pixKey,
      externalId: 'order-42',
    });
    expect(body).toEqual({
      amount: 0.01,
      customerId,
      currency: richCurrency,
      pixKey,
      externalId: 'order-42',
    });
  });

  it('names every missing field of the currency', () => {
    const { _id, createdDate, ...partial } = currency;
    expect(
      issuesOf(() =>
        buildWithdrawal({ amount: '1', customerId, currency: partial as Currency, pixKey }),
      ),
    ).toEqual([
      {
        path: ['currency'],
        message:
          'is incomplete: missing _id, createdDate (send the whole object as the service returned it)',
      },
    ]);
  });

  it('names every missing field of the Pix key', () => {
    expect(
      issuesOf(() =>
        buildWithdrawal({
          amount: '1',
          customerId,
          currency,
          pixKey: { key: 'ana@example.com' } as typeof pixKey,
        }),
      ),
    ).toEqual([
      {
        path: ['pixKey'],
        message:
          'is incomplete: missing type, _id (send the whole object as the service returned it)',
      },
    ]);
  });

  it('reports a field of the wrong type with its path', () => {
    const issues = issuesOf(() =>
      buildWithdrawal({
        amount: '1',
        customerId,
        currency: { ...currency, __v: '0' } as unknown as Currency,
        pixKey,
      }),
    );
    expect(issues).toEqual([
      { path: ['currency', '__v'], message: 'has the wrong type (invalid_type)' },
    ]);
  });

  it('lists every problem at once: amount, customer, currency, key, externalId', () => {
    const issues = issuesOf(() =>
      buildWithdrawal({
        amount: '10.505',
        customerId: ' ',
        currency: undefined as unknown as Currency,
        pixKey: 'ana@example.com' as unknown as typeof pixKey,
        externalId: '',
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      ['amount'],
      ['customerId'],
      ['currency'],
      ['pixKey'],
      ['externalId'],
    ]);
  });

  it.each([['0'], ['-1'], ['1.234'], [Number.NaN]])('refuses the amount %j', (amount) => {
    expect(
      issuesOf(() => buildWithdrawal({ amount, customerId, currency, pixKey }))[0]?.path,
    ).toEqual(['amount']);
  });
});

describe('buildDeposit', () => {
  it('builds the body from integer cents', () => {
    expect(buildDeposit({ amount: { cents: 1050 }, customerId, currency })).toEqual({
      amount: 10.5,
      customerId,
      currency,
    });
  });

  it('builds the body for a new customer, leaving out the optional fields not given', () => {
    const customer = { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' };
    expect(buildDeposit({ amount: '25.00', customer, currency, externalId: 'dep-1' })).toEqual({
      amount: 25,
      customer,
      currency,
      externalId: 'dep-1',
    });
  });

  it('refuses both customerId and customer, and a customer without a name or document', () => {
    const customer = { name: 'Ana Souza', document: '52998224725' };
    const both = { amount: 1, customerId, customer, currency } as unknown as DepositInput;
    expect(issuesOf(() => buildDeposit(both))).toEqual([
      { path: ['customer'], message: 'send customerId or customer, not both' },
    ]);
    const incomplete = {
      amount: 1,
      customer: { name: ' ', email: 7 },
      currency,
    } as unknown as DepositInput;
    expect(issuesOf(() => buildDeposit(incomplete))).toEqual([
      { path: ['customer', 'name'], message: 'must be a non-empty string' },
      { path: ['customer', 'document'], message: 'must be a non-empty string' },
      { path: ['customer', 'email'], message: 'must be a string' },
    ]);
    const notAnObject = { amount: 1, customer: 'Ana', currency } as unknown as DepositInput;
    expect(issuesOf(() => buildDeposit(notAnObject))).toEqual([
      { path: ['customer'], message: 'must be an object with name and document' },
    ]);
  });

  it('names the missing fields of the currency and a missing customer', () => {
    const { symbol, ...partial } = currency;
    expect(
      issuesOf(() => buildDeposit({ amount: 1, customerId: '', currency: partial as Currency })),
    ).toEqual([
      { path: ['customerId'], message: 'must be a non-empty string' },
      {
        path: ['currency'],
        message: 'is incomplete: missing symbol (send the whole object as the service returned it)',
      },
    ]);
  });
});

describe('selectCurrency', () => {
  const usd = { ...currency, _id: 'usd', name: 'USD', symbol: 'US$' };
  const list = [currency, usd];

  it('finds by name without regard to case, then by symbol', () => {
    expect(selectCurrency(list, 'brl')).toBe(currency);
    expect(selectCurrency(list, ' USD ')).toBe(usd);
    expect(selectCurrency(list, 'R$')).toBe(currency);
  });

  it('no match is a PaymentValidationError listing the currencies there are', () => {
    expect(issuesOf(() => selectCurrency(list, 'EUR'))).toEqual([
      { path: ['currency'], message: 'no currency named "EUR"; available: BRL (R$), USD (US$)' },
    ]);
    expect(issuesOf(() => selectCurrency([], 'BRL'))[0]?.message).toMatch(/available: none$/);
  });
});
