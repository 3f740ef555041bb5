// The company area against the provider's own examples ("Empresa" pages): MSW answers each route
// with the page's documented bodies, so these tests pin what the client sends and how it reads
// the answers. The mock's resolvers for the same routes are tested with the mock.
import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import {
  BadRequestError,
  type Balance,
  brlBalance,
  type CreateSubAccountInput,
  type Cryptocurrency,
  type Currency,
  InternalServerError,
  isPaymentValidationError,
  PaymentClient,
  PaymentResponseError,
  PaymentValidationError,
  toCents,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const BASE_URL = 'https://api.pix.test/v1';
const TOKEN = 'header.payload.signature';

// The provider's examples, from its "Consultar Saldo" page.
const brlCurrency: Currency = {
  _id: '6728f0a2cba3ac9ea3009993',
  name: 'BRL',
  type: 'PIX',
  createdDate: '2024-11-04T16:04:50.019Z',
  updatedDate: '2024-11-07T02:23:38.606Z',
  __v: 0,
  symbol: 'R$',
};
const usdt: Cryptocurrency = {
  _id: '67339b18ca59a3c4b4e6a6f1',
  __v: 0,
  coinGecko: 'tether',
  createdDate: '2024-11-12T18:14:48.380Z',
  name: 'USDT',
  symbol: 'USDT',
  updatedDate: '2024-11-15T05:53:32.979Z',
};
const fiatBalance = { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1.94, totalHeld: 0 };
const cryptoBalance = { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.866938 };

// The provider's payload example, from its "Criar Subconta" page (ids filled in).
const percent = { type: 'PERCENTAGE', value: 1 } as const;
const subAccount: CreateSubAccountInput = {
  user: {
    name: 'Nome da Subconta Ltda',
    email: 'contato@subconta.com',
    password: 'SenhaSegura123!',
    phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
  },
  deposit: {
    currencies: [{ currency: brlCurrency, fee: percent }],
    blockchainNetworks: [
      {
        blockchainNetwork: {
          _id: '672c145e1d2f3a4b5c6d7e8f',
          __v: 0,
          chainId: '1',
          name: 'Ethereum',
        },
        fee: percent,
      },
    ],
    cryptocurrencies: [{ cryptocurrency: usdt, fee: percent }],
  },
  withdraw: {
    currencies: [{ currency: { ...brlCurrency, _id: '67339fc00076c0dd9822b874' }, fee: percent }],
    blockchainNetworks: [
      {
        blockchainNetwork: {
          _id: '6733a3a20a1b2c3d4e5f6a7b',
          __v: 0,
          chain: 'BSC',
          chainId: '56',
          name: 'BEP-20',
          symbol: 'BNB',
        },
        fee: percent,
      },
    ],
    cryptocurrencies: [
      { cryptocurrency: { ...usdt, _id: '6732388e6e5f4a3b2c1d0e9f' }, fee: percent },
    ],
  },
};

interface Received {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

const received: Received[] = [];
const server = setupServer(
  http.post(`${BASE_URL}/auth/token`, () => HttpResponse.json({ token: TOKEN })),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

/** Answers `path` with `answer(body, n)` (n counts from 1), recording what the client sent. */
function route(path: string, answer: (body: unknown, n: number) => Response): void {
  let n = 0;
  server.use(
    http.post(`${BASE_URL}${path}`, async ({ request }) => {
      const body: unknown = await request.json();
      received.push({
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        body,
      });
      return answer(body, ++n);
    }),
  );
}

const message = (text: string, status = 200) => HttpResponse.json({ message: text }, { status });

describe('company.getBalance', () => {
  it('sends {} with the token by default and parses fiat and crypto balances as the page shows them', async () => {
    route('/balance/company', () => HttpResponse.json([fiatBalance, cryptoBalance]));
    const balances = await makeClient().company.getBalance();
    expect(balances).toEqual([fiatBalance, cryptoBalance]);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/balance/company',
        authorization: `Bearer ${TOKEN}`,
        body: {},
      },
    ]);
  });

  it('a currency or a cryptocurrency filter is sent whole, as listed', async () => {
    route('/balance/company', (body) =>
      HttpResponse.json('currency' in (body as object) ? [fiatBalance] : [cryptoBalance]),
    );
    const client = makeClient();
    await expect(client.company.getBalance({ currency: brlCurrency })).resolves.toEqual([
      fiatBalance,
    ]);
    await expect(client.company.getBalance({ cryptocurrency: usdt })).resolves.toEqual([
      cryptoBalance,
    ]);
    expect(received.map((r) => r.body)).toEqual([
      { currency: brlCurrency },
      { cryptocurrency: usdt },
    ]);
  });

  it('keeps fields the page does not show, on the balance and on its currency', async () => {
    const richer = {
      ...fiatBalance,
      currency: { ...fiatBalance.currency, symbol: 'R$' },
      updatedAt: 'x',
    };
    route('/balance/company', () => HttpResponse.json([richer]));
    await expect(makeClient().company.getBalance()).resolves.toEqual([richer]);
  });

  it('a 401 of the balance route says it has its own IP allowlist; a refused login does not', async () => {
    route('/balance/company', () => message('Unauthorized', 401));
    const error = await rejectionOf(makeClient().company.getBalance());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({
      status: 401,
      method: 'POST',
      path: '/balance/company',
      serviceMessage: 'Unauthorized',
    });
    expect((error as Error).message).toContain(
      `401 Unauthorized: POST ${BASE_URL}/balance/company. `,
    );
    expect((error as Error).message).toContain('IP Permitidos para consulta de saldo via API');
    expect((error as Error).stack).toContain('own IP allowlist');

    server.use(http.post(`${BASE_URL}/auth/token`, () => message('Unauthorized', 401)));
    const login = await rejectionOf(makeClient().company.getBalance());
    expect(login).toMatchObject({ name: 'UnauthorizedError', path: '/auth/token' });
    expect((login as Error).message).not.toContain('IP Permitidos');
  });

  it('is retried on 503: it only reads', async () => {
    route('/balance/company', (_, n) =>
      n === 1 ? message('Service Unavailable', 503) : HttpResponse.json([fiatBalance]),
    );
    await expect(makeClient({ maxRetries: 1 }).company.getBalance()).resolves.toEqual([
      fiatBalance,
    ]);
    expect(received).toHaveLength(2);
  });

  it.each([
    ['both filters', { currency: brlCurrency, cryptocurrency: usdt }, ['cryptocurrency']],
    [
      'a currency without its _id',
      { currency: { ...brlCurrency, _id: undefined } },
      ['currency', '_id'],
    ],
    [
      'a cryptocurrency without its name',
      { cryptocurrency: { ...usdt, name: undefined } },
      ['cryptocurrency', 'name'],
    ],
    ['no object', 'BRL', []],
  ])('refuses %s before sending, naming the field', async (_, filter, path) => {
    const error = await rejectionOf(makeClient().company.getBalance(filter as never));
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual(path);
    expect(received).toEqual([]);
  });
});

describe('brlBalance', () => {
  it('picks the BRL balance of the page example as exact cents', () => {
    expect(brlBalance([cryptoBalance, fiatBalance])).toEqual({ availableCents: 194, heldCents: 0 });
    expect(brlBalance([{ ...fiatBalance, totalAmount: 1_234_567.89, totalHeld: 0.1 }])).toEqual({
      availableCents: 123_456_789,
      heldCents: 10,
    });
  });

  it('reads every amount up to 1,000.00 as its own cents, where cents/100 arithmetic would drift', () => {
    for (let cents = 0; cents <= 100_000; cents++) {
      const balances: Balance[] = [
        { ...fiatBalance, totalAmount: cents / 100, totalHeld: cents / 100 },
      ];
      const brl = brlBalance(balances);
      if (brl?.availableCents !== cents || brl.heldCents !== cents) {
        expect.fail(`${cents / 100} read as ${JSON.stringify(brl)}`);
      }
    }
    expect(1.13 * 100).not.toBe(113); // what the helper avoids
  });

  it('a missing totalHeld is 0; no BRL balance is undefined', () => {
    expect(brlBalance([{ currency: { type: 'PIX', name: 'BRL' }, totalAmount: 5 }])).toEqual({
      availableCents: 500,
      heldCents: 0,
    });
    expect(brlBalance([cryptoBalance])).toBeUndefined();
    expect(brlBalance([])).toBeUndefined();
  });

  it('refuses an amount that is not whole cents, naming where it is', async () => {
    const error = await rejectionOf(
      (async () => brlBalance([cryptoBalance, { ...fiatBalance, totalAmount: 0.1 + 0.2 }]))(),
    );
    expect(isPaymentValidationError(error)).toBe(true);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual([1, 'totalAmount']);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1.005]) {
      expect(() => brlBalance([{ ...fiatBalance, totalHeld: bad }])).toThrow(
        PaymentValidationError,
      );
    }
  });

  it('reads the balances of getBalance from their text, exact above 70368744177664.00', async () => {
    route(
      '/balance/company',
      () =>
        new HttpResponse(
          '[{"currency":{"type":"PIX","name":"BRL"},"totalAmount":90071992547409.91,"totalHeld":70368744177664.01}]',
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const balances = await makeClient().company.getBalance();
    expect(brlBalance(balances)).toEqual({
      availableCents: 9_007_199_254_740_991,
      heldCents: 7_036_874_417_766_401,
    });
  });

  it('refuses a number above 70368744177664.00 whose text it never saw, rather than read a cent off', async () => {
    const error = await rejectionOf(
      (async () => brlBalance([{ ...fiatBalance, totalAmount: 90071992547409.91 }]))(),
    );
    expect(isPaymentValidationError(error)).toBe(true);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual([0, 'totalAmount']);
    expect(brlBalance([{ ...fiatBalance, totalAmount: 70368744177664 }])?.availableCents).toBe(
      7_036_874_417_766_400,
    );
  });

  it('compares with a payout amount in the same unit', () => {
    const brl = brlBalance([{ ...fiatBalance, totalAmount: 150 }]);
    expect(brl?.availableCents).toBe(toCents('150.00'));
  });
});

describe('company.createSubAccount', () => {
  it("sends the page's payload as given and reads its answer", async () => {
    route('/company/subaccount', () => message('Subconta cadastrada com sucesso'));
    await expect(makeClient().company.createSubAccount(subAccount)).resolves.toEqual({
      message: 'Subconta cadastrada com sucesso',
    });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/company/subaccount',
        authorization: `Bearer ${TOKEN}`,
        body: subAccount,
      },
    ]);
  });

  it('is not retried: a 503 may have created the sub-account', async () => {
    route('/company/subaccount', () => message('Service Unavailable', 503));
    const error = await rejectionOf(
      makeClient({ maxRetries: 2 }).company.createSubAccount(subAccount),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(received).toHaveLength(1);
  });

  it('a 401 (no partner account) is an UnauthorizedError without the balance hint', async () => {
    route('/company/subaccount', () => message('Unauthorized', 401));
    const error = await rejectionOf(makeClient().company.createSubAccount(subAccount));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toContain(
      `401 Unauthorized: POST ${BASE_URL}/company/subaccount`,
    );
    expect((error as Error).message).not.toContain('IP Permitidos');
  });

  it("the sub-account's password never shows in an error, even where the service echoes it", async () => {
    const password = subAccount.user.password;
    route('/company/subaccount', (body) =>
      HttpResponse.json(
        { message: `invalid user ${JSON.stringify((body as CreateSubAccountInput).user)}`, body },
        { status: 500 },
      ),
    );
    const error = await rejectionOf(makeClient().company.createSubAccount(subAccount));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(JSON.stringify(error)).not.toContain(password);
    expect((error as Error).message).not.toContain(password);
    expect((error as Error).stack).not.toContain(password);
    expect(JSON.stringify((error as InternalServerError).body)).not.toContain(password);
    expect((error as InternalServerError).serviceMessage).toContain('contato@subconta.com');
  });

  it("the sub-account's password shows neither in the reason of a refusal nor in the error of a 2xx that echoes it", async () => {
    const password = subAccount.user.password;
    route(
      '/company/subaccount',
      (body) =>
        new HttpResponse(JSON.stringify({ message: 'Bad Request' }), {
          status: 400,
          headers: {
            'content-type': 'application/json',
            'x-mock-reason': `refused user ${JSON.stringify((body as CreateSubAccountInput).user)}`,
          },
        }),
    );
    const refused = await rejectionOf(makeClient().company.createSubAccount(subAccount));
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).reason).toContain('contato@subconta.com');
    route('/company/subaccount', (body) => HttpResponse.json({ echo: body }));
    const echoed = await rejectionOf(makeClient().company.createSubAccount(subAccount));
    expect(echoed).toBeInstanceOf(PaymentResponseError);
    for (const error of [refused, echoed]) {
      expect(JSON.stringify(error)).not.toContain(password);
      expect(inspect(error, { depth: Number.POSITIVE_INFINITY })).not.toContain(password);
      expect(String(error)).not.toContain(password);
    }
  });

  it.each([
    ['no withdraw fees', { ...subAccount, withdraw: undefined }, ['withdraw']],
    [
      'an empty e-mail',
      { ...subAccount, user: { ...subAccount.user, email: ' ' } },
      ['user', 'email'],
    ],
    [
      'an e-mail without @',
      { ...subAccount, user: { ...subAccount.user, email: 'contato' } },
      ['user', 'email'],
    ],
    [
      'an empty password',
      { ...subAccount, user: { ...subAccount.user, password: '' } },
      ['user', 'password'],
    ],
    [
      'an unknown fee type',
      feeAt({ type: 'FLAT', value: 1 }),
      ['deposit', 'currencies', 0, 'fee', 'type'],
    ],
    [
      'a negative fee',
      feeAt({ type: 'FIXED', value: -1 }),
      ['deposit', 'currencies', 0, 'fee', 'value'],
    ],
    [
      'a percentage above 100',
      feeAt({ type: 'PERCENTAGE', value: 150 }),
      ['deposit', 'currencies', 0, 'fee', 'value'],
    ],
    [
      'a currency that is not the whole listed object',
      {
        ...subAccount,
        deposit: {
          ...subAccount.deposit,
          currencies: [{ currency: { _id: 'x', name: 'BRL', type: 'PIX' }, fee: percent }],
        },
      },
      ['deposit', 'currencies', 0, 'currency', 'symbol'],
    ],
  ])('refuses %s before sending, naming the field', async (_, input, path) => {
    const error = await rejectionOf(makeClient().company.createSubAccount(input as never));
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues.map((issue) => issue.path)).toContainEqual(
      path,
    );
    expect((error as Error).message).not.toContain(subAccount.user.password);
    expect(received).toEqual([]);
  });
});

describe('company.registerWebhook', () => {
  const input = {
    name: 'Primeiro Webhook',
    externalWebhookUrl: 'https://sua-empresa.com/api/webhooks/subaccount/xgate',
  };

  it('sends name and URL; a second registration is the 400 of a one-time route, not retried', async () => {
    route('/webhook/subaccount', (_, n) =>
      n === 1
        ? message('Primeiro Webhook cadastrado com sucesso')
        : message(
            'Essa funcionalidade permite salvar somente o primeiro webhook da sua conta',
            400,
          ),
    );
    const sub = makeClient({ email: 'contato@subconta.com', password: 'SenhaSegura123!' });
    await expect(sub.company.registerWebhook(input)).resolves.toEqual({
      message: 'Primeiro Webhook cadastrado com sucesso',
    });
    const again = await rejectionOf(sub.company.registerWebhook(input));
    expect(again).toBeInstanceOf(BadRequestError);
    expect(again).toMatchObject({
      serviceMessage: 'Essa funcionalidade permite salvar somente o primeiro webhook da sua conta',
    });
    expect(received.map((r) => [r.path, r.body])).toEqual([
      ['/v1/webhook/subaccount', input],
      ['/v1/webhook/subaccount', input],
    ]);
  });

  it('is not retried on 503', async () => {
    route('/webhook/subaccount', () => message('Service Unavailable', 503));
    await expect(makeClient({ maxRetries: 2 }).company.registerWebhook(input)).rejects.toThrow(
      InternalServerError,
    );
    expect(received).toHaveLength(1);
  });

  it.each([
    ['a relative URL', { ...input, externalWebhookUrl: '/webhooks' }, ['externalWebhookUrl']],
    [
      'an ftp URL',
      { ...input, externalWebhookUrl: 'ftp://loja.example/hook' },
      ['externalWebhookUrl'],
    ],
    [
      'a javascript: URL',
      { ...input, externalWebhookUrl: 'javascript:alert(1)' },
      ['externalWebhookUrl'],
    ],
    ['no URL', { name: 'x' }, ['externalWebhookUrl']],
    ['an empty name', { ...input, name: '' }, ['name']],
    ['no object', 'https://loja.example', []],
  ])('refuses %s before sending, naming the field', async (_, body, path) => {
    const error = await rejectionOf(makeClient().company.registerWebhook(body as never));
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual(path);
    expect(received).toEqual([]);
  });

  // Text the URL parser cleans before checking it: what was checked is not what would be sent.
  it.each([
    ' https://loja.example/hook',
    'https://loja.example/hook ',
    'https://loja.example/ho\nok',
    'https://loja.exa\tmple/hook',
    'https://loja.example/hook\r',
    '\u0000https://loja.example/hook',
    'https://evil.example\\@loja.example/hook',
  ])('refuses the URL %j, which the URL parser would clean, before sending', async (url) => {
    const error = await rejectionOf(
      makeClient().company.registerWebhook({ ...input, externalWebhookUrl: url }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['externalWebhookUrl'], message: expect.stringContaining('control character') },
    ]);
    expect(received).toEqual([]);
  });
});

describe('company.allowWithdrawalIp', () => {
  it('sends { ip } and reads the answer; a second IP is the 400 of a one-time route', async () => {
    route('/withdraw/allowed-ip/subaccount', (_, n) =>
      n === 1
        ? message('Primeiro IP liberado para solicitação de saque cadastrado com sucesso')
        : message(
            'Essa funcionalidade permite liberar somente o primeiro IP de saque da sua conta',
            400,
          ),
    );
    const sub = makeClient();
    await expect(sub.company.allowWithdrawalIp('8.8.8.8')).resolves.toEqual({
      message: 'Primeiro IP liberado para solicitação de saque cadastrado com sucesso',
    });
    await expect(sub.company.allowWithdrawalIp('8.8.4.4')).rejects.toThrow(BadRequestError);
    expect(received.map((r) => [r.path, r.body])).toEqual([
      ['/v1/withdraw/allowed-ip/subaccount', { ip: '8.8.8.8' }],
      ['/v1/withdraw/allowed-ip/subaccount', { ip: '8.8.4.4' }],
    ]);
  });

  it.each([
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    '2001:db8::7',
    '::1',
    '::ffff:203.0.113.7',
    '2001:0DB8:0000:0000:0000:0000:0000:0007',
  ])('accepts %s', async (ip) => {
    route('/withdraw/allowed-ip/subaccount', () => message('ok'));
    await makeClient().company.allowWithdrawalIp(ip);
    expect(received.map((r) => r.body)).toEqual([{ ip }]);
  });

  it.each([
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '0x7f.0.0.1',
    ' 8.8.8.8',
    '8.8.8.8\n',
    'localhost',
    '[::1]',
    '::1/128',
    'fe80::1%eth0',
    '1:2:3:4:5:6:7:8:9',
    '',
    '::1]/x[::1',
    // Host names made of the characters of an address: the URL parser takes them as names.
    'cafe',
    'dead.beef',
    '1e3',
    'a.b.c.d',
    '1.2.3.4.',
  ])('refuses %j before sending', async (ip) => {
    const error = await rejectionOf(makeClient().company.allowWithdrawalIp(ip));
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['ip'], message: expect.stringContaining('IPv4') },
    ]);
    expect(received).toEqual([]);
  });

  it('validateInput: false sends what it is given, for the service to judge', async () => {
    route('/withdraw/allowed-ip/subaccount', () => message('Bad Request', 400));
    const client = new PaymentClient({
      baseUrl: BASE_URL,
      email: 'contato@subconta.com',
      password: 'SenhaSegura123!',
      validateInput: false,
    });
    await expect(client.company.allowWithdrawalIp('localhost')).rejects.toThrow(BadRequestError);
    expect(received.map((r) => r.body)).toEqual([{ ip: 'localhost' }]);
  });
});

function feeAt(fee: unknown): unknown {
  return {
    ...subAccount,
    deposit: { ...subAccount.deposit, currencies: [{ currency: brlCurrency, fee }] },
  };
}
