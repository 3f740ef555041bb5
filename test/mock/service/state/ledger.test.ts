// The ledger: every account's balances move with its withdrawals and deposits, in exact cents.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { formatCents } from 'pix-payment-sdk';
import type { MockBalance, MockFiatBalance, PaymentServiceMock } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Api,
  answerOf,
  depositCurrency,
  type MockSession,
  mockPerTest,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

const INSUFFICIENT = { status: 400, body: { message: 'Saldo insuficiente' } };

function brlOf(balances: ReadonlyArray<MockBalance>): MockFiatBalance {
  const brl = balances.find((b): b is MockFiatBalance => 'currency' in b);
  if (!brl) throw new Error('no BRL balance');
  return brl;
}

/** The BRL balance as the service answers it, over HTTP. */
async function brl(api: Api, token: string): Promise<{ totalAmount: number; totalHeld: number }> {
  const answer = await api.call('POST', '/balance/company', { token, body: {} });
  expect(answer.status).toBe(200);
  const { totalAmount, totalHeld } = brlOf(answer.body as MockBalance[]);
  return { totalAmount, totalHeld };
}

describe.each(mockTransports())('The ledger through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  let mock: PaymentServiceMock;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
    mock = h.mock;
  });

  // The key and currency of this test's withdrawals, registered on first use.
  let fixture: Awaited<ReturnType<typeof withdrawalFixture>> | undefined;
  beforeEach(() => {
    fixture = undefined;
  });
  async function withdraw(amount: number, extra: Record<string, unknown> = {}) {
    fixture ??= await withdrawalFixture(api, token, customerId);
    const { pixKey, currency } = fixture;
    return api.call('POST', '/withdraw', {
      token,
      body: { amount, customerId, currency, pixKey, ...extra },
    });
  }

  it('a withdrawal holds its amount when created, spends it when PAID', async () => {
    mock.company.setBalance({ BRL: '100.00' });
    const created = await withdraw(30.25);
    expect(created.status).toBe(201);
    const { _id } = created.body as { _id: string };
    expect(await brl(api, token)).toEqual({ totalAmount: 69.75, totalHeld: 30.25 });
    await mock.withdrawals.settle(_id, 'PROCESSING');
    expect(await brl(api, token)).toEqual({ totalAmount: 69.75, totalHeld: 30.25 });
    await mock.withdrawals.settle(_id, 'PAID');
    expect(await brl(api, token)).toEqual({ totalAmount: 69.75, totalHeld: 0 });
    // Settling PAID again moves nothing more.
    await mock.withdrawals.settle(_id, 'PAID');
    expect(await brl(api, token)).toEqual({ totalAmount: 69.75, totalHeld: 0 });
  });

  it.each(['ERROR', 'REJECTED'])('a withdrawal gives its amount back on %s', async (status) => {
    mock.company.setBalance({ BRL: '50.00' });
    const { _id } = (await withdraw(20)).body as { _id: string };
    await mock.withdrawals.settle(_id, status);
    expect(await brl(api, token)).toEqual({ totalAmount: 50, totalHeld: 0 });
  });

  it('a paid withdrawal refunded (REFUND_APPROVED) comes back; a dispute status moves nothing', async () => {
    mock.company.setBalance({ BRL: '50.00' });
    const { _id } = (await withdraw(20)).body as { _id: string };
    await mock.withdrawals.settle(_id, 'PAID');
    await mock.withdrawals.settle(_id, 'AWAITING_BANK_VEREDICT');
    expect(await brl(api, token)).toEqual({ totalAmount: 30, totalHeld: 0 });
    await mock.withdrawals.settle(_id, 'REFUND_APPROVED');
    expect(await brl(api, token)).toEqual({ totalAmount: 50, totalHeld: 0 });
  });

  it('a deposit credits its amount when PAID, not before; a refund takes it back', async () => {
    mock.company.setBalance({ BRL: '0' });
    const currency = await depositCurrency(api, token);
    const created = await api.call('POST', '/deposit', {
      token,
      body: { amount: 12.34, customerId, currency },
    });
    const { id } = (created.body as { data: { id: string } }).data;
    expect(await brl(api, token)).toEqual({ totalAmount: 0, totalHeld: 0 });
    await mock.deposits.settle(id, 'PAID');
    expect(await brl(api, token)).toEqual({ totalAmount: 12.34, totalHeld: 0 });
    await mock.deposits.settle(id, 'PAID');
    expect(await brl(api, token)).toEqual({ totalAmount: 12.34, totalHeld: 0 });
    await mock.deposits.settle(id, 'REFUND_APPROVED');
    expect(await brl(api, token)).toEqual({ totalAmount: 0, totalHeld: 0 });
  });

  it('a withdrawal above the available balance is 400 "Saldo insuficiente": nothing created, balance unchanged', async () => {
    mock.company.setBalance({ BRL: '10.00' });
    expect(answerOf(await withdraw(10.01, { externalId: 'too-much' }))).toEqual(INSUFFICIENT);
    expect(mock.withdrawals.list()).toEqual([]);
    expect(await brl(api, token)).toEqual({ totalAmount: 10, totalHeld: 0 });
    // The externalId of the refused one is free: nothing was recorded under it.
    expect((await withdraw(10, { externalId: 'too-much' })).status).toBe(201);
    expect(await brl(api, token)).toEqual({ totalAmount: 0, totalHeld: 10 });
  });

  it('held money is not available: a second withdrawal that only the first’s hold covers is refused', async () => {
    mock.company.setBalance({ BRL: '10.00' });
    expect((await withdraw(6)).status).toBe(201);
    expect(answerOf(await withdraw(6))).toEqual(INSUFFICIENT);
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('a repeated externalId answers the first withdrawal and holds nothing more', async () => {
    mock.company.setBalance({ BRL: '10.00' });
    const first = await withdraw(4, { externalId: 'pedido-1' });
    const again = await withdraw(4, { externalId: 'pedido-1' });
    expect(again.body).toEqual(first.body);
    expect(await brl(api, token)).toEqual({ totalAmount: 6, totalHeld: 4 });
  });

  it('a fault before processing holds nothing; a fault after processing holds once', async () => {
    mock.company.setBalance({ BRL: '10.00' });
    const fixture = await withdrawalFixture(api, token, customerId);
    const body = { amount: 3, customerId, ...fixture, externalId: 'pedido-falha' };
    mock.faults.inject({
      method: 'POST',
      path: '/withdraw',
      status: 503,
      phase: 'before',
      times: 1,
    });
    expect((await api.call('POST', '/withdraw', { token, body })).status).toBe(503);
    expect(await brl(api, token)).toEqual({ totalAmount: 10, totalHeld: 0 });
    mock.faults.inject({
      method: 'POST',
      path: '/withdraw',
      status: 503,
      phase: 'after',
      times: 1,
    });
    expect((await api.call('POST', '/withdraw', { token, body })).status).toBe(503);
    expect(await brl(api, token)).toEqual({ totalAmount: 7, totalHeld: 3 });
    // The caller's retry finds the first withdrawal and holds nothing more.
    expect((await api.call('POST', '/withdraw', { token, body })).status).toBe(201);
    expect(await brl(api, token)).toEqual({ totalAmount: 7, totalHeld: 3 });
    expect(mock.withdrawals.list()).toHaveLength(1);
  });

  it('1,000 small operations add up to the exact cent', async () => {
    mock.company.setBalance({ BRL: '100.00' });
    const fixture = await withdrawalFixture(api, token, customerId);
    const deposits = await depositCurrency(api, token);
    let expected = 10_000;
    let held = 0;
    for (let i = 0; i < 1000; i++) {
      // Amounts from 0.01 to 0.99, the ones float sums get wrong (0.1 + 0.2).
      const cents = (i * 37) % 99 || 1;
      const amount = cents / 100;
      if (i % 2 === 0) {
        const created = await api.call('POST', '/deposit', {
          token,
          body: { amount, customerId, currency: deposits },
        });
        const { id } = (created.body as { data: { id: string } }).data;
        await mock.deposits.settle(id, 'PAID');
        expected += cents;
      } else {
        const created = await api.call('POST', '/withdraw', {
          token,
          body: { amount, customerId, ...fixture },
        });
        expect(created.status).toBe(201);
        const { _id } = created.body as { _id: string };
        // One in three stays pending, one in three is paid, one in three fails.
        if (i % 3 === 0) {
          held += cents;
          expected -= cents;
        } else if (i % 3 === 1) {
          await mock.withdrawals.settle(_id, 'PAID');
          expected -= cents;
        } else {
          await mock.withdrawals.settle(_id, 'ERROR');
        }
      }
    }
    const balance = await brl(api, token);
    expect(balance).toEqual({ totalAmount: expected / 100, totalHeld: held / 100 });
    expect(String(balance.totalAmount)).toBe(formatCents(expected).replace(/\.?0+$/, ''));
    expect(brlOf(mock.company.balances())).toEqual({
      currency: { type: 'PIX', name: 'BRL' },
      totalAmount: expected / 100,
      totalHeld: held / 100,
    });
    // A thousand requests through MSW's interception take a while on a busy machine.
  }, 120_000);

  it('a settle that would take the balance below zero is refused and changes nothing', async () => {
    mock.company.setBalance({ BRL: '0' });
    const currency = await depositCurrency(api, token);
    const created = await api.call('POST', '/deposit', {
      token,
      body: { amount: 5, customerId, currency },
    });
    const { id } = (created.body as { data: { id: string } }).data;
    await mock.deposits.settle(id, 'PAID');
    mock.company.setBalance({ BRL: '1.00' });
    await expect(mock.deposits.settle(id, 'REFUND_APPROVED')).rejects.toThrow(RangeError);
    expect(mock.deposits.get(id)?.status).toBe('PAID');
    expect(await brl(api, token)).toEqual({ totalAmount: 1, totalHeld: 0 });
  });

  it('a balance at the top of its range is answered exactly, by the service route and the control routes', async () => {
    // 9,007,199,254,740,991 cents: no double holds 90071992547409.91, so only its text can.
    mock.company.setBalance({ BRL: '90071992547409.91', USDT: '9007199254.740991' });
    const exact = ['"totalAmount":90071992547409.91', '"totalAmount":9007199254.740991'];
    const read = await api.call('POST', '/balance/company', { token, body: {} });
    const control = await api.call('GET', '/__mock/balances');
    const set = await api.call('PUT', '/__mock/balances', {
      body: { BRL: '90071992547409.91', USDT: '9007199254.740991' },
    });
    for (const answer of [read, control, set]) {
      expect(answer.status).toBe(200);
      for (const text of exact) expect(answer.text).toContain(text);
    }
  });

  it('setBalance refuses what is not a balance, and sets nothing', () => {
    for (const balances of [
      { BRL: '-1.00' },
      { BRL: '1.001' },
      { BRL: 0.1 + 0.2 },
      { USDT: '0.0000001' },
      { EUR: '1.00' },
      { BRL: '1.00', USDT: 'muito' },
    ]) {
      expect(() => mock.company.setBalance(balances as never), JSON.stringify(balances)).toThrow(
        TypeError,
      );
    }
    expect(brlOf(mock.company.balances()).totalAmount).toBe(1_000_000);
  });

  it('reset() returns to the starting balance', async () => {
    mock.company.setBalance({ BRL: '1.00', USDT: '2.5' });
    await withdraw(1);
    mock.reset();
    expect(mock.company.balances()).toEqual([
      { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1_000_000, totalHeld: 0 },
      { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0 },
    ]);
  });
});
