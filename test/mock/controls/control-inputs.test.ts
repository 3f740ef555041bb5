// The in-process controls refuse an argument of the wrong shape with a TypeError that names the
// control and what it takes (never a bare "Cannot read properties of null"), refuse a misspelt
// field instead of ignoring it, and change nothing when they refuse.
import { buildDeposit, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';

/** Values that are not the object a control takes. */
const NOT_OBJECTS: ReadonlyArray<[unknown, string]> = [
  [null, 'null'],
  [5, 'number'],
  [Number.NaN, 'number'],
  ['loja', 'string'],
  ['x'.repeat(1_000_000), 'string'],
  [[], 'an array'],
];

/** What a test can see of the mock's state, to compare before and after a refusal. */
function snapshot(mock: PaymentServiceMock) {
  return {
    customers: mock.customers.list(),
    withdrawals: mock.withdrawals.list(),
    deposits: mock.deposits.list(),
    balances: mock.company.balances(),
    deliveries: mock.webhooks.deliveries.length,
    requests: mock.requests.length,
  };
}

/** A deposit of 25.00 made through the client, waiting for its payment; its id. */
async function waitingDeposit(mock: PaymentServiceMock): Promise<string> {
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
  });
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const { data } = await client.deposits.create(
    buildDeposit({ amount: { cents: 2500 }, customerId: mock.customers.seeded._id, currency }),
  );
  return data.id;
}

describe('the in-process controls refuse an input of the wrong shape, and change nothing', () => {
  it('customers.create refuses an input that is not an object, or a field it does not take', () => {
    const mock = createPaymentServiceMock({ seed: 4 });
    const before = snapshot(mock);
    for (const [input, kind] of NOT_OBJECTS) {
      expect(() => mock.customers.create(input as never)).toThrow(
        new TypeError(
          `customers.create: input must be an object such as { name, document, email, phone }, or nothing; got ${kind}`,
        ),
      );
    }
    expect(() => mock.customers.create({ nmae: 'Ana Souza' } as never)).toThrow(
      new TypeError(
        'customers.create: a customer has no field "nmae" (it takes name, document, email, phone)',
      ),
    );
    expect(snapshot(mock)).toEqual(before);
    // Nothing drew on the seeded sequence either: the next customer is a fresh mock's first.
    expect(mock.customers.create()).toEqual(
      createPaymentServiceMock({ seed: 4 }).customers.create(),
    );
  });

  it('a refused customers.create or createSubAccount leaves a seeded mock making what a fresh one makes', () => {
    const mock = createPaymentServiceMock({ seed: 9 });
    const fresh = createPaymentServiceMock({ seed: 9 });
    // Each of these was refused only after a CPF or a password had been drawn from the sequence.
    expect(() => mock.customers.create({ email: 'not an e-mail' })).toThrow(
      'customers.create: email must be an e-mail address',
    );
    expect(() => mock.company.createSubAccount({ balance: { BRL: '1.001' } })).toThrow(
      'createSubAccount: balance.BRL has more than 2 decimals: 1.001',
    );
    expect(() => mock.company.createSubAccount({ name: ' ' })).toThrow(
      'createSubAccount: name and password must be non-empty strings (of at most 200 and 256 characters)',
    );
    // A taken name, with no document to check first.
    const taken = mock.customers.seeded;
    expect(fresh.customers.seeded).toEqual(taken);
    expect(() => mock.customers.create({ name: taken.name })).toThrow(
      `customers.create: a customer with name ${JSON.stringify(taken.name)} exists (${taken._id})`,
    );
    expect(mock.company.subAccounts).toEqual([]);
    expect(mock.customers.create()).toEqual(fresh.customers.create());
    expect(mock.company.createSubAccount()).toEqual(fresh.company.createSubAccount());
  });

  it('settle refuses options that are not an object, or a misspelt option, before moving anything', async () => {
    const mock = createPaymentServiceMock({ seed: 5 });
    const id = await waitingDeposit(mock);
    const before = snapshot(mock);
    for (const [options, kind] of NOT_OBJECTS) {
      await expect(mock.deposits.settle(id, 'PAID', options as never)).rejects.toThrow(
        new TypeError(
          `deposits.settle: options must be an object such as { identifiedDocumentPix }, or nothing; got ${kind}`,
        ),
      );
    }
    await expect(
      mock.deposits.settle(id, 'PAID', { identifiedDocumentPx: true } as never),
    ).rejects.toThrow(
      new TypeError(
        'deposits.settle: the options object has no field "identifiedDocumentPx" (it takes identifiedDocumentPix)',
      ),
    );
    await expect(mock.withdrawals.settle(id, 'PAID', null as never)).rejects.toThrow(
      /^withdrawals\.settle: options must be an object/,
    );
    expect(snapshot(mock)).toEqual(before);
    expect(mock.deposits.get(id)?.status).toBe('WAITING_PAYMENT');
  });

  it('deposits.dispute refuses a misspelt option: stepMS would have run every step at once', async () => {
    const mock = createPaymentServiceMock({ seed: 6 });
    const id = await waitingDeposit(mock);
    await mock.deposits.pay(id);
    const before = snapshot(mock);
    await expect(
      mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED', stepMS: 60_000 } as never),
    ).rejects.toThrow(
      new TypeError('deposits.dispute: a dispute has no field "stepMS" (it takes outcome, stepMs)'),
    );
    expect(snapshot(mock)).toEqual(before);
    expect(mock.deposits.get(id)?.status).toBe('PAID');
  });

  it('crypto.receive refuses a transfer that is not an object, or a field it does not take', async () => {
    const mock = createPaymentServiceMock({ seed: 7 });
    const customerId = mock.customers.seeded._id;
    const before = snapshot(mock);
    for (const [transfer, kind] of NOT_OBJECTS) {
      await expect(mock.crypto.receive(customerId, transfer as never)).rejects.toThrow(
        new TypeError(
          `crypto.receive: transfer must be an object such as { amount, network }; got ${kind}`,
        ),
      );
    }
    await expect(
      mock.crypto.receive(customerId, { amount: '10', netwrok: 'BEP-20' } as never),
    ).rejects.toThrow(
      new TypeError('crypto.receive: a transfer has no field "netwrok" (it takes amount, network)'),
    );
    await expect(
      mock.crypto.receive(customerId, { amount: '10', network: 'TRC-20' }),
    ).rejects.toThrow(/^crypto\.receive: transfer\.network must be one of ERC-20, BEP-20, Polygon/);
    expect(snapshot(mock)).toEqual(before);
  });

  it('faults.inject refuses an array and a field a fault does not have: no fault is in force', async () => {
    const mock = createPaymentServiceMock({ seed: 8 });
    expect(() => mock.faults.inject([] as never)).toThrow('faults.inject: spec must be an object');
    expect(() => mock.faults.inject({ path: '/auth/token', statsu: 503 } as never)).toThrow(
      'faults.inject: statsu is not a field of a fault (it has method, path, pathPattern, status, body, headers, delayMs, networkError, malformedBody, phase, times)',
    );
    // Had either been injected, it would answer the login with an error.
    const login = await mock.fetch(`${mock.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mock.credentials),
    });
    expect(login.status).toBe(200);
  });

  it('crypto.setRates, setSpread and setGasFee name themselves in their refusals', () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.crypto.setRates(null as never)).toThrow(
      new TypeError("crypto.setRates: rates must be an object such as { USDT: '5.364' }"),
    );
    expect(() => mock.crypto.setRates({ USDT: Number.NaN } as never)).toThrow(
      'crypto.setRates: rates.USDT must be a decimal string such as "10.50"',
    );
    expect(() => mock.crypto.setSpread('1')).toThrow(
      new TypeError('crypto.setSpread: spread must be below 1'),
    );
    expect(() => mock.crypto.setGasFee('-1')).toThrow(
      new TypeError('crypto.setGasFee: fee must be a non-negative decimal, got "-1"'),
    );
  });

  it('an id or a name of a million characters is quoted short in the refusal', async () => {
    const mock = createPaymentServiceMock();
    const huge = 'x'.repeat(1_000_000);
    const shown = `"${'x'.repeat(40)}"… (1000000 characters)`;
    await expect(mock.withdrawals.settle(huge, 'PAID')).rejects.toThrow(
      new RangeError(`no withdrawal with id ${shown}`),
    );
    expect(() => mock.account(huge)).toThrow(
      new RangeError(`no account with id ${shown} (sub-accounts are gone after reset())`),
    );
    await expect(mock.crypto.receive(huge, { amount: '1', network: 'BEP-20' })).rejects.toThrow(
      new RangeError(`no customer with id ${shown}`),
    );
    expect(() => mock.auth.denyAction(huge as never)).toThrow(
      /^auth\.denyAction: unknown operation "x{40}"… \(1000000 characters\); valid/,
    );
    expect(() => mock.company.setBalance({ [huge]: '1' } as never)).toThrow(
      `company.setBalance: unknown currency ${shown}; known: BRL, USDT`,
    );
    expect(() => mock.webhooks.setUrl(huge)).toThrow(
      new TypeError(`webhook URL must be an absolute http(s) URL, got ${shown}`),
    );
    expect(mock.webhooks.url).toBeNull();
    // An object in place of an id is named by its kind, never serialised.
    await expect(mock.deposits.settle({} as never, 'PAID')).rejects.toThrow(
      new RangeError('no deposit with id an object'),
    );
    expect(snapshot(mock).balances).toEqual(createPaymentServiceMock().company.balances());
  });
});
