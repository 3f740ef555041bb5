// Inputs for every operation of the table: one valid call per operation (built against a live
// mock), and the ways to spoil it that apply to any operation, derived from its entry in the
// table (path parameters, body, authentication). Used by test/mock/declared-answers.test.ts.
import { isValidCpf } from 'pix-payment-sdk';
import type { ServiceOperation } from '../../mock/service/operations.js';
import { type Api, type MockSession, UNKNOWN_ID } from './mock-suite.js';

/** A request to an operation, as sent byte for byte. */
export interface OperationCall {
  /** What the call tries, for failure messages. */
  readonly label: string;
  /** Path parameters, already percent-encoded (or deliberately malformed). */
  readonly segments: Readonly<Record<string, string>>;
  /** The `Authorization` header; absent when `undefined`. */
  readonly authorization?: string | undefined;
  /** The body and its `Content-Type` (absent when `contentType` is `undefined`). */
  readonly body?: {
    readonly data: string | Uint8Array<ArrayBuffer>;
    readonly contentType?: string | undefined;
  };
}

/**
 * A well-formed call: path parameters (not yet encoded), the JSON body, and the token to send
 * instead of the session's (a sub-account's, for the routes only a sub-account may call).
 */
export interface WellFormed {
  readonly params: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly token?: string;
}

/** What a generator gets: the test's mock session and a counter for unique values. */
export interface InputContext extends MockSession {
  /** A number not handed out before in this test. */
  next(): number;
  /** Ids a transaction operation needs, made once per test. */
  fixture(): Promise<Fixture>;
}

export interface Fixture {
  readonly pixKey: { key: string; type: string; _id: string };
  readonly withdrawCurrency: Record<string, unknown>;
  readonly depositCurrency: Record<string, unknown>;
  readonly withdrawalId: string;
  readonly depositId: string;
}

/**
 * The inputs of one operation: `valid` must succeed (2xx) when sent first; `variants` are other
 * well-formed calls whose answers must only stay within what the document declares.
 */
export interface OperationInputs {
  valid(context: InputContext): Promise<WellFormed>;
  variants?(context: InputContext): Promise<ReadonlyArray<WellFormed>>;
}

/** `value` as JSON for a failure message, with any `password` hidden. */
export function labelOf(value: unknown): string {
  return JSON.stringify(value, (key, item) => (key === 'password' ? '[hidden]' : item));
}

/** A valid CPF made from `n` (the check digits computed). */
export function cpfOf(n: number): string {
  const base = String(100_000_000 + (n % 800_000_000)).padStart(9, '0');
  const digits = [...base].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const cpf = digits.join('');
  if (!isValidCpf(cpf)) throw new Error(`cpfOf(${n}) made an invalid CPF ${cpf}`);
  return cpf;
}

async function addKey(api: Api, token: string, customerId: string, n: number) {
  const added = await api.call('POST', `/pix/customer/${customerId}/key`, {
    token,
    body: { type: 'EMAIL', key: `chave.${n}@example.com` },
  });
  if (added.status !== 201) throw new Error(`fixture: adding a key answered ${added.status}`);
  return (added.body as { key: Fixture['pixKey'] }).key;
}

/** Builds what the transaction operations need: a key, both currencies, a withdrawal, a deposit. */
export async function buildFixture(context: MockSession, n: number): Promise<Fixture> {
  const { api, token, customerId } = context;
  const pixKey = await addKey(api, token, customerId, n);
  const [withdrawCurrency] = (await api.call('GET', '/withdraw/company/currencies', { token }))
    .body as Array<Record<string, unknown>>;
  const [depositCurrency] = (await api.call('GET', '/deposit/company/currencies', { token }))
    .body as Array<Record<string, unknown>>;
  if (!withdrawCurrency || !depositCurrency) throw new Error('fixture: no currencies listed');
  const withdrawal = await api.call('POST', '/withdraw', {
    token,
    body: { amount: 1, customerId, currency: withdrawCurrency, pixKey },
  });
  const deposit = await api.call('POST', '/deposit', {
    token,
    body: { amount: 1, customerId, currency: depositCurrency },
  });
  if (withdrawal.status !== 201 || deposit.status !== 201) {
    throw new Error(`fixture: withdrawal ${withdrawal.status}, deposit ${deposit.status}`);
  }
  return {
    pixKey,
    withdrawCurrency,
    depositCurrency,
    withdrawalId: (withdrawal.body as { _id: string })._id,
    depositId: (deposit.body as { data: { id: string } }).data.id,
  };
}

/** The withdrawal side's USDT and BEP-20, and the deposit side's USDT, as listed. */
async function cryptoObjects({ api, token }: MockSession) {
  const get = async (path: string) =>
    (await api.call('GET', path, { token })).body as Array<Record<string, unknown>>;
  const [usdtOut] = await get('/withdraw/company/cryptocurrencies');
  const [usdtIn] = await get('/deposit/company/cryptocurrencies');
  const bep20 = (await get('/withdraw/company/blockchain-networks')).find(
    (network) => network.name === 'BEP-20',
  );
  if (!usdtOut || !usdtIn || !bep20) throw new Error('fixture: crypto lists are incomplete');
  return { usdtOut, usdtIn, bep20 };
}

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

// The crypto bodies of `POST /withdraw`: off-ramp and wallet, valid and spoiled.
async function cryptoWithdrawals(
  context: InputContext,
  base: Record<string, unknown>,
): Promise<WellFormed[]> {
  const { usdtIn, usdtOut, bep20 } = await cryptoObjects(context);
  const offRamp = { ...base, cryptocurrency: usdtOut };
  const { currency: _currency, pixKey: _pixKey, ...bare } = base;
  const toWallet = {
    ...bare,
    amount: 5,
    cryptocurrency: usdtOut,
    blockchainNetwork: bep20,
    wallet: WALLET,
  };
  return [
    { params: {}, body: offRamp },
    { params: {}, body: { ...offRamp, amount: 0.1234567 } },
    { params: {}, body: { ...offRamp, cryptocurrency: usdtIn } },
    { params: {}, body: toWallet },
    { params: {}, body: { ...toWallet, wallet: WALLET.toLowerCase().replace('0x5', '0x6') } },
    { params: {}, body: { ...toWallet, wallet: WALLET.replace('aA', 'Aa') } },
    { params: {}, body: { ...toWallet, blockchainNetwork: { ...bep20, chainId: '1' } } },
  ];
}

/** A new sub-account's token, for the routes a sub-account calls with its own. */
async function subAccountToken({ h }: InputContext): Promise<string> {
  const sub = h.mock.company.createSubAccount();
  return h.mock.account(sub._id).auth.issueToken();
}

/** A body of `POST /company/subaccount`, as the provider's page builds it. */
function subAccountBody(n: number, currency: Record<string, unknown>): Record<string, unknown> {
  const fees = {
    currencies: [{ currency, fee: { type: 'PERCENTAGE', value: 1 } }],
    blockchainNetworks: [],
    cryptocurrencies: [],
  };
  return {
    user: {
      name: `Subconta ${n} Ltda`,
      email: `subconta.${n}@example.com`,
      password: 'SenhaSegura123!',
      phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
    },
    deposit: fees,
    withdraw: fees,
  };
}

/**
 * The inputs of each operation, by id. An operation added to the table needs an entry here: the
 * test fails, naming it, until it has one.
 */
export const OPERATION_INPUTS: Readonly<Record<string, OperationInputs>> = {
  'auth.getToken': {
    valid: async ({ h }) => ({ params: {}, body: { ...h.mock.credentials } }),
    variants: async ({ h }) => [
      { params: {}, body: { ...h.mock.credentials, password: 'senha-errada' } },
      { params: {}, body: { email: 'outra@example.com', password: h.mock.credentials.password } },
    ],
  },
  'pixKeys.add': {
    valid: async ({ customerId, next }) => ({
      params: { customerId },
      body: { type: 'EMAIL', key: `ana.${next()}@example.com` },
    }),
    variants: async ({ customerId, next }) => [
      { params: { customerId }, body: { type: 'CPF', key: cpfOf(next()) } },
      { params: { customerId }, body: { type: 'CPF', key: '52998224720' } },
      { params: { customerId }, body: { type: 'PHONE', key: 'não é telefone' } },
      { params: { customerId }, body: { type: 'RANDOM', key: crypto.randomUUID() } },
      { params: { customerId }, body: { type: 'CNPJ', key: '11.222.333/0001-81' } },
      { params: { customerId }, body: { type: 'UNKNOWN', key: 'x' } },
    ],
  },
  'pixKeys.list': { valid: async ({ customerId }) => ({ params: { customerId } }) },
  'pixKeys.remove': {
    valid: async ({ api, token, customerId, next }) => ({
      params: { customerId, keyId: (await addKey(api, token, customerId, next()))._id },
    }),
    variants: async ({ api, token, h, next }) => {
      // A key of another customer is not this customer's key.
      const other = h.mock.customers.create()._id;
      const key = await addKey(api, token, other, next());
      return [{ params: { customerId: h.mock.customers.seeded._id, keyId: key._id } }];
    },
  },
  'withdrawals.listCurrencies': { valid: async () => ({ params: {} }) },
  'withdrawals.create': {
    valid: async ({ customerId, fixture, next }) => {
      const { withdrawCurrency, pixKey } = await fixture();
      return {
        params: {},
        body: {
          amount: 10.5,
          customerId,
          currency: withdrawCurrency,
          pixKey,
          externalId: `saque-${next()}`,
        },
      };
    },
    variants: async (context) => {
      const { customerId, fixture, h } = context;
      const { withdrawCurrency, depositCurrency, pixKey } = await fixture();
      const base = { amount: 1, customerId, currency: withdrawCurrency, pixKey };
      const { name, type, symbol, _id } = withdrawCurrency;
      return [
        { params: {}, body: { ...base, currency: depositCurrency } },
        { params: {}, body: { ...base, currency: { _id, name, type, symbol } } },
        { params: {}, body: { ...base, customerId: h.mock.customers.create()._id } },
        { params: {}, body: { ...base, pixKey: { ...pixKey, _id: UNKNOWN_ID } } },
        // The crypto variants (per the provider's public docs): USDT to a Pix key or a wallet.
        ...(await cryptoWithdrawals(context, base)),
      ];
    },
  },
  'withdrawals.get': {
    valid: async ({ fixture }) => ({ params: { id: (await fixture()).withdrawalId } }),
    variants: async ({ fixture }) => [{ params: { id: (await fixture()).depositId } }],
  },
  'withdrawals.resendWebhook': {
    valid: async ({ fixture }) => ({ params: { id: (await fixture()).withdrawalId }, body: {} }),
  },
  'deposits.listCurrencies': { valid: async () => ({ params: {} }) },
  'deposits.create': {
    valid: async ({ customerId, fixture, next }) => ({
      params: {},
      body: {
        amount: 25,
        customerId,
        currency: (await fixture()).depositCurrency,
        externalId: `deposito-${next()}`,
      },
    }),
    variants: async (context) => {
      const { customerId, fixture, next } = context;
      const { withdrawCurrency, depositCurrency } = await fixture();
      const n = next();
      const customer = {
        name: `Cliente ${n}`,
        document: cpfOf(n),
        phone: '+5511999990000',
        email: `cliente.${n}@example.com`,
      };
      return [
        { params: {}, body: { amount: 1, customerId, currency: withdrawCurrency } },
        // A customer object instead of `customerId` (per the provider's public docs).
        { params: {}, body: { amount: 1, customer, currency: depositCurrency } },
        { params: {}, body: { amount: 1, customer, currency: depositCurrency } },
        { params: {}, body: { amount: 1, customerId, customer, currency: depositCurrency } },
        // On-ramp: the deposit side's USDT converts; the withdrawal side's is refused.
        ...(await cryptoObjects(context).then(({ usdtIn, usdtOut }) => [
          {
            params: {},
            body: { amount: 1, customerId, currency: depositCurrency, cryptocurrency: usdtIn },
          },
          {
            params: {},
            body: { amount: 1, customerId, currency: depositCurrency, cryptocurrency: usdtOut },
          },
        ])),
      ];
    },
  },
  'deposits.get': {
    valid: async ({ fixture }) => ({ params: { id: (await fixture()).depositId } }),
    variants: async ({ fixture }) => [{ params: { id: (await fixture()).withdrawalId } }],
  },
  'deposits.resendWebhook': {
    valid: async ({ fixture }) => ({ params: { id: (await fixture()).depositId }, body: {} }),
  },
  'customers.create': {
    valid: async ({ next }) => {
      const n = next();
      return {
        params: {},
        body: { name: `Cliente ${n}`, document: cpfOf(n), email: `c${n}@example.com` },
      };
    },
    variants: async ({ h, next }) => {
      const seeded = h.mock.customers.seeded;
      return [
        { params: {}, body: { name: `Outro ${next()}`, document: seeded.document } },
        { params: {}, body: { name: seeded.name, document: cpfOf(next()) } },
        { params: {}, body: { name: 'Empresa', document: '11.222.333/0001-81' } },
      ];
    },
  },
  'customers.get': { valid: async ({ customerId }) => ({ params: { id: customerId } }) },
  // `PUT /customer/{id}` (per the provider's public docs), for when the table has it.
  'customers.update': {
    // The body replaces the customer's data whole: `name` and `document` are both required.
    valid: async ({ h, customerId, next }) => ({
      params: { id: customerId },
      body: {
        name: `Cliente Renomeado ${next()}`,
        document: h.mock.customers.get(customerId)?.document,
      },
    }),
    variants: async ({ h, customerId }) => [
      { params: { id: customerId }, body: { name: 'Só o nome' } },
      { params: { id: customerId }, body: { document: h.mock.customers.create().document } },
      // Another customer's name or document: 409.
      {
        params: { id: customerId },
        body: {
          name: h.mock.customers.create().name,
          document: h.mock.customers.get(customerId)?.document,
        },
      },
      { params: { id: customerId }, body: {} },
    ],
  },
  'withdrawals.listCryptocurrencies': { valid: async () => ({ params: {} }) },
  'withdrawals.listNetworks': { valid: async () => ({ params: {} }) },
  'withdrawals.quote': {
    valid: async (context) => ({
      params: {},
      body: { amount: 1, cryptocurrency: (await cryptoObjects(context)).usdtOut },
    }),
    variants: async (context) => {
      const { usdtIn, usdtOut } = await cryptoObjects(context);
      return [
        { params: {}, body: { amount: 1, cryptocurrency: usdtIn } },
        { params: {}, body: { amount: 0.0000001, cryptocurrency: usdtOut } },
        { params: {}, body: { amount: 1, cryptocurrency: { _id: UNKNOWN_ID } } },
      ];
    },
  },
  'withdrawals.quoteToWallet': {
    valid: async (context) => {
      const { usdtOut, bep20 } = await cryptoObjects(context);
      return {
        params: {},
        body: { amount: 10, cryptocurrency: usdtOut, blockchainNetwork: bep20 },
      };
    },
    variants: async (context) => {
      const { usdtOut, bep20 } = await cryptoObjects(context);
      const base = { cryptocurrency: usdtOut, blockchainNetwork: bep20 };
      return [
        { params: {}, body: { ...base, amount: 0.01 } },
        { params: {}, body: { ...base, amount: 1, blockchainNetwork: { name: 'TRC-20' } } },
      ];
    },
  },
  'deposits.listCryptocurrencies': { valid: async () => ({ params: {} }) },
  'deposits.listNetworks': { valid: async () => ({ params: {} }) },
  'deposits.quote': {
    valid: async ({ fixture }) => ({
      params: {},
      body: { amount: 100, currency: (await fixture()).depositCurrency },
    }),
    variants: async ({ fixture }) => {
      const { withdrawCurrency, depositCurrency } = await fixture();
      return [
        { params: {}, body: { amount: 100, currency: withdrawCurrency } },
        { params: {}, body: { amount: 1.001, currency: depositCurrency } },
      ];
    },
  },
  'customers.getWallet': {
    valid: async ({ customerId }) => ({ params: { id: customerId } }),
    variants: async () => [{ params: { id: UNKNOWN_ID } }],
  },
  'company.getBalance': {
    valid: async () => ({ params: {}, body: {} }),
    variants: async ({ fixture }) => {
      const { withdrawCurrency } = await fixture();
      return [
        { params: {}, body: { currency: withdrawCurrency } },
        { params: {}, body: { cryptocurrency: { _id: UNKNOWN_ID, name: 'USDT', symbol: 'USDT' } } },
        { params: {}, body: { currency: 'BRL' } },
      ];
    },
  },
  'company.createSubAccount': {
    valid: async ({ next, fixture }) => ({
      params: {},
      body: subAccountBody(next(), (await fixture()).depositCurrency),
    }),
    variants: async ({ next, fixture, h }) => {
      const body = subAccountBody(next(), (await fixture()).depositCurrency);
      return [
        // The e-mail of an account that exists.
        {
          params: {},
          body: { ...body, user: { ...(body.user as object), email: h.mock.credentials.email } },
        },
        {
          params: {},
          body: { ...body, withdraw: { currencies: [{ fee: { type: 'FIXED', value: 1 } }] } },
        },
        { params: {}, body: { deposit: body.deposit, withdraw: body.withdraw } },
      ];
    },
  },
  'company.registerWebhook': {
    valid: async (context) => ({
      params: {},
      body: { name: 'Primeiro Webhook', externalWebhookUrl: 'http://127.0.0.1:9/webhooks' },
      token: await subAccountToken(context),
    }),
    variants: async () => [
      // With the main account's token.
      { params: {}, body: { name: 'Primeiro Webhook', externalWebhookUrl: 'https://a.example/w' } },
    ],
  },
  'company.allowWithdrawalIp': {
    valid: async (context) => ({
      params: {},
      body: { ip: '8.8.8.8' },
      token: await subAccountToken(context),
    }),
    variants: async (context) => [
      { params: {}, body: { ip: '2001:db8::7' }, token: await subAccountToken(context) },
      { params: {}, body: { ip: '999.1.1.1' }, token: await subAccountToken(context) },
      // With the main account's token.
      { params: {}, body: { ip: '8.8.4.4' } },
    ],
  },
};

/** Path parameter values that name nothing, or that are not ids at all (percent-encoded). */
export const BAD_SEGMENTS: ReadonlyArray<string> = [
  UNKNOWN_ID,
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  encodeURIComponent('não-é-um-id'),
  '%ZZ',
  '%00',
  '',
  'a%2Fb',
  '%2e%2e',
  'x'.repeat(3000),
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent('{"$ne":null}'),
  '__proto__',
  'constructor',
];

/** `Authorization` headers that carry no valid token. */
export function badAuthorizations(token: string): ReadonlyArray<string | undefined> {
  return [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Bearer not.a.jwt',
    `Bearer ${token}x`,
    `Bearer ${token.split('.').slice(0, 2).join('.')}.`,
    `Basic ${btoa('user:pass')}`,
    token,
  ];
}

/** Encodes well-formed path parameters as segments. */
export function segmentsOf(spec: ServiceOperation, params: WellFormed['params']) {
  const segments: Record<string, string> = {};
  for (const [, name = ''] of spec.path.matchAll(/\{(\w+)\}/g)) {
    const value = params[name];
    if (value === undefined) throw new Error(`${spec.id}: the valid call has no {${name}}`);
    segments[name] = encodeURIComponent(value);
  }
  return segments;
}

const JSON_TYPE = 'application/json';

/** The JSON text of `value` with the placeholder string `"\u0000raw"` replaced by `raw`. */
function jsonWith(value: unknown, raw: string): string {
  return JSON.stringify(value).replace(JSON.stringify('\u0000raw'), raw);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Values of the wrong kind, as JSON text, for any field.
const WRONG_VALUES = [
  'null',
  '0',
  '-1',
  '1.005',
  '1e-7',
  '1e308',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '""',
  '"x"',
  '" "',
  JSON.stringify('😀'.repeat(300)),
  'true',
  '[]',
  '{}',
  '[{}]',
  '{"__proto__":{"polluted":true}}',
];

/**
 * Bodies that spoil a valid one: not JSON, the wrong `Content-Type`, JSON of the wrong kind, each
 * field (and each field of an object field) left out or given a value of the wrong kind, extra
 * fields.
 */
export function spoiledBodies(valid: unknown): ReadonlyArray<{
  label: string;
  data: string | Uint8Array<ArrayBuffer>;
  contentType?: string | undefined;
}> {
  const text = JSON.stringify(valid);
  const bodies: Array<{
    label: string;
    data: string | Uint8Array<ArrayBuffer>;
    contentType?: string;
  }> = [];
  const asJson = (label: string, data: string | Uint8Array<ArrayBuffer>) =>
    bodies.push({ label, data, contentType: JSON_TYPE });
  for (const [label, raw] of [
    ['an empty body', ''],
    ['a blank body', ' '],
    ['a body of plain text', 'not json'],
    ['a body cut short', '{'],
    ['the valid body and a stray `}`', `${text}}`],
    ['the valid body and a stray `,`', `${text},`],
    ['a body with single quotes', "{'a':1}"],
    ['a body of half a literal', 'nul'],
    ['an unfinished array', '[1,'],
  ] as const) {
    asJson(label, raw);
  }
  for (const raw of ['null', '[]', '0', '"text"', 'true', '{}', '1e400'])
    asJson(`body ${raw}`, raw);
  asJson('the valid body inside an array', `[${text}]`);
  asJson('body of invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
  asJson('body with a byte order mark', `\ufeff${text}`);
  asJson('body nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`);
  asJson(
    'body with a duplicated key',
    `${text.slice(0, -1)}${text === '{}' ? '' : ','}"a":1,"a":2}`,
  );
  bodies.push({ label: 'valid body without Content-Type', data: text });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'APPLICATION/JSON',
  ]) {
    bodies.push({ label: `valid body as ${type}`, data: text, contentType: type });
  }
  if (!isObject(valid)) return bodies;
  asJson('extra fields', jsonWith({ ...valid, extra: 'x', outro: { a: [1] } }, '1'));
  asJson(
    'a __proto__ field',
    `${text.slice(0, -1)}${text === '{}' ? '' : ','}"__proto__":{"x":1}}`,
  );
  asJson(
    'a constructor field',
    jsonWith({ ...valid, constructor: '\u0000raw' }, '{"prototype":{}}'),
  );
  for (const [key, value] of Object.entries(valid)) {
    const { [key]: _dropped, ...rest } = valid;
    asJson(`without ${key}`, JSON.stringify(rest));
    for (const raw of WRONG_VALUES) {
      asJson(`${key}: ${raw.slice(0, 30)}`, jsonWith({ ...valid, [key]: '\u0000raw' }, raw));
    }
    if (isObject(value)) {
      for (const inner of Object.keys(value)) {
        const { [inner]: _gone, ...kept } = value;
        asJson(`${key} without ${inner}`, JSON.stringify({ ...valid, [key]: kept }));
        for (const raw of ['null', '0', '"x"', '[]']) {
          const spoiled = { ...valid, [key]: { ...value, [inner]: '\u0000raw' } };
          asJson(`${key}.${inner}: ${raw}`, jsonWith(spoiled, raw));
        }
      }
    }
  }
  return bodies;
}
