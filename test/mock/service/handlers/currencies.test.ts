// The currency object a withdrawal or a deposit carries: what the provider documents (at least
// _id, name, type and symbol), and the whole-object rule of the `strict` option.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.

import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import {
  type Api,
  answerOf,
  BAD_REQUEST,
  depositCurrency,
  type MockSession,
  mockPerTest,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports, rawApi } from '../../../support/mock-transports.js';

/** The four fields the provider's withdrawal and deposit pages mark required. */
function identityOf(currency: Record<string, unknown>) {
  return {
    _id: currency._id,
    name: currency.name,
    type: currency.type,
    symbol: currency.symbol,
  };
}

async function listedWithdrawalCurrency(api: Api, token: string) {
  const answer = await api.call('GET', '/withdraw/company/currencies', { token });
  return (answer.body as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

/** Registers a key, then asks for a withdrawal with the listed currency cut to the four fields. */
async function withdrawWithIdentity(api: Api, token: string, customerId: string) {
  const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
  const answer = await api.call('POST', '/withdraw', {
    token,
    body: { amount: 2.5, customerId, currency: identityOf(currency), pixKey },
  });
  return { answer, currency };
}

describe.each(mockTransports())('Currencies in transaction bodies through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  describe('by default (per the provider)', () => {
    it('a withdrawal with only _id, name, type and symbol of the listed currency is 201', async () => {
      const { answer, currency } = await withdrawWithIdentity(api, token, customerId);
      expect(answer.status).toBe(201);
      expect(h.mock.withdrawals.list()[0]?.currency?._id).toBe(currency._id);
    });

    it('a deposit with only _id, name, type and symbol of the listed currency is 201', async () => {
      const currency = identityOf(await depositCurrency(api, token));
      const answer = await api.call('POST', '/deposit', {
        token,
        body: { amount: 2.5, customerId, currency },
      });
      expect(answer.status).toBe(201);
      expect(h.mock.deposits.list()[0]?.currency?._id).toBe(currency._id);
    });

    it('the whole object, or some of the bookkeeping fields, are accepted too', async () => {
      const whole = await depositCurrency(api, token);
      for (const currency of [
        whole,
        { ...identityOf(whole), createdDate: whole.createdDate },
        { ...identityOf(whole), __v: whole.__v },
      ]) {
        const answer = await api.call('POST', '/deposit', {
          token,
          body: { amount: 1, customerId, currency },
        });
        expect(answer.status).toBe(201);
      }
      expect(h.mock.deposits.list()).toHaveLength(3);
    });

    it('400 when one of the four is missing, or any field sent differs from the list', async () => {
      const whole = await depositCurrency(api, token);
      const identity = identityOf(whole);
      const bad: Array<[string, unknown]> = [
        ['without _id', { ...identity, _id: undefined }],
        ['without name', { ...identity, name: undefined }],
        ['without type', { ...identity, type: undefined }],
        ['without symbol', { ...identity, symbol: undefined }],
        ['another symbol', { ...identity, symbol: 'US$' }],
        ['another createdDate', { ...identity, createdDate: '2000-01-01T00:00:00.000Z' }],
        ['another updatedDate', { ...identity, updatedDate: '2000-01-01T00:00:00.000Z' }],
        ['another __v', { ...identity, __v: 3 }],
        ['a null __v', { ...identity, __v: null }],
        ['the withdrawal currency', identityOf(await listedWithdrawalCurrency(api, token))],
      ];
      for (const [name, currency] of bad) {
        const answer = await api.call('POST', '/deposit', {
          token,
          body: { amount: 1, customerId, currency },
        });
        expect({ name, ...answerOf(answer) }).toEqual({ name, ...BAD_REQUEST });
      }
      expect(h.mock.deposits.list()).toHaveLength(0);
    });
  });

  describe('with strict: true (the service document’s whole-object rule)', () => {
    it('400 for a currency without the bookkeeping fields; the whole object is 201', async () => {
      const strict = await transport.create({ seed: 8, strict: true });
      try {
        const strictApi = rawApi(strict);
        const strictToken = await strictApi.login();
        const id = strict.mock.customers.seeded._id;
        const whole = await depositCurrency(strictApi, strictToken);
        const { supplierFeeByActivity: _fees, ...withoutFees } = whole;
        const { __v: _v, ...withoutVersion } = whole;
        for (const currency of [identityOf(whole), withoutVersion]) {
          const refused = await strictApi.call('POST', '/deposit', {
            token: strictToken,
            body: { amount: 1, customerId: id, currency },
          });
          expect(answerOf(refused)).toEqual(BAD_REQUEST);
        }
        const withdrawal = await withdrawWithIdentity(strictApi, strictToken, id);
        expect(answerOf(withdrawal.answer)).toEqual(BAD_REQUEST);
        expect(strict.mock.requests.at(-1)?.detail).toContain('strict');
        expect(strict.mock.deposits.list()).toHaveLength(0);
        expect(strict.mock.withdrawals.list()).toHaveLength(0);
        for (const currency of [whole, withoutFees]) {
          const accepted = await strictApi.call('POST', '/deposit', {
            token: strictToken,
            body: { amount: 1, customerId: id, currency },
          });
          expect(accepted.status).toBe(201);
        }
      } finally {
        await strict.close();
      }
    });
  });
});

describe('the strict option', () => {
  it('is refused with a TypeError when it is not a boolean', () => {
    expect(() => createPaymentServiceMock({ strict: 'yes' as never })).toThrow(
      new TypeError('strict must be a boolean'),
    );
  });
});
