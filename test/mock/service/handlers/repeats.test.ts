// A repeated externalId: the same body answers the first transaction again, another body is
// refused with 409 naming the fields that differ (idempotencyMismatch 'reject', the default), or
// answered with the first transaction whatever it says ('replay').
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  CONFLICT,
  depositCurrency,
  type MockSession,
  mockPerTest,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports, rawApi } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Repeated externalId through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  async function withdrawal() {
    const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
    const body = { amount: 1, customerId, currency, pixKey, externalId: 'payout-1' };
    const first = await api.call('POST', '/withdraw', { token, body });
    expect(first.status).toBe(201);
    return { body, first, pixKey, currency };
  }

  it('a withdrawal with another amount is 409, the reason naming amount; nothing moves', async () => {
    const { body, first } = await withdrawal();
    const balances = h.mock.company.balances();
    const second = await api.call('POST', '/withdraw', { token, body: { ...body, amount: 500 } });
    expect(answerOf(second)).toEqual(CONFLICT);
    const { _id } = first.body as { _id: string };
    expect(second.headers.get('x-mock-reason')).toBe(
      `another amount than the withdrawal ${_id} this externalId was first sent with: repeat the first body to get it back, or send a new externalId for a new withdrawal`,
    );
    expect(h.mock.withdrawals.list()).toHaveLength(1);
    expect(h.mock.company.balances()).toEqual(balances);
  });

  it('a withdrawal without its amount, to another customer or key, in another currency: each field named', async () => {
    const { body, pixKey } = await withdrawal();
    const other = h.mock.customers.create();
    const otherKey = (
      await api.call('POST', `/pix/customer/${other._id}/key`, {
        token,
        body: { type: 'EMAIL', key: 'someone@example.com' },
      })
    ).body as { key: unknown };
    const { amount: _amount, ...withoutAmount } = body;
    const cases: Array<[unknown, string]> = [
      [withoutAmount, 'another amount than'],
      [{ ...body, customerId: other._id, pixKey: otherKey.key }, 'another customerId, pixKey than'],
      [{ ...body, pixKey: { ...pixKey, key: 'another@example.com' } }, 'another pixKey than'],
      [
        { ...body, currency: { ...body.currency, _id: '0123456789abcdef01234567' } },
        'another currency than',
      ],
      [{ ...body, amount: 2, description: 'rent' }, 'another amount, description than'],
    ];
    for (const [sent, reason] of cases) {
      const answer = await api.call('POST', '/withdraw', { token, body: sent });
      expect(answer.status, reason).toBe(409);
      expect(answer.headers.get('x-mock-reason'), reason).toContain(reason);
    }
    expect(h.mock.withdrawals.list()).toHaveLength(1);
  });

  it('the same payment written another way is the same: 1 and 1.00, fields reordered, the currency without its fees', async () => {
    const { body, first } = await withdrawal();
    const { supplierFeeByActivity: _fees, ...currencyWithoutFees } = body.currency;
    // The amount as the text 1.00 on the wire, not the number JSON.stringify would write.
    const text = JSON.stringify(body).replace('"amount":1,', '"amount":1.00,');
    expect(text).toContain('"amount":1.00,');
    const again = [
      { rawBody: text, headers: { 'content-type': 'application/json' } },
      { body: Object.fromEntries(Object.entries(body).reverse()) },
      { body: { ...body, currency: currencyWithoutFees } },
    ];
    for (const sent of again) {
      const answer = await api.call('POST', '/withdraw', { token, ...sent });
      expect(answerOf(answer)).toEqual(answerOf(first));
    }
    expect(h.mock.withdrawals.list()).toHaveLength(1);
  });

  it('a deposit with another amount or another payer is 409; the same body answers the first deposit', async () => {
    const currency = await depositCurrency(api, token);
    const body = { amount: 12.5, customerId, currency, externalId: 'charge-1' };
    const first = await api.call('POST', '/deposit', { token, body });
    const again = await api.call('POST', '/deposit', { token, body: { ...body, amount: 12.5 } });
    expect(answerOf(again)).toEqual(answerOf(first));
    const more = await api.call('POST', '/deposit', { token, body: { ...body, amount: 125 } });
    expect(answerOf(more)).toEqual(CONFLICT);
    expect(more.headers.get('x-mock-reason')).toContain('another amount than the deposit');
    const customers = h.mock.customers.list().length;
    const { customerId: _customerId, ...rest } = body;
    const newPayer = await api.call('POST', '/deposit', {
      token,
      body: { ...rest, customer: { name: 'Caio Reis', document: '52998224725' } },
    });
    expect(newPayer.status).toBe(409);
    expect(newPayer.headers.get('x-mock-reason')).toContain('another customer, customerId than');
    expect(h.mock.deposits.list()).toHaveLength(1);
    expect(h.mock.customers.list()).toHaveLength(customers);
  });

  it('a body nested thousands of levels deep, or with a thousand odd fields, is compared without failing', async () => {
    const currency = await depositCurrency(api, token);
    const depth = 50_000;
    const deep = `{"amount":1,"customerId":"${customerId}","currency":${JSON.stringify(currency)},"externalId":"deep-1","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const headers = { 'content-type': 'application/json' };
    const first = await api.call('POST', '/deposit', { token, rawBody: deep, headers });
    expect(first.status).toBe(201);
    const again = await api.call('POST', '/deposit', { token, rawBody: deep, headers });
    expect(answerOf(again)).toEqual(answerOf(first));
    const wide = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, index) => [`field-${index}-${'x'.repeat(100)}`, index]),
    );
    const odd = await api.call('POST', '/deposit', {
      token,
      body: { amount: 1, customerId, currency, externalId: 'deep-1', ...wide },
    });
    expect(odd.status).toBe(409);
    const reason = odd.headers.get('x-mock-reason') ?? '';
    expect(reason).toMatch(
      /^another extra, field-0-x{24}\.\.\., field-1-x{24}\.\.\., .* and 996 more fields than the deposit /,
    );
    expect(h.mock.deposits.list()).toHaveLength(1);
  });

  it("idempotencyMismatch 'replay' answers the first transaction whatever the repeat says", async () => {
    const replaying = await transport.create({ seed: 7, idempotencyMismatch: 'replay' });
    try {
      const raw = rawApi(replaying);
      const login = await raw.login();
      const seeded = replaying.mock.customers.seeded._id;
      const { pixKey, currency } = await withdrawalFixture(raw, login, seeded);
      const body = { amount: 1, customerId: seeded, currency, pixKey, externalId: 'payout-1' };
      const first = await raw.call('POST', '/withdraw', { token: login, body });
      const second = await raw.call('POST', '/withdraw', {
        token: login,
        body: { ...body, amount: 500 },
      });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(replaying.mock.withdrawals.list()).toHaveLength(1);
      expect(replaying.mock.withdrawals.list()[0]?.amount).toBe(1);
    } finally {
      await replaying.close();
    }
  });
});

describe('the idempotencyMismatch option', () => {
  it('refuses a value other than reject or replay with a TypeError naming both', async () => {
    const { createPaymentServiceMock } = await import('pix-payment-sdk/mock');
    expect(() => createPaymentServiceMock({ idempotencyMismatch: 'ignore' as 'reject' })).toThrow(
      new TypeError(`idempotencyMismatch must be 'reject' or 'replay', got "ignore"`),
    );
  });
});
