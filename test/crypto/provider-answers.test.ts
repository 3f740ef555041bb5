// Every crypto answer the provider documents parses through the client, as published (served by
// the mock's fault injection through MSW intercepting real fetch): both shapes of a network's
// `cryptocurrencies`, the quotes' rate text read into exact `rate`, the unrounded gas quote; and an
// answer without a rate is a PaymentResponseError, not a quote with a made-up rate.
import { PaymentResponseError } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService();
const usdt = {
  _id: '6733a2a90076c0dd9822b86a',
  name: 'USDT',
  symbol: 'USDT',
  coinGecko: 'tether',
};
const bep20 = {
  _id: '6733a3a20076c0dd9822b87a',
  name: 'BEP-20',
  chainId: '56',
  chain: 'BSC',
  symbol: 'BNB',
};
const answerWith = (method: 'GET' | 'POST', path: string, body: unknown) =>
  service.mock.faults.inject({ method, path, status: 200, body: body as object });

describe('the crypto answers the provider documents', () => {
  it('a network list parses with cryptocurrencies as ids, as objects, or empty; unknown fields kept', async () => {
    const networks = [
      {
        _id: '672c15919c9877bbeebb2fb7',
        name: 'ERC-20',
        chainId: '1',
        cryptocurrencies: ['6733a2a90076c0dd9822b86a'],
        chain: 'Ethereum',
        __v: 0,
      },
      { ...bep20, cryptocurrencies: [{ cryptocurrency: usdt, fee: 1 }], extra: true },
      { ...bep20, _id: '672c18725a3690d041ea4c8c', name: 'Polygon', cryptocurrencies: [] },
    ];
    answerWith('GET', '/withdraw/company/blockchain-networks', networks);
    expect(await makeClient().withdrawals.listNetworks()).toEqual(networks);
  });

  it('the wallet answer parses as published', async () => {
    const wallet = [
      {
        blockchainNetworks: ['Ethereum', 'ERC-20', 'BEP-20', 'Polygon'],
        publicKey: '0xf898b006511848B7************************',
      },
    ];
    answerWith('GET', `/crypto/customer/${service.mock.customers.seeded._id}/wallet`, wallet);
    expect(await makeClient().customers.getWallet(service.mock.customers.seeded._id)).toEqual(
      wallet,
    );
  });

  it('the quotes keep the provider fields and add the exact rate', async () => {
    answerWith('POST', '/deposit/conversion/tether', {
      amount: 0.186433,
      crypto: 'USDT',
      fiatToCryptoExchangeRate: 'R$ 5.364',
    });
    const currency = (await makeClient().deposits.listCurrencies())[0];
    if (!currency) throw new Error('no currency');
    expect(await makeClient().deposits.quote({ amount: '1.00', currency })).toEqual({
      amount: 0.186433,
      crypto: 'USDT',
      fiatToCryptoExchangeRate: 'R$ 5.364',
      rate: '5.364',
    });
    answerWith('POST', '/withdraw/conversion/brl/pix', {
      amount: 51.72,
      currency: 'R$',
      cryptoToFiatExchangeRate: 'R$ 5.172',
    });
    expect((await makeClient().withdrawals.quote({ amount: 10, cryptocurrency: usdt })).rate).toBe(
      '5.172',
    );
    answerWith('POST', '/withdraw/transaction/crypto/amount', { amount: 9.369984879637112 });
    expect(
      await makeClient().withdrawals.quoteToWallet({
        amount: 10,
        cryptocurrency: usdt,
        blockchainNetwork: bep20,
      }),
    ).toEqual({ amount: 9.369984879637112 });
  });

  it('a quote whose rate text holds no number is a PaymentResponseError', async () => {
    answerWith('POST', '/withdraw/conversion/brl/pix', {
      amount: 51.72,
      currency: 'R$',
      cryptoToFiatExchangeRate: 'R$ ---',
    });
    const error = await rejectionOf(
      makeClient().withdrawals.quote({ amount: 10, cryptocurrency: usdt }),
    );
    expect(error).toBeInstanceOf(PaymentResponseError);
  });

  it('a quote is a read: retried after a 503, one answer', async () => {
    service.mock.faults.inject({
      method: 'POST',
      path: '/withdraw/conversion/brl/pix',
      status: 503,
      times: 1,
    });
    const quote = await makeClient().withdrawals.quote({ amount: 1, cryptocurrency: usdt });
    expect(quote.currency).toBe('R$');
    const attempts = service.mock.requests.filter((r) => r.path === '/withdraw/conversion/brl/pix');
    expect(attempts.map((r) => r.status)).toEqual([503, 200]);
  });
});
