// The customer's side of the mock's deposits: paying one by its BR Code or id, and running a MED
// dispute of a paid one, in process and over the control routes of a real server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  brCodeCrc16,
  buildDeposit,
  buildWithdrawal,
  PaymentClient,
  selectCurrency,
} from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type MockFiatBalance,
  MockRefusalError,
  type PaymentServiceMock,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startReceiver } from '../../support/mock-receiver.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function clientOf(mock: PaymentServiceMock, credentials = mock.credentials) {
  return new PaymentClient({ baseUrl: mock.baseUrl, ...credentials, fetch: mock.fetch });
}

/** A deposit of `cents` made through the client, as the merchant's app creates it. */
async function deposit(client: PaymentClient, customerId: string, cents = 2500) {
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const { data } = await client.deposits.create(
    buildDeposit({ amount: { cents }, customerId, currency }),
  );
  return data;
}

/** A withdrawal of 5.00 made through the client; its id. */
async function withdrawal(mock: PaymentServiceMock, customerId: string): Promise<string> {
  const client = clientOf(mock);
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
  await client.withdrawals.create(
    buildWithdrawal({ amount: '5.00', customerId, currency, pixKey }),
  );
  const created = mock.withdrawals.list().at(-1);
  if (!created) throw new Error('no withdrawal created');
  return created._id;
}

function brl(mock: { company: { balances(): unknown[] } }) {
  const found = mock.company
    .balances()
    .find((b): b is MockFiatBalance => 'currency' in (b as object));
  if (!found) throw new Error('no BRL balance');
  return { available: found.totalAmount, held: found.totalHeld };
}

/** A code with a valid CRC that this mock never issued: an issued one with its location changed. */
function neverIssued(code: string): string {
  const content = code.slice(0, -4).replace(/qr\/v3\/at\/[0-9a-f]/, 'qr/v3/at/z');
  expect(content).not.toBe(code.slice(0, -4));
  return content + brCodeCrc16(content);
}

async function refusal(promise: Promise<unknown>): Promise<MockRefusalError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MockRefusalError);
  return error as MockRefusalError;
}

describe('mock.deposits.pay', () => {
  it('pays by the BR Code the client received: PAID, credited, the PAID webhook sent', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const mock = createPaymentServiceMock({ webhookUrl: receiver.url });
    mock.company.setBalance({ BRL: '10.00' });
    const client = clientOf(mock);
    const data = await deposit(client, mock.customers.seeded._id);

    const { deposit: paid, delivery } = await mock.deposits.pay(data.code);
    expect(paid).toMatchObject({ _id: data.id, status: 'PAID' });
    expect(delivery).toMatchObject({ outcome: 'delivered', trigger: 'settle' });
    expect(delivery.payload).toMatchObject({ id: data.id, status: 'PAID', amount: 25 });
    expect(receiver.received.map((r) => (r.body as { status: string }).status)).toEqual(['PAID']);
    expect(brl(mock)).toEqual({ available: 35, held: 0 });
    // The details carry the status inside `currency`, as the provider's do.
    await expect(client.deposits.get(data.id)).resolves.toMatchObject({
      currency: { status: 'PAID' },
    });
  });

  it('pays by id, and a code pasted with white space around it', async () => {
    const mock = createPaymentServiceMock();
    mock.company.setBalance({ BRL: '0.00' });
    const client = clientOf(mock);
    const first = await deposit(client, mock.customers.seeded._id);
    const second = await deposit(client, mock.customers.seeded._id, 100);
    await mock.deposits.pay(first.id);
    await mock.deposits.pay(`  ${second.code}\n`);
    expect(mock.deposits.list().map((d) => d.status)).toEqual(['PAID', 'PAID']);
    expect(brl(mock).available).toBe(26);
  });

  it('a code with a valid CRC that the mock never issued is refused; nothing changes', async () => {
    const mock = createPaymentServiceMock();
    mock.company.setBalance({ BRL: '0.00' });
    const data = await deposit(clientOf(mock), mock.customers.seeded._id);
    const error = await refusal(mock.deposits.pay(neverIssued(data.code)));
    expect(error.code).toBe('unknown-code');
    expect(error.message).toMatch(/never issued/);
    expect(mock.deposits.get(data.id)?.status).toBe('WAITING_PAYMENT');
    expect(brl(mock).available).toBe(0);
    expect(mock.webhooks.deliveries).toEqual([]);
  });

  it('a code of another account is refused, naming the account to pay it through', async () => {
    const mock = createPaymentServiceMock();
    mock.company.setBalance({ BRL: '0.00' });
    const sub = mock.company.createSubAccount();
    const account = mock.account(sub._id);
    const data = await deposit(clientOf(mock, sub.credentials), account.customers.create()._id);
    const error = await refusal(mock.deposits.pay(data.code));
    expect(error.code).toBe('other-account');
    expect(error.message).toContain(sub._id);
    expect(account.deposits.get(data.id)?.status).toBe('WAITING_PAYMENT');
    await account.deposits.pay(data.code);
    expect(account.deposits.get(data.id)?.status).toBe('PAID');
    expect(brl(account).available).toBe(25);
    expect(brl(mock).available).toBe(0);
  });

  it('a huge string, a broken CRC, an unknown id, a withdrawal’s id and a non-string are refused by name', async () => {
    const mock = createPaymentServiceMock();
    mock.company.setBalance({ BRL: '100.00' });
    const client = clientOf(mock);
    const data = await deposit(client, mock.customers.seeded._id);
    const huge = `000201${'9'.repeat(5_000_000)}`;
    const tooLong = await refusal(mock.deposits.pay(huge));
    expect(tooLong.code).toBe('not-a-pix-code');
    expect(tooLong.message.length).toBeLessThan(200);
    const broken = `${data.code.slice(0, -4)}${data.code.endsWith('0000') ? 'FFFF' : '0000'}`;
    expect((await refusal(mock.deposits.pay(broken))).code).toBe('not-a-pix-code');
    expect((await refusal(mock.deposits.pay('no-such-id'))).code).toBe('unknown-deposit');
    const withdrawalId = await withdrawal(mock, mock.customers.seeded._id);
    const notADeposit = await refusal(mock.deposits.pay(withdrawalId));
    expect(notADeposit.code).toBe('unknown-deposit');
    expect(notADeposit.message).toMatch(/withdrawal/);
    expect((await refusal(mock.deposits.pay(42 as never))).code).toBe('unknown-deposit');
    expect(mock.deposits.get(data.id)?.status).toBe('WAITING_PAYMENT');
  });

  it('a sub-account gone with a reset: pay rejects with a RangeError instead of throwing', async () => {
    const mock = createPaymentServiceMock();
    const account = mock.account(mock.company.createSubAccount()._id);
    mock.reset();
    const paying = account.deposits.pay('any-id');
    await expect(paying).rejects.toThrow(/no account with id/);
    await expect(paying).rejects.toBeInstanceOf(RangeError);
  });

  it('paying twice at once pays once: one credit, one webhook, the second refused as not payable', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const mock = createPaymentServiceMock({ webhookUrl: receiver.url });
    mock.company.setBalance({ BRL: '0.00' });
    const data = await deposit(clientOf(mock), mock.customers.seeded._id);
    const [first, second] = await Promise.allSettled([
      mock.deposits.pay(data.code),
      mock.deposits.pay(data.id),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect((second as PromiseRejectedResult).reason).toMatchObject({ code: 'not-payable' });
    expect(brl(mock).available).toBe(25);
    expect(receiver.received).toHaveLength(1);
  });
});

/**
 * A webhook receiver on 127.0.0.1 that notes, as each delivery arrives, its status and the BRL
 * balance of `mock` at that moment: what a merchant's receiver would read.
 */
async function balanceWatcher(mock: () => PaymentServiceMock, onDelivery?: () => void) {
  const seen: Array<{ status: string; available: number; held: number }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { status } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status: string };
      seen.push({ status, ...brl(mock()) });
      onDelivery?.();
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, seen };
}

describe('mock.deposits.dispute', () => {
  async function paidDeposit(options: { balance?: string; cents?: number } = {}) {
    let made: PaymentServiceMock | undefined;
    const watcher = await balanceWatcher(() => made as PaymentServiceMock);
    const mock = createPaymentServiceMock({ webhookUrl: watcher.url });
    made = mock;
    mock.company.setBalance({ BRL: options.balance ?? '0.00' });
    const data = await deposit(clientOf(mock), mock.customers.seeded._id, options.cents ?? 2500);
    await mock.deposits.pay(data.code);
    watcher.seen.length = 0;
    return { mock, seen: watcher.seen, id: data.id, client: clientOf(mock) };
  }

  it('REFUND_APPROVED: the three statuses in order, the amount held while it runs, then removed', async () => {
    const { mock, seen, id, client } = await paidDeposit({ balance: '10.00' });
    const {
      deposit: disputed,
      held,
      deliveries,
    } = await mock.deposits.dispute(id, {
      outcome: 'REFUND_APPROVED',
    });
    expect(seen).toEqual([
      { status: 'AWAITING_REFUND_CONTESTION', available: 10, held: 25 },
      { status: 'AWAITING_BANK_VEREDICT', available: 10, held: 25 },
      { status: 'REFUND_APPROVED', available: 10, held: 0 },
    ]);
    expect(deliveries.map((d) => [d.payload.status, d.outcome])).toEqual([
      ['AWAITING_REFUND_CONTESTION', 'delivered'],
      ['AWAITING_BANK_VEREDICT', 'delivered'],
      ['REFUND_APPROVED', 'delivered'],
    ]);
    expect(held).toBe(25);
    expect(disputed.status).toBe('REFUND_APPROVED');
    await expect(client.deposits.get(id)).resolves.toMatchObject({
      currency: { status: 'REFUND_APPROVED' },
    });
  });

  it('REFUND_CANCELED releases the hold; EXPIRED_DISPUTE skips the verdict and releases it', async () => {
    const won = await paidDeposit();
    await won.mock.deposits.dispute(won.id, { outcome: 'REFUND_CANCELED' });
    expect(won.seen).toEqual([
      { status: 'AWAITING_REFUND_CONTESTION', available: 0, held: 25 },
      { status: 'AWAITING_BANK_VEREDICT', available: 0, held: 25 },
      { status: 'REFUND_CANCELED', available: 25, held: 0 },
    ]);
    const expired = await paidDeposit();
    await expired.mock.deposits.dispute(expired.id, { outcome: 'EXPIRED_DISPUTE' });
    expect(expired.seen).toEqual([
      { status: 'AWAITING_REFUND_CONTESTION', available: 0, held: 25 },
      { status: 'EXPIRED_DISPUTE', available: 25, held: 0 },
    ]);
  });

  it('when the balance is below the amount, what is available is held, and only that is removed', async () => {
    const { mock, seen, id } = await paidDeposit();
    mock.company.setBalance({ BRL: '10.00' }); // the merchant spent part of the 25.00
    const { held } = await mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED' });
    expect(held).toBe(10);
    expect(seen[0]).toEqual({ status: 'AWAITING_REFUND_CONTESTION', available: 0, held: 10 });
    expect(brl(mock)).toEqual({ available: 0, held: 0 });
  });

  it('disputing twice at once runs one dispute; settle is refused while it runs', async () => {
    const { mock, seen, id } = await paidDeposit();
    const first = mock.deposits.dispute(id, { outcome: 'REFUND_CANCELED' });
    const second = await refusal(mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED' }));
    expect(second.code).toBe('not-disputable');
    await expect(mock.deposits.settle(id, 'PAID')).rejects.toThrow(/in a dispute/);
    await first;
    expect(seen.map((step) => step.status)).toEqual([
      'AWAITING_REFUND_CONTESTION',
      'AWAITING_BANK_VEREDICT',
      'REFUND_CANCELED',
    ]);
    expect(brl(mock)).toEqual({ available: 25, held: 0 });
    // Over: a second dispute of the same deposit is refused too (it is no longer PAID).
    expect((await refusal(mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED' }))).code).toBe(
      'not-disputable',
    );
  });

  it('a USDT transfer to a wallet is not disputable (MED covers Pix in reais); its USDT stays', async () => {
    const mock = createPaymentServiceMock({ seed: 7 });
    const received = await mock.crypto.receive(mock.customers.seeded._id, {
      amount: '10',
      network: 'BEP-20',
    });
    const before = mock.company.balances();
    const refused = await refusal(
      mock.deposits.dispute(received._id, { outcome: 'REFUND_APPROVED' }),
    );
    expect(refused.code).toBe('not-disputable');
    expect(refused.message).toContain('USDT side');
    expect(mock.deposits.get(received._id)?.status).toBe('PAID');
    expect(mock.company.balances()).toEqual(before);
  });

  it('a reset while a dispute runs stops it, and the fresh ledger is left alone', async () => {
    let made: PaymentServiceMock | undefined;
    let resetOnDelivery = false;
    const watcher = await balanceWatcher(
      () => made as PaymentServiceMock,
      () => {
        if (resetOnDelivery) made?.reset();
      },
    );
    const mock = createPaymentServiceMock({ webhookUrl: watcher.url });
    made = mock;
    mock.company.setBalance({ BRL: '0.00' });
    const data = await deposit(clientOf(mock), mock.customers.seeded._id);
    await mock.deposits.pay(data.id);
    resetOnDelivery = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cleanups.push(async () => warn.mockRestore());
    await expect(mock.deposits.dispute(data.id, { outcome: 'REFUND_CANCELED' })).rejects.toThrow(
      /reset while it ran/,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mock.deposits.dispute()'));
    const fresh = mock.company.balances().find((b): b is MockFiatBalance => 'currency' in b);
    expect(fresh?.totalHeld).toBe(0);
    expect(mock.deposits.list()).toEqual([]);
  });

  it('a withdrawal, a deposit not paid, an unknown id and an outcome that does not exist are refused', async () => {
    const mock = createPaymentServiceMock();
    mock.company.setBalance({ BRL: '100.00' });
    const client = clientOf(mock);
    const waiting = await deposit(client, mock.customers.seeded._id);
    const withdrawalId = await withdrawal(mock, mock.customers.seeded._id);
    const outcome = 'REFUND_APPROVED';
    const notADeposit = await refusal(mock.deposits.dispute(withdrawalId, { outcome }));
    expect(notADeposit).toMatchObject({ code: 'unknown-deposit' });
    expect(notADeposit.message).toMatch(/withdrawal/);
    expect((await refusal(mock.deposits.dispute(waiting.id, { outcome }))).code).toBe(
      'not-disputable',
    );
    expect((await refusal(mock.deposits.dispute('nope', { outcome }))).code).toBe(
      'unknown-deposit',
    );
    await mock.deposits.pay(waiting.id);
    for (const bad of [{ outcome: 'LOST' }, {}, null, { outcome: 'PAID' }]) {
      expect((await refusal(mock.deposits.dispute(waiting.id, bad as never))).code).toBe(
        'invalid-outcome',
      );
    }
    expect(brl(mock)).toEqual({ available: 120, held: 5 });
    expect(mock.deposits.get(waiting.id)?.status).toBe('PAID');
  });
});

describe('control routes: POST /__mock/deposits/… over real HTTP', () => {
  async function server() {
    const running = await startMockServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => running.close());
    running.mock.company.setBalance({ BRL: '0.00' });
    const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
    const post = async (path: string, body?: unknown, raw?: string) => {
      const response = await fetch(`${running.url}/__mock${path}`, {
        method: 'POST',
        ...(body !== undefined || raw !== undefined
          ? { headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) }
          : {}),
      });
      return {
        status: response.status,
        reason: response.headers.get('x-mock-reason'),
        body: (await response.json()) as Record<string, unknown>,
      };
    };
    return { running, client, post, mock: running.mock };
  }

  it('pay by id and by { code }: 200 { deposit, delivery }; the same code again: 409 with the reason', async () => {
    const { client, post, mock } = await server();
    const first = await deposit(client, mock.customers.seeded._id);
    const second = await deposit(client, mock.customers.seeded._id, 100);
    const byId = await post(`/deposits/${first.id}/pay`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      deposit: { _id: first.id, status: 'PAID' },
      delivery: { payload: { status: 'PAID' }, outcome: 'skipped' },
    });
    const byCode = await post('/deposits/pay', { code: second.code });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ deposit: { _id: second.id, status: 'PAID' } });
    const again = await post('/deposits/pay', { code: second.code });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Conflict', code: 'not-payable' });
    expect(again.reason).toMatch(/is PAID, no longer waiting for its payment/);
    expect(brl(mock).available).toBe(26);
  });

  it('a code never issued, another account’s, a huge or missing one, an unknown id: 404 or 400 with X-Mock-Reason', async () => {
    const { client, post, mock } = await server();
    const data = await deposit(client, mock.customers.seeded._id);
    const sub = mock.company.createSubAccount();
    const subClient = new PaymentClient({
      baseUrl: mock.baseUrl,
      ...sub.credentials,
    });
    const theirs = await deposit(subClient, mock.account(sub._id).customers.create()._id);

    const never = await post('/deposits/pay', { code: neverIssued(data.code) });
    expect([never.status, never.body.code]).toEqual([404, 'unknown-code']);
    expect(never.reason).toMatch(/never issued/);
    const other = await post('/deposits/pay', { code: theirs.code });
    expect([other.status, other.body.code]).toEqual([404, 'other-account']);
    expect(other.reason).toContain(sub._id);
    const viaAccount = await post(`/deposits/pay?account=${sub._id}`, { code: theirs.code });
    expect(viaAccount.status).toBe(200);
    const huge = await post('/deposits/pay', { code: `000201${'1'.repeat(100_000)}` });
    expect([huge.status, huge.body.code]).toEqual([400, 'not-a-pix-code']);
    expect(huge.reason?.length).toBeLessThanOrEqual(300);
    const missing = await post('/deposits/pay', {});
    expect([missing.status, missing.body.code]).toEqual([400, 'not-a-pix-code']);
    expect(missing.reason).toMatch(/code must be a string/);
    expect((await post('/deposits/pay', undefined, '{"code":')).status).toBe(400);
    const unknown = await post('/deposits/no-such-id/pay');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown-deposit']);
    expect(mock.deposits.get(data.id)?.status).toBe('WAITING_PAYMENT');
    expect(brl(mock).available).toBe(0);
  });

  it('paying twice concurrently over HTTP pays once', async () => {
    const { client, post, mock } = await server();
    const data = await deposit(client, mock.customers.seeded._id);
    const answers = await Promise.all([
      post(`/deposits/${data.id}/pay`),
      post('/deposits/pay', { code: data.code }),
      post(`/deposits/${data.id}/pay`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(brl(mock).available).toBe(25);
    expect(mock.webhooks.deliveries).toHaveLength(1);
  });

  it('dispute: 200 { deposit, held, deliveries }; twice, a withdrawal or a bad outcome are refused', async () => {
    const { client, post, mock } = await server();
    mock.company.setBalance({ BRL: '100.00' });
    const data = await deposit(client, mock.customers.seeded._id);
    const early = await post(`/deposits/${data.id}/dispute`, { outcome: 'REFUND_APPROVED' });
    expect([early.status, early.body.code]).toEqual([409, 'not-disputable']);
    expect(early.reason).toMatch(/only a PAID deposit can be disputed/);
    await post(`/deposits/${data.id}/pay`);

    const bad = await post(`/deposits/${data.id}/dispute`, { outcome: 'lost' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid-outcome']);
    expect((await post(`/deposits/${data.id}/dispute`)).status).toBe(400);

    const [won, twice] = await Promise.all([
      post(`/deposits/${data.id}/dispute`, { outcome: 'REFUND_APPROVED' }),
      post(`/deposits/${data.id}/dispute`, { outcome: 'REFUND_CANCELED' }),
    ]);
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ deposit: { status: 'REFUND_APPROVED' }, held: 25 });
    expect(
      (won.body.deliveries as Array<{ payload: { status: string } }>).map((d) => d.payload.status),
    ).toEqual(['AWAITING_REFUND_CONTESTION', 'AWAITING_BANK_VEREDICT', 'REFUND_APPROVED']);
    expect([twice.status, twice.body.code]).toEqual([409, 'not-disputable']);
    expect(brl(mock)).toEqual({ available: 100, held: 0 });

    const withdrawalId = await withdrawal(mock, mock.customers.seeded._id);
    const notADeposit = await post(`/deposits/${withdrawalId}/dispute`, {
      outcome: 'REFUND_APPROVED',
    });
    expect([notADeposit.status, notADeposit.body.code]).toEqual([404, 'unknown-deposit']);
    expect(notADeposit.reason).toMatch(/withdrawal/);
  });

  it('a sub-account’s deposit: paid by { code } holding its id, disputed with ?account=', async () => {
    const { post, mock } = await server();
    const sub = mock.company.createSubAccount();
    const account = mock.account(sub._id);
    const subClient = new PaymentClient({ baseUrl: mock.baseUrl, ...sub.credentials });
    const data = await deposit(subClient, account.customers.create()._id);
    const query = `?account=${encodeURIComponent(sub._id)}`;
    expect((await post(`/deposits/pay${query}`, { code: data.id })).status).toBe(200);
    const main = await post(`/deposits/${data.id}/dispute`, { outcome: 'REFUND_CANCELED' });
    expect([main.status, main.body.code]).toEqual([404, 'unknown-deposit']);
    const disputed = await post(`/deposits/${data.id}/dispute${query}`, {
      outcome: 'REFUND_CANCELED',
    });
    expect(disputed.body).toMatchObject({ deposit: { status: 'REFUND_CANCELED' }, held: 25 });
    expect(brl(account)).toEqual({ available: 25, held: 0 });
    expect(mock.webhooks.deliveries.every((d) => d.account === sub._id)).toBe(true);
  });
});
