// The controls of accounts: `mock.company`, `mock.account(id)`, and the control routes under
// /__mock/ with `?account=<id>` (over real HTTP, as a suite in another language drives them).
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';

describe('mock.company and mock.account(id)', () => {
  it('createSubAccount takes defaults, refuses a taken e-mail, and lists the sub-accounts', () => {
    const mock = createPaymentServiceMock({ seed: 3 });
    const first = mock.company.createSubAccount();
    const second = mock.company.createSubAccount({ email: 'loja-b@example.com', password: 'x1' });
    expect(first.credentials.email).toBe('subconta-1@payments.test');
    expect(second.credentials).toEqual({ email: 'loja-b@example.com', password: 'x1' });
    expect(mock.company.subAccounts).toEqual([first, second]);
    expect(() => mock.company.createSubAccount({ email: 'loja-b@example.com' })).toThrow(TypeError);
    expect(() => mock.company.createSubAccount({ email: mock.credentials.email })).toThrow(
      TypeError,
    );
    expect(() => mock.company.createSubAccount({ email: 'não é e-mail' })).toThrow(TypeError);
    expect(() => mock.company.createSubAccount({ balance: { BRL: '-1' } })).toThrow(TypeError);
    expect(mock.company.subAccounts).toHaveLength(2);
  });

  it('createSubAccount refuses an input that is not an object, or a field it does not take, and makes nothing', () => {
    const mock = createPaymentServiceMock({ seed: 3 });
    for (const input of [null, 5, 'loja', [], true]) {
      expect(() => mock.company.createSubAccount(input as never)).toThrow(
        /^createSubAccount: input must be an object such as \{ name, email, password, balance, feeSplit \}, or nothing; got /,
      );
    }
    expect(() => mock.company.createSubAccount({ emial: 'loja@example.com' } as never)).toThrow(
      'createSubAccount: a sub-account has no field "emial" (it takes name, email, password, balance, feeSplit)',
    );
    expect(mock.company.subAccounts).toEqual([]);
    // Omitted, or given as undefined, it takes every default.
    expect(mock.company.createSubAccount(undefined).credentials.email).toBe(
      'subconta-1@payments.test',
    );
  });

  it('a seeded mock makes the same sub-accounts after reset()', () => {
    const mock = createPaymentServiceMock({ seed: 3 });
    const before = mock.company.createSubAccount();
    mock.reset();
    expect(mock.company.createSubAccount()).toEqual(before);
  });

  it('mock.account() is the main account; an unknown id is a RangeError', () => {
    const mock = createPaymentServiceMock();
    const main = mock.account();
    expect(main.isSubAccount).toBe(false);
    expect(main.credentials).toEqual(mock.credentials);
    expect(mock.account(main.id).customers.seeded).toEqual(mock.customers.seeded);
    expect(() => mock.account('0123456789abcdef01234567')).toThrow(RangeError);
  });

  it('a sub-account’s controls address it alone; what it cannot do throws', () => {
    const mock = createPaymentServiceMock();
    const sub = mock.company.createSubAccount();
    const account = mock.account(sub._id);
    expect(account.isSubAccount).toBe(true);
    expect(account.customers.list()).toEqual([]);
    expect(() => account.customers.seeded).toThrow(/starts without customers/);
    account.customers.create({ name: 'Cliente da Subconta' });
    expect(mock.customers.list().map((c) => c.name)).not.toContain('Cliente da Subconta');
    account.company.setBalance({ USDT: '0.000001' });
    expect(account.company.balances()).toEqual([
      { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 0, totalHeld: 0 },
      { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.000001 },
    ]);
    expect(account.company.partner).toBe(false);
    expect(() => account.company.setPartner(true)).toThrow(TypeError);
    expect(() => account.company.createSubAccount()).toThrow(TypeError);
    expect(() => account.company.allowWithdrawalIps('8.8.8.8' as never)).toThrow(TypeError);
    account.company.allowWithdrawalIps(['8.8.8.8']);
    expect(mock.company.withdrawalIps).toEqual([]);
  });

  it('the partner option and setPartner decide the partner level of the main account', () => {
    expect(createPaymentServiceMock().company.partner).toBe(true);
    const mock = createPaymentServiceMock({ partner: false });
    expect(mock.company.partner).toBe(false);
    mock.company.setPartner(true);
    expect(mock.company.partner).toBe(true);
    mock.reset();
    expect(mock.company.partner).toBe(false);
    expect(() => createPaymentServiceMock({ partner: 'yes' as never })).toThrow(TypeError);
    expect(() => createPaymentServiceMock({ balance: { BRL: '1,00' } })).toThrow(TypeError);
  });
});

describe('control routes with ?account= (real HTTP)', () => {
  async function control(url: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}/__mock${path}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('create a sub-account, then drive its customers, balance, IP lists and webhook URL', async () => {
    const running = await startMockServer({ port: 0, seed: 5 });
    const { url, mock } = running;
    try {
      const created = await control(url, 'POST', '/subaccounts', {
        email: 'loja-c@example.com',
        balance: { BRL: '20.00' },
      });
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      expect(created.body.credentials).toMatchObject({ email: 'loja-c@example.com' });
      const q = `?account=${id}`;

      const state = await control(url, 'GET', `/state${q}`);
      expect(state.body).toMatchObject({
        account: id,
        subAccount: true,
        seededCustomerId: null,
        counts: { customers: 0 },
      });
      expect(state.body.accounts).toHaveLength(2);

      const customer = await control(url, 'POST', `/customers${q}`, { name: 'Bia' });
      expect(customer.status).toBe(201);
      expect(mock.account(id).customers.list()).toHaveLength(1);
      expect(mock.customers.list().map((c) => c.name)).not.toContain('Bia');

      const balances = await control(url, 'PUT', `/balances${q}`, { BRL: '7.5', USDT: '1' });
      expect(balances.body).toEqual([
        { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 7.5, totalHeld: 0 },
        { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 1 },
      ]);
      expect((await control(url, 'GET', `/balances${q}`)).body).toEqual(balances.body);
      expect((await control(url, 'PUT', `/balances${q}`, { BRL: 'dez' })).status).toBe(400);

      expect(
        (await control(url, 'PUT', `/balance-ips${q}`, { ips: ['203.0.113.9'] })).body,
      ).toEqual({ ips: ['203.0.113.9'] });
      expect(
        (await control(url, 'PUT', `/withdrawal-ips${q}`, { ips: ['203.0.113.8'] })).body,
      ).toEqual({ ips: ['203.0.113.8'] });
      expect(mock.account(id).company.balanceIps).toEqual(['203.0.113.9']);
      expect(mock.company.balanceIps).toEqual([]);

      await control(url, 'PUT', `/webhooks/url${q}`, { url: 'http://127.0.0.1:9/sub' });
      expect(mock.account(id).webhooks.url).toBe('http://127.0.0.1:9/sub');
      expect(mock.webhooks.url).toBeNull();

      expect((await control(url, 'PUT', `/partner${q}`, { partner: true })).status).toBe(400);
      expect((await control(url, 'PUT', '/partner', { partner: false })).body).toEqual({
        partner: false,
      });

      const accounts = await control(url, 'GET', '/accounts');
      expect((accounts.body as unknown as Array<{ _id: string }>).map((a) => a._id)).toEqual([
        mock.account().id,
        id,
      ]);
      const unknown = await control(url, 'GET', '/state?account=0123456789abcdef01234567');
      expect(unknown.status).toBe(404);
    } finally {
      await running.close();
    }
  });

  it('settle with ?account= moves the sub-account’s transaction and its ledger', async () => {
    const running = await startMockServer({ port: 0 });
    const { url, mock } = running;
    try {
      const sub = mock.company.createSubAccount({ balance: { BRL: '10.00' } });
      const login = await fetch(`${url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sub.credentials),
      });
      const { token } = (await login.json()) as { token: string };
      const account = mock.account(sub._id);
      const customer = account.customers.create();
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const added = await fetch(`${url}/pix/customer/${customer._id}/key`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ type: 'EMAIL', key: 'bia@example.com' }),
      });
      const { key } = (await added.json()) as { key: unknown };
      const currencies = await fetch(`${url}/withdraw/company/currencies`, { headers: auth });
      const [currency] = (await currencies.json()) as unknown[];
      const created = await fetch(`${url}/withdraw`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ amount: 4, customerId: customer._id, currency, pixKey: key }),
      });
      const { _id } = (await created.json()) as { _id: string };
      expect(
        (await control(url, 'POST', `/withdrawals/${_id}/settle`, { status: 'PAID' })).status,
      ).toBe(404);
      const settled = await control(url, 'POST', `/withdrawals/${_id}/settle?account=${sub._id}`, {
        status: 'PAID',
      });
      expect(settled.status).toBe(200);
      expect(account.company.balances()[0]).toMatchObject({ totalAmount: 6, totalHeld: 0 });
    } finally {
      await running.close();
    }
  });
});
