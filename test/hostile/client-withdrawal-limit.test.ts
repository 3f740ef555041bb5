// maxWithdrawal: a ceiling per payout that the client enforces before anything leaves the process.
// A merchant who thinks in cents (as stripe-node teaches) and writes `amount: 1050` for R$ 10.50
// would pay out R$ 1,050.00; with a ceiling below that, the payout is refused and nothing is sent,
// not even the login. The amount is compared as an exact decimal, as the JSON sent writes it, and
// crypto withdrawals (off-ramp to a Pix key, to a wallet) are compared in USDT. Every test runs
// through MSW against the package's mock.
import {
  type AmountInput,
  buildDeposit,
  buildWithdrawal,
  isPaymentValidationError,
  isWithdrawalLimitError,
  PaymentValidationError,
  WithdrawalLimitError,
  type WithdrawalRequest,
} from 'pix-payment-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Fixtures, useMockService } from '../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService();
let f: Fixtures;
beforeEach(async () => {
  f = await service.arrange();
});

const payout = (amount: AmountInput) =>
  buildWithdrawal({
    amount,
    customerId: f.customerId,
    currency: f.withdrawalCurrency,
    pixKey: f.pixKey,
  });

const USDT = {
  _id: '6733a2a90076c0dd9822b86a',
  name: 'USDT',
  symbol: 'USDT',
  coinGecko: 'tether',
};

/** An off-ramp body (USDT converted and paid to a Pix key), its amount in USDT. */
const offRamp = (amount: number) =>
  ({
    amount,
    customerId: f.customerId,
    currency: f.withdrawalCurrency,
    cryptocurrency: USDT,
    pixKey: f.pixKey,
  }) as unknown as WithdrawalRequest;

/** A withdrawal to a wallet, its amount in USDT. */
const toWallet = (amount: number) =>
  ({
    amount,
    customerId: f.customerId,
    cryptocurrency: USDT,
    blockchainNetwork: {
      _id: '6733a3a20076c0dd9822b87a',
      name: 'BEP-20',
      chainId: '56',
      chain: 'BSC',
      symbol: 'BNB',
    },
    wallet: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  }) as unknown as WithdrawalRequest;

const sentWithdrawals = () =>
  service.wire.filter((request) => request.pathname.endsWith('/withdraw'));

describe('a withdrawal above maxWithdrawal is refused before any request', () => {
  it('cents typed as reais: 1050 against a R$ 500.00 ceiling is refused, naming both, and nothing leaves, not even the login', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '500.00' } });
    const error = await rejectionOf(client.withdrawals.create(payout(1050)));
    expect(error).toBeInstanceOf(WithdrawalLimitError);
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect(isWithdrawalLimitError(error)).toBe(true);
    expect(isPaymentValidationError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'WithdrawalLimitError',
      outcome: 'not-sent',
      currency: 'BRL',
      limit: '500.00',
      amount: '1050',
      issues: [{ path: ['amount'] }],
    });
    expect((error as Error).message).toBe(
      'Withdrawal refused, nothing sent: amount: 1050 BRL is above maxWithdrawal.BRL, 500.00 BRL (reais, not cents)',
    );
    service.expectNothingSent();
  });

  it('at the ceiling exactly, the payout is sent; a centavo above, it is not', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '5000.00' } });
    await client.withdrawals.create(payout('5000.00'));
    expect(sentWithdrawals()).toHaveLength(1);
    const error = await rejectionOf(client.withdrawals.create(payout('5000.01')));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', amount: '5000.01' });
    expect(sentWithdrawals()).toHaveLength(1);
  });

  it('a number as the ceiling works as its decimal', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: 100 } });
    const error = await rejectionOf(client.withdrawals.create(payout({ cents: 10_001 })));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', limit: '100', amount: '100.01' });
  });

  it('compared as exact decimals, not floats: 0.3 is above a ceiling of 0.29999999999999999', async () => {
    // As doubles the two are equal, and a float comparison would send the payout.
    expect(0.3 > Number('0.29999999999999999')).toBe(false);
    const client = makeClient({ maxWithdrawal: { BRL: '0.29999999999999999' } });
    const error = await rejectionOf(client.withdrawals.create(payout('0.30')));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', amount: '0.3' });
    service.expectNothingSent();
  });

  it('a deposit is never limited', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '1.00' } });
    await client.deposits.create(
      buildDeposit({ amount: '250.00', customerId: f.customerId, currency: f.depositCurrency }),
    );
    expect(service.calls()).toContain('POST /deposit');
  });

  it('the check holds with validateInput: false, on what would go out', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '500' }, validateInput: false });
    const raw = { ...payout('10.00'), amount: 600 };
    const error = await rejectionOf(client.withdrawals.create(raw));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', amount: '600' });
    // An amount that cannot be compared is not sent either.
    for (const amount of ['600', '1e3', -1, Number.NaN, null]) {
      const refused = await rejectionOf(
        client.withdrawals.create({ ...raw, amount } as unknown as WithdrawalRequest),
      );
      expect(isPaymentValidationError(refused)).toBe(true);
    }
    const nameless = await rejectionOf(
      client.withdrawals.create({ ...raw, currency: {} } as unknown as WithdrawalRequest),
    );
    expect(nameless).toMatchObject({
      name: 'PaymentValidationError',
      issues: [{ path: ['currency'] }],
    });
    service.expectNothingSent();
  });
});

describe('crypto withdrawals are limited in USDT, on the body', () => {
  it('off-ramp: 1000.000001 USDT against 1000 is refused, whatever the BRL ceiling', async () => {
    const client = makeClient({
      maxWithdrawal: { BRL: '1000000', USDT: '1000' },
      validateInput: false,
    });
    const error = await rejectionOf(client.withdrawals.create(offRamp(1000.000001)));
    expect(error).toMatchObject({
      name: 'WithdrawalLimitError',
      currency: 'USDT',
      limit: '1000',
      amount: '1000.000001',
    });
    expect((error as Error).message).not.toMatch(/cents/);
    service.expectNothingSent();
  });

  it('off-ramp: a USDT amount is not held to the BRL ceiling', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '1.00' }, validateInput: false });
    // Sent: what the service makes of it is not this test's matter.
    await client.withdrawals.create(offRamp(50)).catch(() => undefined);
    expect(sentWithdrawals()).toHaveLength(1);
  });

  it('to a wallet: 5000 USDT against 1000 is refused', async () => {
    const client = makeClient({ maxWithdrawal: { USDT: 1000 }, validateInput: false });
    const error = await rejectionOf(client.withdrawals.create(toWallet(5000)));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', currency: 'USDT', amount: '5000' });
    service.expectNothingSent();
  });
});

describe('the per-call maxWithdrawal', () => {
  it('raises the ceiling for one call, and the next call has the client’s again', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '100.00' } });
    await client.withdrawals.create(payout('150.00'), { maxWithdrawal: { BRL: '200.00' } });
    expect(sentWithdrawals()).toHaveLength(1);
    const error = await rejectionOf(client.withdrawals.create(payout('150.00')));
    expect(error).toMatchObject({ name: 'WithdrawalLimitError', limit: '100.00' });
  });

  it('lowers it, and a currency it leaves out keeps the client’s', async () => {
    const client = makeClient({ maxWithdrawal: { BRL: '100.00' } });
    const lower = await rejectionOf(
      client.withdrawals.create(payout('50.00'), { maxWithdrawal: { BRL: '10' } }),
    );
    expect(lower).toMatchObject({ limit: '10', amount: '50' });
    const other = await rejectionOf(
      client.withdrawals.create(payout('150.00'), { maxWithdrawal: { USDT: '5' } }),
    );
    expect(other).toMatchObject({ currency: 'BRL', limit: '100.00' });
    service.expectNothingSent();
  });

  it('applies without a client ceiling', async () => {
    const error = await rejectionOf(
      makeClient().withdrawals.create(payout('10.50'), { maxWithdrawal: { BRL: '10' } }),
    );
    expect(isWithdrawalLimitError(error)).toBe(true);
  });
});

describe('a ceiling that is not one is refused where it is given', () => {
  it.each([
    [{ BRL: '5,000.00' }, ['maxWithdrawal', 'BRL']],
    [{ BRL: '-1' }, ['maxWithdrawal', 'BRL']],
    [{ BRL: -1 }, ['maxWithdrawal', 'BRL']],
    [{ USDT: Number.POSITIVE_INFINITY }, ['maxWithdrawal', 'USDT']],
    [{ USDT: '1e3' }, ['maxWithdrawal', 'USDT']],
    [{ brl: '5000' }, ['maxWithdrawal', 'brl']],
    ['5000', ['maxWithdrawal']],
  ])('client option %j', (maxWithdrawal, path) => {
    let error: unknown;
    try {
      makeClient({ maxWithdrawal: maxWithdrawal as never });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      name: 'PaymentValidationError',
      issues: [expect.objectContaining({ path })],
    });
  });

  it('a misspelt currency names the right one', () => {
    expect(() => makeClient({ maxWithdrawal: { brl: '5000' } as never })).toThrow(
      /did you mean BRL\?/,
    );
  });

  it('per call: refused before anything is sent', async () => {
    const error = await rejectionOf(
      makeClient().withdrawals.create(payout('10.00'), { maxWithdrawal: { BRL: 'lots' } as never }),
    );
    expect(error).toMatchObject({
      name: 'PaymentValidationError',
      issues: [{ path: ['maxWithdrawal', 'BRL'] }],
    });
    expect((error as Error).message).toMatch(/^Invalid request options/);
    service.expectNothingSent();
  });
});
