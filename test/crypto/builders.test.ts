import {
  buildCryptoDeposit,
  buildCryptoWithdrawal,
  buildWalletWithdrawal,
  type Currency,
  PaymentValidationError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

const currency: Currency = {
  _id: '6728f0a2cba3ac9ea3009993',
  name: 'BRL',
  type: 'PIX',
  symbol: 'R$',
  createdDate: '2024-11-04T16:04:50.019Z',
  updatedDate: '2024-11-07T02:23:38.606Z',
  __v: 0,
};
const cryptocurrency = {
  _id: '6733a2a90076c0dd9822b86a',
  name: 'USDT',
  symbol: 'USDT',
  coinGecko: 'tether',
  createdDate: '2024-11-12T18:14:48.380Z',
  updatedDate: '2024-11-15T05:53:32.979Z',
  __v: 0,
};
const blockchainNetwork = {
  _id: '6733a3a20076c0dd9822b87a',
  name: 'BEP-20',
  chainId: '56',
  chain: 'BSC',
  symbol: 'BNB',
  cryptocurrencies: [],
};
const pixKey = { key: 'ana@example.com', type: 'EMAIL', _id: '65f1c0ffee00000000000k01' };
const customerId = '65f1c0ffee0000000000c001';
const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return (error as PaymentValidationError).issues;
  }
  throw new Error('expected a PaymentValidationError');
}

describe('buildCryptoDeposit', () => {
  it('builds the on-ramp body: the BRL amount and both whole objects', () => {
    expect(
      buildCryptoDeposit({
        amount: '100.50',
        customerId,
        currency,
        cryptocurrency,
        externalId: 'c-1',
      }),
    ).toEqual({ amount: 100.5, customerId, currency, cryptocurrency, externalId: 'c-1' });
  });

  it('takes a new customer instead of a customerId', () => {
    const body = buildCryptoDeposit({
      amount: { cents: 200 },
      customer: { name: 'Ana Souza', document: '52998224725' },
      currency,
      cryptocurrency,
    });
    expect(body).toEqual({
      amount: 2,
      customer: { name: 'Ana Souza', document: '52998224725' },
      currency,
      cryptocurrency,
    });
  });

  it('refuses an incomplete cryptocurrency, a third decimal of BRL and a missing payer at once', () => {
    const issues = issuesOf(() =>
      buildCryptoDeposit({
        amount: '1.005',
        customerId: '',
        currency,
        cryptocurrency: { _id: cryptocurrency._id, name: 'USDT' } as never,
      }),
    );
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'amount',
      'customerId',
      'cryptocurrency',
    ]);
    expect(issues[2]?.message).toContain('missing symbol');
  });
});

describe('buildCryptoWithdrawal', () => {
  it('builds the off-ramp body with the USDT amount exact to six decimals', () => {
    expect(
      buildCryptoWithdrawal({ amount: '0.186433', customerId, currency, cryptocurrency, pixKey }),
    ).toEqual({ amount: 0.186433, customerId, currency, cryptocurrency, pixKey });
  });

  it('refuses a seventh decimal of USDT and an incomplete Pix key', () => {
    const issues = issuesOf(() =>
      buildCryptoWithdrawal({
        amount: '0.1234567',
        customerId,
        currency,
        cryptocurrency,
        pixKey: { key: 'ana@example.com', type: 'EMAIL' } as never,
      }),
    );
    expect(issues[0]?.message).toContain('more than six decimals');
    expect(issues[1]).toMatchObject({ path: ['pixKey'] });
  });

  it('refuses a cryptocurrency that is not an object', () => {
    const issues = issuesOf(() =>
      buildCryptoWithdrawal({
        amount: 1,
        customerId,
        currency,
        cryptocurrency: 'USDT' as never,
        pixKey,
      }),
    );
    expect(issues[0]).toMatchObject({ path: ['cryptocurrency'] });
  });
});

describe('buildWalletWithdrawal', () => {
  it('builds the wallet body with the address as given', () => {
    expect(
      buildWalletWithdrawal({ amount: 10, customerId, cryptocurrency, blockchainNetwork, wallet }),
    ).toEqual({ amount: 10, customerId, cryptocurrency, blockchainNetwork, wallet });
  });

  it('refuses an address whose checksum is wrong, naming the network', () => {
    const issues = issuesOf(() =>
      buildWalletWithdrawal({
        amount: 10,
        customerId,
        cryptocurrency,
        blockchainNetwork,
        wallet: wallet.replace('aA', 'Aa'),
      }),
    );
    expect(issues[0]).toMatchObject({ path: ['wallet'] });
    expect(issues[0]?.message).toContain('BEP-20');
  });

  it('refuses a network without chainId, chain and symbol (the provider requires them)', () => {
    const issues = issuesOf(() =>
      buildWalletWithdrawal({
        amount: 10,
        customerId,
        cryptocurrency,
        blockchainNetwork: { _id: blockchainNetwork._id, name: 'BEP-20' },
        wallet,
      }),
    );
    expect(issues[0]?.message).toContain('missing chainId, chain, symbol');
  });
});
