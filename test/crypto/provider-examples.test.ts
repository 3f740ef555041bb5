// The provider's published examples for each crypto page, replayed against the mock: each request
// body as its page shows it (the masked ids replaced by the mock's listed objects, every other
// field kept, `coinGecko: "usdt"` included), and each answer compared with the page's example by
// shape: the same fields, of the same JSON types. The wallet-quote body is the one example with
// unmasked ids; the mock seeds those ids, so it is replayed verbatim.
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where `actual` lacks a field of `published` or has it with another JSON type. */
function shapeDifferences(published: Json, actual: unknown, path = '$'): string[] {
  const kind = (value: unknown) =>
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (kind(published) !== kind(actual)) return [`${path}: ${kind(published)} vs ${kind(actual)}`];
  if (Array.isArray(published)) {
    const [first] = published;
    const items = actual as unknown[];
    if (first === undefined || items.length === 0) return [];
    return items.flatMap((item, index) => shapeDifferences(first, item, `${path}[${index}]`));
  }
  if (typeof published === 'object' && published !== null) {
    return Object.entries(published).flatMap(([key, value]) =>
      key in (actual as object)
        ? shapeDifferences(value, (actual as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}: missing`],
    );
  }
  return [];
}

// The pages' answers, verbatim but for the `[...]` placeholders of the network lists.
const PUBLISHED = {
  cryptocurrencies: [
    {
      _id: '67339b18ca5******************',
      name: 'USDT',
      symbol: 'USDT',
      coinGecko: 'tether',
      updatedDate: '2024-1****************',
      createdDate: '2024-1*****************',
      __v: 0,
    },
  ],
  networks: [
    {
      _id: '672c15919c9877bbeebb2fb7',
      name: 'ERC-20',
      chainId: '1',
      cryptocurrencies: [],
      chain: 'Ethereum',
      __v: 0,
    },
  ],
  depositCreated: {
    message: 'Pix Gerado com Sucesso',
    data: {
      status: 'WAITING_PAYMENT',
      code: '00020126850014br.gov.bcb.pix2563pi****',
      id: '696e28a43e09**************',
      customerId: '68e7b8f0db**************',
    },
  },
  withdrawalCreated: {
    message: 'Solicitação de Saque realizada com sucesso',
    status: 'PENDING',
    _id: '69849e8c50****************',
  },
  depositQuote: { amount: 0.186433, crypto: 'USDT', fiatToCryptoExchangeRate: 'R$ 5.364' },
  withdrawalQuote: { amount: 5.17, currency: 'R$', cryptoToFiatExchangeRate: 'R$ 5.170' },
  walletQuote: { amount: 9.369984879637112 },
  wallet: [
    {
      blockchainNetworks: ['Ethereum', 'ERC-20', 'BEP-20', 'Polygon'],
      publicKey: '0xf898b006511848B7************************',
    },
  ],
  onRampDetails: {
    _id: '6971c5d*******************',
    currency: { name: 'BRL', type: 'PIX', amount: 0.2, status: 'PAID' },
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 0.037297,
      status: 'PAID',
      coinGecko: 'tether',
      blockchainNetwork: { name: 'Ethereum', chainId: '1' },
    },
    document: '487********',
    identifiedDocumentPix: true,
    customerId: '68e7b8f*******************',
  },
  walletDetails: {
    _id: '691366b*******************',
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 73,
      status: 'PAID',
      coinGecko: 'tether',
      gasFeeAmount: 0.8100194404665713,
      blockchainNetwork: { name: 'BEP-20', chain: 'BSC', symbol: 'BNB', chainId: '56' },
      wallet: '0xcf677a******************************',
    },
    customerId: '691362b*******************',
  },
  directDepositDetails: {
    _id: '696fbfd*******************',
    cryptocurrency: {
      name: 'USDT',
      symbol: 'USDT',
      amount: 15.019866,
      status: 'PAID',
      coinGecko: 'tether',
      blockchainNetwork: { name: 'BEP-20', chainId: '56' },
    },
    customerId: '68e7b8f*******************',
  },
} satisfies Record<string, Json>;

// The USDT object of the on-ramp and off-ramp pages' bodies, as printed (`coinGecko: "usdt"`).
const PAGE_USDT = {
  _id: '67ce09d**************',
  name: 'USDT',
  symbol: 'USDT',
  coinGecko: 'usdt',
  updatedDate: '202*********************',
  createdDate: '202*********************',
  __v: 0,
};

describe("the provider's crypto examples, replayed against the mock", () => {
  let mock: PaymentServiceMock;
  let token: string;
  let customerId: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(`${mock.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const listed = async (path: string) => ((await call('GET', path)).body as Json[])[0] as Json;
  // A page's object with the mock's ids: the listed object's `_id`, the page's other fields.
  const withId = (page: Record<string, Json>, object: Json) => ({
    ...page,
    _id: (object as { _id: string })._id,
  });

  beforeEach(async () => {
    mock = createPaymentServiceMock({ balance: { BRL: '1000.00', USDT: '1000' } });
    token = await mock.auth.issueToken();
    customerId = mock.customers.seeded._id;
  });

  it('the four lists and the wallet answer the pages’ shapes', async () => {
    for (const path of [
      '/deposit/company/cryptocurrencies',
      '/withdraw/company/cryptocurrencies',
    ]) {
      expect(shapeDifferences(PUBLISHED.cryptocurrencies, (await call('GET', path)).body)).toEqual(
        [],
      );
    }
    for (const path of [
      '/deposit/company/blockchain-networks',
      '/withdraw/company/blockchain-networks',
    ]) {
      expect(shapeDifferences(PUBLISHED.networks, (await call('GET', path)).body)).toEqual([]);
    }
    const wallet = await call('GET', `/crypto/customer/${customerId}/wallet`);
    expect(shapeDifferences(PUBLISHED.wallet, wallet.body)).toEqual([]);
  });

  it('the deposit quote body (docs/crypto/deposit/price.md)', async () => {
    const currency = await listed('/deposit/company/currencies');
    const body = {
      amount: 100,
      currency: withId(
        {
          _id: '6728cba3******************',
          name: 'BRL',
          type: 'PIX',
          createdDate: (currency as { createdDate: string }).createdDate,
          updatedDate: (currency as { updatedDate: string }).updatedDate,
          __v: 0,
          symbol: 'R$',
        },
        currency,
      ),
    };
    const answer = await call('POST', '/deposit/conversion/tether', body);
    expect(answer.status).toBe(200);
    expect(shapeDifferences(PUBLISHED.depositQuote, answer.body)).toEqual([]);
    expect((answer.body as { fiatToCryptoExchangeRate: string }).fiatToCryptoExchangeRate).toMatch(
      /^R\$ \d+\.\d{3}$/,
    );
  });

  it('the withdrawal quote body (docs/crypto/withdraw/price-usdt.md)', async () => {
    const usdt = await listed('/withdraw/company/cryptocurrencies');
    const body = {
      amount: 1,
      cryptocurrency: withId(
        {
          _id: '6733a2a9******************',
          name: 'USDT',
          symbol: 'USDT',
          coinGecko: 'tether',
          updatedDate: '202******************',
          createdDate: '202******************',
          __v: 0,
        },
        usdt,
      ),
    };
    const answer = await call('POST', '/withdraw/conversion/brl/pix', body);
    expect(answer.status).toBe(200);
    expect(shapeDifferences(PUBLISHED.withdrawalQuote, answer.body)).toEqual([]);
    expect((answer.body as { currency: unknown }).currency).toBe('R$');
  });

  it('the wallet quote body, verbatim with its unmasked ids (docs/crypto/withdraw/price-external.md)', async () => {
    const body = {
      amount: 10,
      blockchainNetwork: {
        _id: '6733a3a20076c0dd9822b87a',
        name: 'BEP-20',
        chainId: '56',
        chain: 'BSC',
        symbol: 'BNB',
      },
      cryptocurrency: {
        _id: '6733a2a90076c0dd9822b86a',
        name: 'USDT',
        symbol: 'USDT',
        coinGecko: 'tether',
      },
    };
    const answer = await call('POST', '/withdraw/transaction/crypto/amount', body);
    expect(answer).toEqual({ status: 200, body: { amount: 9.37 } });
    expect(shapeDifferences(PUBLISHED.walletQuote, answer.body)).toEqual([]);
  });

  it('the on-ramp deposit body, coinGecko "usdt" and all (docs/crypto/deposit/create.md)', async () => {
    const currency = await listed('/deposit/company/currencies');
    const usdt = await listed('/deposit/company/cryptocurrencies');
    const body = {
      amount: 2,
      customerId,
      currency,
      cryptocurrency: withId(PAGE_USDT, usdt),
      externalId: '67ce09d**************',
    };
    const answer = await call('POST', '/deposit', body);
    expect(answer.status).toBe(201);
    expect(shapeDifferences(PUBLISHED.depositCreated, answer.body)).toEqual([]);
    const id = (answer.body as { data: { id: string } }).data.id;
    await mock.deposits.settle(id, 'PAID', { identifiedDocumentPix: true });
    const details = await call('GET', `/deposit/${id}/details`);
    expect(shapeDifferences(PUBLISHED.onRampDetails, details.body)).toEqual([]);
  });

  it('the off-ramp withdrawal body (docs/crypto/withdraw/create.md), to POST /withdraw', async () => {
    const currency = await listed('/withdraw/company/currencies');
    const usdt = await listed('/withdraw/company/cryptocurrencies');
    const added = await call('POST', `/pix/customer/${customerId}/key`, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    const pixKey = (added.body as { key: { key: string; _id: string } }).key;
    const body = {
      amount: 2,
      customerId,
      currency,
      cryptocurrency: withId(PAGE_USDT, usdt),
      pixKey: { key: pixKey.key, type: 'EMAIL', _id: pixKey._id },
      externalId: '67ce09d**************',
    };
    const answer = await call('POST', '/withdraw', body);
    expect(answer.status).toBe(201);
    expect(shapeDifferences(PUBLISHED.withdrawalCreated, answer.body)).toEqual([]);
  });

  it('the wallet withdrawal body in its FAQ minimal form (docs/crypto/withdraw/create-external.md)', async () => {
    const { _id: usdtId } = (await listed('/withdraw/company/cryptocurrencies')) as { _id: string };
    const networks = (await call('GET', '/withdraw/company/blockchain-networks')).body as Array<{
      _id: string;
      name: string;
    }>;
    const bep20 = networks.find((network) => network.name === 'BEP-20');
    const body = {
      amount: 73,
      customerId,
      cryptocurrency: { _id: usdtId, name: 'USDT', symbol: 'USDT' },
      blockchainNetwork: {
        _id: bep20?._id,
        name: 'BEP-20',
        chainId: '56',
        chain: 'BSC',
        symbol: 'BNB',
      },
      wallet: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    };
    const answer = await call('POST', '/withdraw', body);
    expect(answer.status).toBe(201);
    expect(shapeDifferences(PUBLISHED.withdrawalCreated, answer.body)).toEqual([]);
    const id = (answer.body as { _id: string })._id;
    await mock.withdrawals.settle(id, 'PAID');
    const details = await call('GET', `/withdraw/${id}/details`);
    expect(shapeDifferences(PUBLISHED.walletDetails, details.body)).toEqual([]);
  });

  it("a direct USDT deposit's details (docs/webhooks/deposit/status.md, third example)", async () => {
    const deposit = await mock.crypto.receive(customerId, {
      amount: '15.019866',
      network: 'BEP-20',
    });
    const details = await call('GET', `/deposit/${deposit._id}/details`);
    expect(shapeDifferences(PUBLISHED.directDepositDetails, details.body)).toEqual([]);
    expect(details.body).not.toHaveProperty('currency');
  });
});
