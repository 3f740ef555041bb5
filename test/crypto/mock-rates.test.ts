// The mock's crypto settings refuse what would make its quotes meaningless, and its conversions
// stay exact at the largest amounts the client sends.
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';

describe('mock crypto rates', () => {
  it.each([
    [{ USDT: '0' }, 'greater than zero'],
    [{ USDT: '-5' }, 'non-negative decimal'],
    [{ USDT: '5.1234567' }, 'more than 6 decimals'],
    [{ BTC: '1' }, 'unknown cryptocurrency BTC'],
    ['5.364', 'must be an object'],
  ])('the rates option %o is a TypeError (%s)', (rates, message) => {
    expect(() => createPaymentServiceMock({ rates: rates as never })).toThrow(message);
  });

  it('setSpread refuses 1 or more, setGasFee a negative fee; neither changes anything then', async () => {
    const mock = createPaymentServiceMock({ rates: { USDT: '5' } });
    expect(() => mock.crypto.setSpread('1')).toThrow(TypeError);
    expect(() => mock.crypto.setGasFee('-1')).toThrow(TypeError);
    const token = await mock.auth.issueToken();
    const usdt = (await (
      await mock.fetch(`${mock.baseUrl}/withdraw/company/cryptocurrencies`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as unknown[];
    const quote = await mock.fetch(`${mock.baseUrl}/withdraw/conversion/brl/pix`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 999999999.999999, cryptocurrency: usdt[0] }),
    });
    // 999,999,999.999999 USDT at 5 BRL, exact to the cent, rounded down.
    expect(await quote.json()).toEqual({
      amount: 4999999999.99,
      currency: 'R$',
      cryptoToFiatExchangeRate: 'R$ 5.000',
    });
  });

  it('reset() returns to the option rate, no spread and the default gas fee', async () => {
    const mock = createPaymentServiceMock({ rates: { USDT: '5' } });
    mock.crypto.setRates({ USDT: '6' });
    mock.crypto.setSpread('0.5');
    mock.reset();
    const token = await mock.auth.issueToken();
    const [currency] = (await (
      await mock.fetch(`${mock.baseUrl}/deposit/company/currencies`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as unknown[];
    const quote = await mock.fetch(`${mock.baseUrl}/deposit/conversion/tether`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10, currency }),
    });
    expect(await quote.json()).toMatchObject({ amount: 2, fiatToCryptoExchangeRate: 'R$ 5.000' });
  });
});
