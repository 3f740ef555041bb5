// Withdrawals.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  depositCurrency,
  HEX24,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  UNKNOWN_ID,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports, rawApi } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Withdrawals through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  describe('withdrawals (per the provider)', () => {
    it('201 PENDING with the Portuguese message; details show it', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 10.5, customerId, currency, pixKey, externalId: 'order-7' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Solicitação de Saque realizada com sucesso',
        status: 'PENDING',
        _id: expect.stringMatching(HEX24),
      });
      const { _id } = answer.body as { _id: string };
      const details = await api.call('GET', `/withdraw/${_id}/details`, { token });
      expect(answerOf(details)).toEqual({
        status: 200,
        body: {
          _id,
          customerId,
          externalId: 'order-7',
          document: h.mock.customers.seeded.document,
          currency: { name: 'BRL', type: 'PIX', amount: 10.5, status: 'PENDING' },
        },
      });
    });

    it('accepts the currency without supplierFeeByActivity, as in the service document’s example', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const { supplierFeeByActivity: _fees, ...withoutFees } = currency;
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId, currency: withoutFees, pixKey },
      });
      expect(answer.status).toBe(201);
    });

    it('the same externalId again answers the first withdrawal (201, same _id) and creates nothing', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const body = { amount: 10.5, customerId, currency, pixKey, externalId: 'order-9' };
      const first = await api.call('POST', '/withdraw', { token, body });
      const second = await api.call('POST', '/withdraw', { token, body });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(h.mock.withdrawals.list()).toHaveLength(1);
      expect(h.mock.withdrawals.list()[0]?.amount).toBe(10.5);
    });

    it('404 Not Found when customerId is unknown', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId: UNKNOWN_ID, currency, pixKey },
      });
      expect(answerOf(answer)).toEqual(NOT_FOUND);
    });

    it('400 Bad Request for every body that does not validate, and nothing is created', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const other = h.mock.customers.create();
      const otherKey = await api.call('POST', `/pix/customer/${other._id}/key`, {
        token,
        body: { type: 'EMAIL', key: 'other@example.com' },
      });
      const good = { amount: 10.5, customerId, currency, pixKey };
      const { _id: _currencyId, ...currencyWithoutId } = currency;
      const { _id: _keyId, ...keyWithoutId } = pixKey;
      const bad: Array<[string, unknown]> = [
        ['amount as a string', { ...good, amount: '10.50' }],
        ['amount zero', { ...good, amount: 0 }],
        ['amount negative', { ...good, amount: -1 }],
        ['amount with three decimals', { ...good, amount: 10.505 }],
        ['amount missing', { ...good, amount: undefined }],
        ['currency missing _id', { ...good, currency: currencyWithoutId }],
        ['currency a string', { ...good, currency: 'BRL' }],
        [
          'currency from the deposit list',
          { ...good, currency: await depositCurrency(api, token) },
        ],
        ['currency with another symbol', { ...good, currency: { ...currency, symbol: 'US$' } }],
        [
          'currency with other fees',
          {
            ...good,
            currency: {
              ...currency,
              supplierFeeByActivity: { servicetreeal: { type: 'FIXED', value: 0 } },
            },
          },
        ],
        ['pixKey missing _id', { ...good, pixKey: keyWithoutId }],
        ['pixKey with another key value', { ...good, pixKey: { ...pixKey, key: 'x@example.com' } }],
        ['pixKey with another type', { ...good, pixKey: { ...pixKey, type: 'CPF' } }],
        [
          'pixKey of another customer',
          { ...good, pixKey: (otherKey.body as { key: unknown }).key },
        ],
        ['pixKey unknown', { ...good, pixKey: { ...pixKey, _id: UNKNOWN_ID } }],
        ['customerId not a string', { ...good, customerId: 1 }],
        ['externalId empty', { ...good, externalId: '' }],
        ['externalId a number', { ...good, externalId: 7 }],
        ['a body that is null', null],
      ];
      for (const [name, body] of bad) {
        const answer = await api.call('POST', '/withdraw', { token, body });
        expect({ name, ...answerOf(answer) }).toEqual({ name, ...BAD_REQUEST });
      }
      expect(h.mock.withdrawals.list()).toHaveLength(0);
    });

    it('with maskKeys, lists keys masked, and the masked object is accepted whole', async () => {
      const masked = await transport.create({ seed: 8, maskKeys: true });
      try {
        const maskedApi = rawApi(masked);
        const maskedToken = await maskedApi.login();
        const id = masked.mock.customers.seeded._id;
        const added = await maskedApi.call('POST', `/pix/customer/${id}/key`, {
          token: maskedToken,
          body: { type: 'PHONE', key: '+5512912345678' },
        });
        expect((added.body as { key: { key: string } }).key.key).toBe('+5512*********');
        const list = await maskedApi.call('GET', `/pix/customer/${id}/key`, { token: maskedToken });
        const [pixKey] = list.body as Array<{ key: string }>;
        expect(pixKey?.key).toBe('+5512*********');
        const currencies = await maskedApi.call('GET', '/withdraw/company/currencies', {
          token: maskedToken,
        });
        const [currency] = currencies.body as unknown[];
        const answer = await maskedApi.call('POST', '/withdraw', {
          token: maskedToken,
          body: { amount: 3, customerId: id, currency, pixKey },
        });
        expect(answer.status).toBe(201);
        expect(masked.mock.withdrawals.list()[0]?.pixKey?.key).toBe('+5512912345678');
      } finally {
        await masked.close();
      }
    });
  });
});
