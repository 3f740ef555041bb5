// The crypto operations through the client against the mock, over MSW, mock.fetch and real HTTP:
// each of the eight operations and the three crypto bodies, the USDT ledger, the webhooks.
import {
  BadRequestError,
  buildCryptoDeposit,
  buildCryptoWithdrawal,
  buildWalletWithdrawal,
  NotFoundError,
  PaymentClient,
  PaymentValidationError,
  selectCurrency,
} from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/mock-receiver.js';
import { type MockHarness, mockTransports } from '../support/mock-transports.js';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe.each(mockTransports())('crypto through the client over $name', (transport) => {
  let h: MockHarness;
  let client: PaymentClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    await transport.setup();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await transport.teardown();
  });
  beforeEach(async () => {
    h = await transport.create({
      balance: { BRL: '1000.00', USDT: '100' },
      webhookUrl: receiver.url,
    });
    client = new PaymentClient({ baseUrl: h.baseUrl, ...h.mock.credentials, fetch: h.fetch });
    receiver.received.length = 0;
  });
  afterEach(async () => {
    await h.mock.webhooks.flush();
    await h.close();
  });

  async function usdtBalance(): Promise<number | undefined> {
    const balances = await client.company.getBalance();
    return balances.find((balance) => 'cryptocurrency' in balance)?.totalAmount;
  }

  it('lists USDT and three networks per side, with different ids per side', async () => {
    const [usdtOut] = await client.withdrawals.listCryptocurrencies();
    const [usdtIn] = await client.deposits.listCryptocurrencies();
    expect(usdtOut).toMatchObject({ name: 'USDT', symbol: 'USDT', coinGecko: 'tether' });
    expect(usdtIn?.name).toBe('USDT');
    expect(usdtIn?._id).not.toBe(usdtOut?._id);
    const networksOut = await client.withdrawals.listNetworks();
    const networksIn = await client.deposits.listNetworks();
    expect(networksOut.map((n) => [n.name, n.chainId, n.chain, n.symbol])).toEqual([
      ['ERC-20', '1', 'Ethereum', 'ETH'],
      ['BEP-20', '56', 'BSC', 'BNB'],
      ['Polygon', '137', 'Polygon', 'POL'],
    ]);
    expect(networksIn.map((n) => n.name)).toEqual(['ERC-20', 'BEP-20', 'Polygon']);
    expect(networksIn[0]?._id).not.toBe(networksOut[0]?._id);
  });

  it('customers.getWallet: one fixed, checksummed EVM address; 404 for an unknown customer', async () => {
    const customerId = h.mock.customers.seeded._id;
    const [wallet] = await client.customers.getWallet(customerId);
    expect(wallet?.blockchainNetworks).toEqual(['ERC-20', 'BEP-20', 'Polygon']);
    expect(wallet?.publicKey).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await client.customers.getWallet(customerId))[0]?.publicKey).toBe(wallet?.publicKey);
    await expect(client.customers.getWallet('ffffffffffffffffffffffff')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('quotes at the rate the test sets, never rounded up, with the exact rate beside the text', async () => {
    h.mock.crypto.setRates({ USDT: '5.364' });
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const deposit = await client.deposits.quote({ amount: '100.00', currency });
    expect(deposit).toEqual({
      amount: 18.642803,
      crypto: 'USDT',
      fiatToCryptoExchangeRate: 'R$ 5.364',
      rate: '5.364',
    });
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    if (!cryptocurrency) throw new Error('no USDT');
    const payout = await client.withdrawals.quote({ amount: '10', cryptocurrency });
    expect(payout).toEqual({
      amount: 53.64,
      currency: 'R$',
      cryptoToFiatExchangeRate: 'R$ 5.364',
      rate: '5.364',
    });
    h.mock.crypto.setSpread('0.01');
    expect((await client.withdrawals.quote({ amount: '10', cryptocurrency })).amount).toBe(53.1);
    const [, bep20] = await client.withdrawals.listNetworks();
    if (!bep20) throw new Error('no BEP-20');
    h.mock.crypto.setGasFee('0.5');
    expect(
      await client.withdrawals.quoteToWallet({
        amount: '10',
        cryptocurrency,
        blockchainNetwork: bep20,
      }),
    ).toEqual({ amount: 9.5 });
  });

  it('a quote with a seventh decimal of USDT is refused before anything is sent', async () => {
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    if (!cryptocurrency) throw new Error('no USDT');
    const before = h.mock.requests.length;
    await expect(
      client.withdrawals.quote({ amount: '0.0000001', cryptocurrency }),
    ).rejects.toBeInstanceOf(PaymentValidationError);
    expect(h.mock.requests.length).toBe(before);
  });

  it('off-ramp: holds the USDT, spends it on PAID, and sends the USDT webhook without type', async () => {
    const customerId = h.mock.customers.seeded._id;
    const pixKey = await client.pixKeys.ensure(customerId, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    if (!cryptocurrency) throw new Error('no USDT');
    const body = buildCryptoWithdrawal({
      amount: '10.5',
      customerId,
      currency,
      cryptocurrency,
      pixKey,
    });
    const created = await client.withdrawals.create(body);
    expect(created.status).toBe('PENDING');
    expect(await usdtBalance()).toBe(89.5);
    const details = await client.withdrawals.get(created._id);
    expect(details.currency).toMatchObject({ name: 'BRL', amount: 56.32 });
    expect(details.cryptocurrency).toMatchObject({ name: 'USDT', amount: 10.5, status: 'PENDING' });
    await h.mock.withdrawals.settle(created._id, 'PAID');
    expect(await usdtBalance()).toBe(89.5);
    const delivered = receiver.received.at(-1)?.body;
    expect(delivered).toEqual({
      id: created._id,
      customerId,
      status: 'PAID',
      name: 'USDT',
      amount: 10.5,
      operation: 'WITHDRAW',
      externalId: created.externalId,
    });
    // The same externalId is the same withdrawal: nothing more held.
    const again = await client.withdrawals.create({ ...body, externalId: created.externalId });
    expect(again._id).toBe(created._id);
    expect(await usdtBalance()).toBe(89.5);
  });

  it('wallet withdrawal: gas in the details, USDT returned when it fails; more than held is 400', async () => {
    const customerId = h.mock.customers.seeded._id;
    const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
    const bep20 = (await client.withdrawals.listNetworks()).find((n) => n.name === 'BEP-20');
    if (!cryptocurrency || !bep20) throw new Error('lists incomplete');
    const input = {
      amount: '73',
      customerId,
      cryptocurrency,
      blockchainNetwork: bep20,
      wallet: WALLET,
    };
    const created = await client.withdrawals.create(buildWalletWithdrawal(input));
    expect(await usdtBalance()).toBe(27);
    const details = await client.withdrawals.get(created._id);
    expect(details.currency).toBeUndefined();
    expect(details.cryptocurrency).toMatchObject({
      amount: 73,
      gasFeeAmount: 0.63,
      wallet: WALLET,
      blockchainNetwork: { name: 'BEP-20', chainId: '56', chain: 'BSC', symbol: 'BNB' },
    });
    await h.mock.withdrawals.settle(created._id, 'ERROR');
    expect(await usdtBalance()).toBe(100);
    await expect(
      client.withdrawals.create(buildWalletWithdrawal({ ...input, amount: '100.000001' })),
    ).rejects.toMatchObject({ status: 400, serviceMessage: 'Saldo insuficiente' });
  });

  it('a deposit-side cryptocurrency sent to a withdrawal is 400 and creates nothing', async () => {
    const customerId = h.mock.customers.seeded._id;
    const [usdtIn] = await client.deposits.listCryptocurrencies();
    const bep20 = (await client.withdrawals.listNetworks())[1];
    if (!usdtIn || !bep20) throw new Error('lists incomplete');
    await expect(
      client.withdrawals.create(
        buildWalletWithdrawal({
          amount: '1',
          customerId,
          cryptocurrency: usdtIn,
          blockchainNetwork: bep20,
          wallet: WALLET,
        }),
      ),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect(h.mock.withdrawals.list()).toEqual([]);
  });

  it('on-ramp: a Pix charge whose payment credits USDT, with the crypto details and webhook', async () => {
    h.mock.crypto.setRates({ USDT: '5' });
    const customerId = h.mock.customers.seeded._id;
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const [cryptocurrency] = await client.deposits.listCryptocurrencies();
    if (!cryptocurrency) throw new Error('no USDT');
    const { data } = await client.deposits.create(
      buildCryptoDeposit({ amount: '50.00', customerId, currency, cryptocurrency }),
    );
    expect(data.code.startsWith('000201')).toBe(true);
    await h.mock.deposits.settle(data.id, 'PAID');
    expect(await usdtBalance()).toBe(110);
    const details = await client.deposits.get(data.id);
    expect(details.currency).toMatchObject({ name: 'BRL', amount: 50 });
    expect(details.cryptocurrency).toMatchObject({ name: 'USDT', amount: 10, status: 'PAID' });
    expect(receiver.received.at(-1)?.body).toMatchObject({
      name: 'USDT',
      amount: 10,
      operation: 'DEPOSIT',
    });
    expect(receiver.received.at(-1)?.body).not.toHaveProperty('type');
  });

  it('mock.crypto.receive: USDT to the wallet is credited and sends the crypto deposit webhook', async () => {
    const customerId = h.mock.customers.seeded._id;
    const deposit = await h.mock.crypto.receive(customerId, {
      amount: '15.019866',
      network: 'BEP-20',
    });
    expect(await usdtBalance()).toBe(115.019866);
    expect(receiver.received.at(-1)?.body).toEqual({
      id: deposit._id,
      customerId,
      status: 'PAID',
      name: 'USDT',
      amount: 15.019866,
      operation: 'DEPOSIT',
    });
    const details = await client.deposits.get(deposit._id);
    expect(details).not.toHaveProperty('currency');
    expect(details.cryptocurrency).toMatchObject({
      amount: 15.019866,
      blockchainNetwork: { name: 'BEP-20', chainId: '56' },
    });
    await expect(
      h.mock.crypto.receive(customerId, { amount: '1', network: 'TRC-20' }),
    ).rejects.toThrow(RangeError);
  });
});
