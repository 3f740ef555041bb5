// Accounts: the main account and its sub-accounts each log in with their own credentials and see
// only their own customers, keys, transactions and balance; their webhooks go to their own URL.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import type { MockSubAccount } from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../support/mock-receiver.js';
import {
  answerOf,
  depositCurrency,
  HEX24,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  UNAUTHORIZED,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { decodeJwtPart, mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Accounts through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  let sub: MockSubAccount;
  let subToken: string;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });
  beforeEach(async () => {
    sub = h.mock.company.createSubAccount({ balance: { BRL: '100.00' } });
    const login = await api.call('POST', '/auth/token', { body: sub.credentials });
    subToken = (login.body as { token: string }).token;
  });

  /** A customer of the sub-account, with a key, and a withdrawal and a deposit of its own. */
  async function subAccountActivity() {
    const account = h.mock.account(sub._id);
    const customer = account.customers.create();
    const { pixKey, currency } = await withdrawalFixture(api, subToken, customer._id);
    const withdrawal = await api.call('POST', '/withdraw', {
      token: subToken,
      body: { amount: 10, customerId: customer._id, currency, pixKey },
    });
    const deposit = await api.call('POST', '/deposit', {
      token: subToken,
      body: { amount: 5, customerId: customer._id, currency: await depositCurrency(api, subToken) },
    });
    expect([withdrawal.status, deposit.status]).toEqual([201, 201]);
    return {
      customerId: customer._id,
      pixKey,
      withdrawalId: (withdrawal.body as { _id: string })._id,
      depositId: (deposit.body as { data: { id: string } }).data.id,
    };
  }

  it('a sub-account logs in at once; its token names it, and the main account’s names the main one', () => {
    expect(sub._id).toMatch(HEX24);
    const [, subClaims] = subToken.split('.');
    expect(decodeJwtPart(subClaims ?? '').sub).toBe(sub._id);
    const [, mainClaims] = token.split('.');
    expect(decodeJwtPart(mainClaims ?? '').sub).toBe(h.mock.account().id);
    expect(h.mock.account().id).not.toBe(sub._id);
  });

  it('a wrong password of a sub-account is 401', async () => {
    const answer = await api.call('POST', '/auth/token', {
      body: { email: sub.credentials.email, password: h.mock.credentials.password },
    });
    expect(answerOf(answer)).toEqual(UNAUTHORIZED);
  });

  it('ids of the sub-account are 404 to the main account', async () => {
    const activity = await subAccountActivity();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/customer/${activity.customerId}`],
      ['PUT', `/customer/${activity.customerId}`, { name: 'Outro Nome', document: '52998224725' }],
      ['GET', `/pix/customer/${activity.customerId}/key`],
      ['DELETE', `/pix/customer/${activity.customerId}/key/remove/${activity.pixKey._id}`],
      ['GET', `/withdraw/${activity.withdrawalId}/details`],
      ['POST', `/withdraw/${activity.withdrawalId}/resend/webhook`, {}],
      ['GET', `/deposit/${activity.depositId}/details`],
      ['POST', `/deposit/${activity.depositId}/resend/webhook`, {}],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api.call(method, path, { token, ...(body ? { body } : {}) });
      expect(answerOf(answer), `${method} ${path}`).toEqual(NOT_FOUND);
    }
    // And they still work for their own account.
    const own = await api.call('GET', `/withdraw/${activity.withdrawalId}/details`, {
      token: subToken,
    });
    expect(own.status).toBe(200);
  });

  it('ids of the main account are 404 to the sub-account', async () => {
    const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
    const created = await api.call('POST', '/withdraw', {
      token,
      body: { amount: 1, customerId, currency, pixKey },
    });
    const { _id } = created.body as { _id: string };
    for (const path of [`/customer/${customerId}`, `/withdraw/${_id}/details`]) {
      expect(answerOf(await api.call('GET', path, { token: subToken })), path).toEqual(NOT_FOUND);
    }
    // A withdrawal with the main account's customer and key is refused, and moves no money.
    const across = await api.call('POST', '/withdraw', {
      token: subToken,
      body: { amount: 1, customerId, currency, pixKey },
    });
    expect(answerOf(across)).toEqual(NOT_FOUND);
    expect(h.mock.account(sub._id).company.balances()[0]).toMatchObject({
      totalAmount: 100,
      totalHeld: 0,
    });
  });

  it('each account has its own customers, names and documents: the same customer may exist in both', async () => {
    const main = h.mock.customers.seeded;
    const body = { name: main.name, document: main.document };
    const created = await api.call('POST', '/customer', { token: subToken, body });
    expect(created.status).toBe(201);
    expect(h.mock.account(sub._id).customers.list()).toHaveLength(1);
    expect(h.mock.customers.list()).toHaveLength(1);
  });

  it('a Pix key is registered once across accounts, as in the Banco Central directory', async () => {
    const customer = h.mock.account(sub._id).customers.create();
    const key = { type: 'EMAIL', key: 'unica@example.com' };
    expect(
      (await api.call('POST', `/pix/customer/${customerId}/key`, { token, body: key })).status,
    ).toBe(201);
    const again = await api.call('POST', `/pix/customer/${customer._id}/key`, {
      token: subToken,
      body: key,
    });
    expect(answerOf(again)).toEqual(NOT_FOUND);
  });

  it('each account has its own balance: the sub-account’s withdrawal moves its ledger alone', async () => {
    const before = await api.call('POST', '/balance/company', { token, body: {} });
    const activity = await subAccountActivity();
    await h.mock.account(sub._id).withdrawals.settle(activity.withdrawalId, 'PAID');
    await h.mock.account(sub._id).deposits.settle(activity.depositId, 'PAID');
    const subBalance = await api.call('POST', '/balance/company', { token: subToken, body: {} });
    expect((subBalance.body as unknown[])[0]).toEqual({
      currency: { type: 'PIX', name: 'BRL' },
      totalAmount: 95,
      totalHeld: 0,
    });
    expect((await api.call('POST', '/balance/company', { token, body: {} })).body).toEqual(
      before.body,
    );
    // The main account's controls see none of it.
    expect(h.mock.withdrawals.list()).toEqual([]);
    expect(h.mock.account(sub._id).withdrawals.list()).toHaveLength(1);
  });

  it('an insufficient balance of a sub-account refuses its withdrawal, whatever the main account holds', async () => {
    const account = h.mock.account(sub._id);
    account.company.setBalance({ BRL: '0.50' });
    const customer = account.customers.create();
    const { pixKey, currency } = await withdrawalFixture(api, subToken, customer._id);
    const answer = await api.call('POST', '/withdraw', {
      token: subToken,
      body: { amount: 1, customerId: customer._id, currency, pixKey },
    });
    expect(answerOf(answer)).toEqual({ status: 400, body: { message: 'Saldo insuficiente' } });
    expect(account.withdrawals.list()).toEqual([]);
  });

  it('actions are denied per account', async () => {
    h.mock.account(sub._id).auth.denyAction('withdrawals.listCurrencies');
    expect(
      answerOf(await api.call('GET', '/withdraw/company/currencies', { token: subToken })),
    ).toEqual(UNAUTHORIZED);
    expect((await api.call('GET', '/withdraw/company/currencies', { token })).status).toBe(200);
    h.mock.account(sub._id).auth.allowAction('withdrawals.listCurrencies');
    expect(
      (await api.call('GET', '/withdraw/company/currencies', { token: subToken })).status,
    ).toBe(200);
  });

  it('the journal names the sub-account behind a request', async () => {
    await api.call('GET', '/withdraw/company/currencies', { token: subToken });
    await api.call('GET', '/withdraw/company/currencies', { token });
    const [bySub, byMain] = h.mock.requests.slice(-2);
    expect(bySub?.account).toBe(sub._id);
    expect(byMain?.account).toBeUndefined();
  });

  it('reset() drops the sub-accounts: their tokens and controls stop working', async () => {
    h.mock.reset();
    expect(
      answerOf(await api.call('GET', '/withdraw/company/currencies', { token: subToken })),
    ).toEqual(UNAUTHORIZED);
    expect(answerOf(await api.call('POST', '/auth/token', { body: sub.credentials }))).toEqual(
      UNAUTHORIZED,
    );
    expect(() => h.mock.account(sub._id)).toThrow(RangeError);
    expect(h.mock.company.subAccounts).toEqual([]);
  });

  it('a token from before reset() does not act on the sub-account created after it, which got the same id', async () => {
    h.mock.reset();
    const next = h.mock.company.createSubAccount({ balance: { BRL: '100.00' } });
    // With a seed the ids start over: the new sub-account is where the old token points.
    expect(next._id).toBe(sub._id);
    const calls = [
      api.call('POST', '/balance/company', { token: subToken, body: {} }),
      api.call('GET', '/withdraw/company/currencies', { token: subToken }),
      api.call('POST', '/customer', {
        token: subToken,
        body: { name: 'Intrusa', document: '52998224725', email: 'i@example.com' },
      }),
      api.call('POST', '/withdraw/allowed-ip/subaccount', {
        token: subToken,
        body: { ip: '203.0.113.9' },
      }),
    ];
    for (const answer of await Promise.all(calls)) expect(answerOf(answer)).toEqual(UNAUTHORIZED);
    expect(h.mock.account(next._id).customers.list()).toEqual([]);
    const fresh = await api.call('POST', '/auth/token', { body: next.credentials });
    const freshToken = (fresh.body as { token: string }).token;
    const balance = await api.call('POST', '/balance/company', { token: freshToken, body: {} });
    expect(balance.status).toBe(200);
  });

  describe('webhooks go to each account’s own URL', () => {
    let mainReceiver: Awaited<ReturnType<typeof startReceiver>>;
    let subReceiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeEach(async () => {
      mainReceiver = await startReceiver();
      subReceiver = await startReceiver();
    });
    afterEach(async () => {
      await mainReceiver.close();
      await subReceiver.close();
    });

    it('settle and resend of a sub-account’s transactions reach the URL it registered', async () => {
      h.mock.webhooks.setUrl(mainReceiver.url);
      const registered = await api.call('POST', '/webhook/subaccount', {
        token: subToken,
        body: { name: 'Primeiro Webhook', externalWebhookUrl: subReceiver.url },
      });
      expect(registered.status).toBe(200);
      const activity = await subAccountActivity();
      const account = h.mock.account(sub._id);
      const settled = await account.withdrawals.settle(activity.withdrawalId, 'PAID');
      expect(settled).toMatchObject({
        url: subReceiver.url,
        account: sub._id,
        outcome: 'delivered',
      });
      await api.call('POST', `/deposit/${activity.depositId}/resend/webhook`, {
        token: subToken,
        body: {},
      });
      await h.mock.webhooks.flush();
      expect(subReceiver.received.map((r) => (r.body as { id: string }).id)).toEqual([
        activity.withdrawalId,
        activity.depositId,
      ]);
      expect(mainReceiver.received).toEqual([]);
      expect(account.webhooks.deliveries.map((d) => d.payload.id)).toEqual([
        activity.withdrawalId,
        activity.depositId,
      ]);
      expect(h.mock.account().webhooks.deliveries).toEqual([]);
    });

    it('the main account’s webhooks still reach its own URL', async () => {
      h.mock.webhooks.setUrl(mainReceiver.url);
      h.mock.account(sub._id).webhooks.setUrl(subReceiver.url);
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const created = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId, currency, pixKey },
      });
      const { _id } = created.body as { _id: string };
      const delivery = await h.mock.withdrawals.settle(_id, 'PAID');
      expect(delivery).toMatchObject({ url: mainReceiver.url, account: h.mock.account().id });
      expect(mainReceiver.received).toHaveLength(1);
      expect(subReceiver.received).toEqual([]);
    });

    it('a sub-account without a URL skips its deliveries, even when the main account has one', async () => {
      h.mock.webhooks.setUrl(mainReceiver.url);
      const activity = await subAccountActivity();
      const delivery = await h.mock
        .account(sub._id)
        .withdrawals.settle(activity.withdrawalId, 'PAID');
      expect(delivery).toMatchObject({ url: null, outcome: 'skipped' });
      expect(mainReceiver.received).toEqual([]);
    });
  });
});
