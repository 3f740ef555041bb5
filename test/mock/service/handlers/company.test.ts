// The company area: the balance, the partner route and a sub-account's one-time setup, with the
// provider's own examples replayed. Every test runs through MSW's setupServer, through
// mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  type MockSession,
  mockPerTest,
  UNAUTHORIZED,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

// Per the provider's public docs ("Empresa" pages), word for word.
const NOT_AVAILABLE = {
  status: 400,
  body: { message: 'Essa funcionalidade não está disponível para a sua Conta' },
};
const ONLY_FIRST_WEBHOOK = {
  status: 400,
  body: { message: 'Essa funcionalidade permite salvar somente o primeiro webhook da sua conta' },
};
const ONLY_FIRST_IP = {
  status: 400,
  body: {
    message: 'Essa funcionalidade permite liberar somente o primeiro IP de saque da sua conta',
  },
};
const WEBHOOK_OK = { status: 200, body: { message: 'Primeiro Webhook cadastrado com sucesso' } };
const IP_OK = {
  status: 200,
  body: { message: 'Primeiro IP liberado para solicitação de saque cadastrado com sucesso' },
};

// The provider's balance page: its three bodies and its three answers.
const PAGE_FIAT_FILTER = {
  currency: {
    _id: '6728f0a2cba3****************',
    name: 'BRL',
    type: 'PIX',
    createdDate: '2024-11-04T16:04:50.019Z',
    updatedDate: '2024-11-07T02:23:38.606Z',
    __v: 0,
    symbol: 'R$',
  },
};
const PAGE_CRYPTO_FILTER = {
  cryptocurrency: {
    _id: '67339b18ca59****************',
    __v: 0,
    coinGecko: 'tether',
    createdDate: '2024-11-12T18:14:48.380Z',
    name: 'USDT',
    symbol: 'USDT',
    updatedDate: '2024-11-15T05:53:32.979Z',
  },
};
const PAGE_FIAT = { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1.94, totalHeld: 0 };
const PAGE_CRYPTO = { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.866938 };

// The provider's sub-account page: the payload of its "Exemplo de Payload".
function pageSubAccountPayload(): Record<string, unknown> {
  const fee = { type: 'PERCENTAGE', value: 1 };
  const masked = '202************';
  const side = (currencyId: string, network: Record<string, unknown>, cryptoId: string) => ({
    currencies: [
      {
        currency: {
          _id: currencyId,
          __v: 0,
          createdDate: masked,
          name: 'BRL',
          symbol: 'R$',
          type: 'PIX',
          updatedDate: masked,
        },
        fee,
      },
    ],
    blockchainNetworks: [{ blockchainNetwork: network, fee }],
    cryptocurrencies: [
      {
        cryptocurrency: {
          _id: cryptoId,
          __v: 0,
          coinGecko: 'tether',
          createdDate: masked,
          name: 'USDT',
          symbol: 'USDT',
          updatedDate: masked,
        },
        fee,
      },
    ],
  });
  return {
    user: {
      name: 'Nome da Subconta Ltda',
      email: 'contato@subconta.com',
      password: 'SenhaSegura123!',
      phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
    },
    deposit: side(
      '6728f0a2cb************',
      {
        _id: '672c145e1************',
        __v: 0,
        chainId: '1',
        createdDate: masked,
        name: 'Ethereum',
        updatedDate: masked,
      },
      '67339b18ca************',
    ),
    withdraw: side(
      '67339fc000************',
      {
        _id: '6733a3a20************',
        __v: 0,
        chain: 'BSC',
        chainId: '56',
        createdDate: masked,
        name: 'BEP-20',
        symbol: 'BNB',
        updatedDate: masked,
      },
      '6732388e6e5************',
    ),
  };
}

// The provider's sub-account page: the body of its Node.js integration example.
const PAGE_NODE_SUB_ACCOUNT = {
  user: {
    name: 'Minha Subconta Revenda',
    email: 'admin@subconta.com',
    password: 'SenhaForte123',
    phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
  },
  deposit: {
    currencies: [
      {
        currency: { _id: '6728f0a2cba3ac9ea3009993', name: 'BRL', type: 'PIX' },
        fee: { type: 'PERCENTAGE', value: 1 },
      },
    ],
    blockchainNetworks: [],
    cryptocurrencies: [],
  },
  withdraw: {
    currencies: [
      {
        currency: { _id: '67339fc00076c0dd9822b874', name: 'BRL', type: 'PIX' },
        fee: { type: 'FIXED', value: 1.5 },
      },
    ],
    blockchainNetworks: [],
    cryptocurrencies: [],
  },
};

describe.each(mockTransports())('The company area through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  /** A new sub-account's token, logged in over HTTP with its own credentials. */
  async function subAccountToken(): Promise<{ id: string; token: string }> {
    const sub = h.mock.company.createSubAccount();
    const login = await api.call('POST', '/auth/token', { body: sub.credentials });
    expect(login.status).toBe(200);
    return { id: sub._id, token: (login.body as { token: string }).token };
  }

  describe('POST /balance/company (the provider’s examples)', () => {
    it('answers the page’s three examples: everything, the fiat filter, the crypto filter', async () => {
      h.mock.company.setBalance({ BRL: '1.94', USDT: '0.866938' });
      const all = await api.call('POST', '/balance/company', { token, body: {} });
      expect(answerOf(all)).toEqual({ status: 200, body: [PAGE_FIAT, PAGE_CRYPTO] });
      const fiat = await api.call('POST', '/balance/company', { token, body: PAGE_FIAT_FILTER });
      expect(answerOf(fiat)).toEqual({ status: 200, body: [PAGE_FIAT] });
      const crypto = await api.call('POST', '/balance/company', {
        token,
        body: PAGE_CRYPTO_FILTER,
      });
      expect(answerOf(crypto)).toEqual({ status: 200, body: [PAGE_CRYPTO] });
    });

    it('starts at the generous default, and at the `balance` option', async () => {
      const all = await api.call('POST', '/balance/company', { token, body: {} });
      expect(all.body).toEqual([
        { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1_000_000, totalHeld: 0 },
        { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0 },
      ]);
      const other = await transport.create({ balance: { BRL: '12.34', USDT: 3 } });
      try {
        expect(other.mock.company.balances()).toEqual([
          { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 12.34, totalHeld: 0 },
          { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 3 },
        ]);
      } finally {
        await other.close();
      }
    });

    it('a currency the ledger does not keep is an empty array; a filter that is no object is 400', async () => {
      const unknown = { currency: { ...PAGE_FIAT_FILTER.currency, name: 'EUR' } };
      expect(
        answerOf(await api.call('POST', '/balance/company', { token, body: unknown })),
      ).toEqual({ status: 200, body: [] });
      for (const body of [{ currency: 'BRL' }, { cryptocurrency: { symbol: 'USDT' } }, []]) {
        expect(answerOf(await api.call('POST', '/balance/company', { token, body }))).toEqual(
          BAD_REQUEST,
        );
      }
    });

    it('has its own IP allowlist: an unknown caller gets 401, the general one is left alone', async () => {
      h.mock.company.allowBalanceIps(['203.0.113.9']);
      expect(answerOf(await api.call('POST', '/balance/company', { token, body: {} }))).toEqual(
        UNAUTHORIZED,
      );
      // Other routes still answer: the lists are separate.
      expect((await api.call('GET', '/withdraw/company/currencies', { token })).status).toBe(200);
      h.mock.company.allowBalanceIps(['203.0.113.9', '127.0.0.1']);
      expect((await api.call('POST', '/balance/company', { token, body: {} })).status).toBe(200);
      expect(h.mock.company.balanceIps).toEqual(['203.0.113.9', '127.0.0.1']);
    });

    it('401 without a token', async () => {
      expect(answerOf(await api.call('POST', '/balance/company', { body: {} }))).toEqual(
        UNAUTHORIZED,
      );
    });
  });

  describe('POST /company/subaccount (the provider’s examples)', () => {
    it('the page’s payload answers 200, and the new account logs in at once', async () => {
      const created = await api.call('POST', '/company/subaccount', {
        token,
        body: pageSubAccountPayload(),
      });
      expect(answerOf(created)).toEqual({
        status: 200,
        body: { message: 'Subconta cadastrada com sucesso' },
      });
      const login = await api.call('POST', '/auth/token', {
        body: { email: 'contato@subconta.com', password: 'SenhaSegura123!' },
      });
      expect(login.status).toBe(200);
      const [sub] = h.mock.company.subAccounts;
      expect(sub?.credentials.email).toBe('contato@subconta.com');
      // The journal keeps the body, never the password.
      expect(JSON.stringify(h.mock.requests)).not.toContain('SenhaSegura123!');
      expect(h.mock.account(sub?._id).isSubAccount).toBe(true);
    });

    it('the page’s Node.js example answers 200 and its sub-account logs in', async () => {
      const created = await api.call('POST', '/company/subaccount', {
        token,
        body: PAGE_NODE_SUB_ACCOUNT,
      });
      expect(created.status).toBe(200);
      const login = await api.call('POST', '/auth/token', {
        body: { email: 'admin@subconta.com', password: 'SenhaForte123' },
      });
      expect(login.status).toBe(200);
    });

    it('400 for a malformed payload or an e-mail in use, and nothing is created', async () => {
      const good = pageSubAccountPayload();
      const bodies = [
        { ...good, user: { ...(good.user as object), email: h.mock.credentials.email } },
        { ...good, user: { name: 'Sem E-mail', password: 'x' } },
        { ...good, deposit: { currencies: [{ currency: {}, fee: { type: 'HALF', value: 1 } }] } },
        { ...good, withdraw: { currencies: [{ fee: { type: 'FIXED', value: 1 } }] } },
        {
          ...good,
          withdraw: { currencies: [{ currency: {}, fee: { type: 'PERCENTAGE', value: 101 } }] },
        },
        { user: good.user },
      ];
      for (const body of bodies) {
        expect(answerOf(await api.call('POST', '/company/subaccount', { token, body }))).toEqual(
          BAD_REQUEST,
        );
      }
      expect(h.mock.company.subAccounts).toEqual([]);
    });

    it('401 for an account without the partner level, a sub-account included', async () => {
      const sub = await subAccountToken();
      const body = pageSubAccountPayload();
      expect(
        answerOf(await api.call('POST', '/company/subaccount', { token: sub.token, body })),
      ).toEqual(UNAUTHORIZED);
      h.mock.company.setPartner(false);
      expect(answerOf(await api.call('POST', '/company/subaccount', { token, body }))).toEqual(
        UNAUTHORIZED,
      );
      expect(h.mock.company.subAccounts).toHaveLength(1);
    });
  });

  describe('POST /webhook/subaccount (the provider’s examples)', () => {
    it('the page’s payload answers 200 once; a second is 400, the first URL kept', async () => {
      const sub = await subAccountToken();
      const body = {
        externalWebhookUrl: 'https://sua-empresa.com/api/webhooks/subaccount/xgate',
        name: 'Primeiro Webhook',
      };
      expect(
        answerOf(await api.call('POST', '/webhook/subaccount', { token: sub.token, body })),
      ).toEqual(WEBHOOK_OK);
      const again = { ...body, externalWebhookUrl: 'https://outra.example/hook' };
      expect(
        answerOf(await api.call('POST', '/webhook/subaccount', { token: sub.token, body: again })),
      ).toEqual(ONLY_FIRST_WEBHOOK);
      expect(h.mock.account(sub.id).webhooks.url).toBe(body.externalWebhookUrl);
    });

    it('the page’s Node.js example (another name) answers the same message', async () => {
      const sub = await subAccountToken();
      const body = {
        externalWebhookUrl: 'https://api.sua-empresa.com/webhooks/xgate/subconta-1',
        name: 'Webhook Principal - Subconta 1',
      };
      expect(
        answerOf(await api.call('POST', '/webhook/subaccount', { token: sub.token, body })),
      ).toEqual(WEBHOOK_OK);
    });

    it('400 "not available" for the main account, whose URL stays as it was', async () => {
      const body = { externalWebhookUrl: 'https://a.example/hook', name: 'Primeiro Webhook' };
      expect(answerOf(await api.call('POST', '/webhook/subaccount', { token, body }))).toEqual(
        NOT_AVAILABLE,
      );
      expect(h.mock.webhooks.url).toBeNull();
    });

    it('400 for a name or URL that is missing or not a URL; nothing is registered', async () => {
      const sub = await subAccountToken();
      for (const body of [
        { name: 'Sem URL' },
        { externalWebhookUrl: 'https://a.example/hook' },
        { name: 'FTP', externalWebhookUrl: 'ftp://a.example/hook' },
        { name: 'Relativa', externalWebhookUrl: '/hook' },
      ]) {
        expect(
          answerOf(await api.call('POST', '/webhook/subaccount', { token: sub.token, body })),
        ).toEqual(BAD_REQUEST);
      }
      expect(h.mock.account(sub.id).webhooks.url).toBeNull();
    });

    it('400 once the URL was set by the control', async () => {
      const sub = await subAccountToken();
      h.mock.account(sub.id).webhooks.setUrl('http://127.0.0.1:9/hook');
      const body = { externalWebhookUrl: 'https://a.example/hook', name: 'Primeiro Webhook' };
      expect(
        answerOf(await api.call('POST', '/webhook/subaccount', { token: sub.token, body })),
      ).toEqual(ONLY_FIRST_WEBHOOK);
    });
  });

  describe('POST /withdraw/allowed-ip/subaccount (the provider’s examples)', () => {
    it('the page’s payload answers 200 once; a second is 400', async () => {
      const sub = await subAccountToken();
      expect(
        answerOf(
          await api.call('POST', '/withdraw/allowed-ip/subaccount', {
            token: sub.token,
            body: { ip: '8.8.8.8' },
          }),
        ),
      ).toEqual(IP_OK);
      expect(
        answerOf(
          await api.call('POST', '/withdraw/allowed-ip/subaccount', {
            token: sub.token,
            body: { ip: '8.8.4.4' },
          }),
        ),
      ).toEqual(ONLY_FIRST_IP);
      expect(h.mock.account(sub.id).company.withdrawalIps).toEqual(['8.8.8.8']);
    });

    it('400 "not available" for the main account', async () => {
      expect(
        answerOf(
          await api.call('POST', '/withdraw/allowed-ip/subaccount', {
            token,
            body: { ip: '8.8.8.8' },
          }),
        ),
      ).toEqual(NOT_AVAILABLE);
      expect(h.mock.company.withdrawalIps).toEqual([]);
    });

    it('takes IPv6 in its short form; refuses what is not an address', async () => {
      const sub = await subAccountToken();
      for (const ip of ['999.1.1.1', '1.2.3', '01.2.3.4', 'localhost', '[::1]', '::g', 42]) {
        expect(
          answerOf(
            await api.call('POST', '/withdraw/allowed-ip/subaccount', {
              token: sub.token,
              body: { ip },
            }),
          ),
          String(ip),
        ).toEqual(BAD_REQUEST);
      }
      const ok = await api.call('POST', '/withdraw/allowed-ip/subaccount', {
        token: sub.token,
        body: { ip: '2001:DB8:0:0:0:0:0:7' },
      });
      expect(answerOf(ok)).toEqual(IP_OK);
      expect(h.mock.account(sub.id).company.withdrawalIps).toEqual(['2001:db8::7']);
    });

    it('the IP allowed is then the only one that may create withdrawals, and not the balance', async () => {
      const sub = await subAccountToken();
      const account = h.mock.account(sub.id);
      account.company.setBalance({ BRL: '100.00' });
      const customer = account.customers.create();
      const { pixKey, currency } = await withdrawalFixture(api, sub.token, customer._id);
      await api.call('POST', '/withdraw/allowed-ip/subaccount', {
        token: sub.token,
        body: { ip: '8.8.8.8' },
      });
      const body = { amount: 1, customerId: customer._id, currency, pixKey };
      expect(answerOf(await api.call('POST', '/withdraw', { token: sub.token, body }))).toEqual(
        UNAUTHORIZED,
      );
      expect(account.withdrawals.list()).toEqual([]);
      // The balance route has its own list, still open.
      expect(
        (await api.call('POST', '/balance/company', { token: sub.token, body: {} })).status,
      ).toBe(200);
      // 127.0.0.1 is who calls through every transport here.
      account.company.allowWithdrawalIps(['8.8.8.8', '127.0.0.1']);
      expect((await api.call('POST', '/withdraw', { token: sub.token, body })).status).toBe(201);
      // The main account's withdrawals are not restricted by the sub-account's list.
      const main = await withdrawalFixture(api, token, customerId);
      const mainBody = { amount: 1, customerId, currency: main.currency, pixKey: main.pixKey };
      expect((await api.call('POST', '/withdraw', { token, body: mainBody })).status).toBe(201);
    });
  });
});
