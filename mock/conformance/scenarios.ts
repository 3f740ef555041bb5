// The scenario set, declared as data: each entry names one request, what it needs, and which paths
// of its answer are compared by value. The same list runs against the service and the mock.
import { isRecord } from '../../src/seam/records.js';
import type { ComparedAnswer, ShapeRules } from './shape.js';

/**
 * What one side (the service or the embedded mock) knows while the scenarios run.
 *
 * @internal
 */
export interface SideFacts {
  readonly email: string;
  readonly password: string;
  /** A password that is certainly not the right one. */
  readonly wrongPassword: string;
  /** Makes the `externalId` of the one-cent transactions recognisable and unique. */
  readonly runId: string;
  customerId?: string | undefined;
  token?: string | undefined;
  pixKey?: Record<string, unknown> | undefined;
  withdrawalCurrency?: Record<string, unknown> | undefined;
  depositCurrency?: Record<string, unknown> | undefined;
  /** The withdrawal side's USDT and a network of it, for the crypto quotes. */
  withdrawalCryptocurrency?: Record<string, unknown> | undefined;
  withdrawalNetwork?: Record<string, unknown> | undefined;
  withdrawalId?: string | undefined;
  depositId?: string | undefined;
  /** The id of the Pix key the run added (allowWrites), until it is removed again. */
  addedKeyId?: string | undefined;
  /** Pix keys the run made the service store, removed again before the run ends. */
  readonly keysToRemove: string[];
}

/**
 * A fact a scenario needs before it can run, or `writes` for one that changes data.
 *
 * @internal
 */
export type Need =
  | 'writes'
  | 'customerId'
  | 'token'
  | 'pixKey'
  | 'withdrawalCurrency'
  | 'depositCurrency'
  | 'withdrawalCryptocurrency'
  | 'withdrawalNetwork'
  | 'withdrawalId'
  | 'depositId'
  | 'addedKeyId';

/**
 * How a scenario authenticates: with the token of the good login, with none, with a forged JWT,
 * or with an `Authorization` header that is not a bearer token.
 *
 * @internal
 */
export type Authorization = 'token' | 'none' | 'forged' | 'not bearer';

/** @internal */
export interface ScenarioRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly auth: Authorization;
  readonly body?: unknown;
}

/** @internal */
export interface Scenario extends ShapeRules {
  /** Method and path template, as the service document writes it. */
  readonly operation: string;
  /** What this run of the operation tries. */
  readonly name: string;
  readonly needs: ReadonlyArray<Need>;
  request(facts: Readonly<SideFacts>): ScenarioRequest;
  /** Takes what later scenarios need from the answer. */
  learn?(facts: SideFacts, answer: ComparedAnswer): void;
  /** The login with the right password: a refusal there ends the run (nothing can be compared). */
  readonly login?: true;
  /** Why it needs `writes`, when it is not plain (it is sent to be refused, but could be stored). */
  readonly writesReason?: string;
  /**
   * A question the provider's pages leave open: the scenario is not compared but observed, each
   * side's answer summed up by `observe` and reported apart from the checks.
   */
  readonly question?: string;
  /** One line that says what a side answered to a {@link Scenario.question}. */
  observe?(facts: Readonly<SideFacts>, answer: ComparedAnswer): string;
}

/** An ObjectId no service hands out: its timestamp is in 2106. */
export const UNKNOWN_ID = 'ffffffffffffffffffffffff';

/** A well-formed JWT signed by no one. */
export const FORGED_TOKEN = [
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
  'eyJzdWIiOiJwaXgtcGF5bWVudC1zZGstY29uZm9ybWFuY2UiLCJleHAiOjQxMDI0NDQ4MDB9',
  'c2lnbmVkLWJ5LW5vLW9uZS1hdC1hbGwtbm90LWV2ZW4tb25jZQ',
].join('.');

const id = (value: string | undefined) => encodeURIComponent(value ?? '');

function bodyOf(answer: ComparedAnswer): unknown {
  return answer.body.kind === 'json' ? answer.body.value : undefined;
}

/** The listed currency named BRL, else the first one listed. */
function pickCurrency(answer: ComparedAnswer): Record<string, unknown> | undefined {
  const list = bodyOf(answer);
  if (answer.status !== 200 || !Array.isArray(list)) return undefined;
  const currencies = list.filter(isRecord);
  return currencies.find((currency) => currency.name === 'BRL') ?? currencies[0];
}

/** A documented error row: one request that is refused and changes nothing. */
// Why a refusal probe of a route that changes data runs only with allowWrites: it is sent to be
// refused, but a lenient service could act on it (one answered a DELETE of a made-up key with 200).
const PROBE_WRITES =
  'sent to be refused, but a lenient service could act on it: runs only with allowWrites (--allow-writes)';

// The one POST that only reads.
const READ_BY_POST = '/balance/company';

// A probe sent to be refused. A request that could change data (any method but GET, apart from
// the balance's POST) makes it need `writes`: without allowWrites the run sends only reads and
// the login.
function refused(
  operation: string,
  name: string,
  request: ScenarioRequest | ((facts: Readonly<SideFacts>) => ScenarioRequest),
  needs: ReadonlyArray<Need> = [],
): Scenario {
  const writes =
    needs.includes('writes') ||
    (typeof request !== 'function' && request.method !== 'GET' && request.path !== READ_BY_POST);
  return {
    operation,
    name,
    needs: writes && !needs.includes('writes') ? ['writes', ...needs] : needs,
    request: typeof request === 'function' ? request : () => request,
    ...(writes ? { writesReason: PROBE_WRITES } : {}),
  };
}

const CURRENCY_RULES: ShapeRules = {
  // Per the provider's public docs its examples leave the fees out; the service document has them.
  optional: ['body[].supplierFeeByActivity'],
  maps: ['body[].supplierFeeByActivity'],
};

// Per the provider's public docs: details may carry externalId, document, identifiedDocumentPix.
const DETAILS_RULES: ShapeRules = {
  optional: ['body.externalId', 'body.document', 'body.identifiedDocumentPix'],
};

// The lists of cryptocurrencies and networks: items the provider's pages show in part (dates,
// `symbol`) may be absent on one side, and `cryptocurrencies` holds ids or objects.
const CRYPTO_LIST_RULES: ShapeRules = {
  optional: [
    'body[].coinGecko',
    'body[].symbol',
    'body[].chain',
    'body[].createdDate',
    'body[].updatedDate',
    'body[].__v',
    'body[].cryptocurrencies',
  ],
};

/** The first listed object named `name`, else the first one listed. */
function pickNamed(answer: ComparedAnswer, name: string): Record<string, unknown> | undefined {
  const list = bodyOf(answer);
  if (answer.status !== 200 || !Array.isArray(list)) return undefined;
  const items = list.filter(isRecord);
  return items.find((item) => item.name === name) ?? items[0];
}

// The crypto reads (per the provider's public docs): lists, a customer's wallet and the quotes.
// They change nothing; rates differ between any two services, so only shapes are compared.
const CRYPTO_SCENARIOS: ReadonlyArray<Scenario> = [
  ...(['withdraw', 'deposit'] as const).flatMap((kind): Scenario[] => [
    {
      operation: `GET /${kind}/company/cryptocurrencies`,
      name: 'with a token',
      needs: ['token'],
      ...CRYPTO_LIST_RULES,
      request: () => ({ method: 'GET', path: `/${kind}/company/cryptocurrencies`, auth: 'token' }),
      learn(facts, answer) {
        if (kind === 'withdraw') facts.withdrawalCryptocurrency = pickNamed(answer, 'USDT');
      },
    },
    {
      operation: `GET /${kind}/company/blockchain-networks`,
      name: 'with a token',
      needs: ['token'],
      ...CRYPTO_LIST_RULES,
      request: () => ({
        method: 'GET',
        path: `/${kind}/company/blockchain-networks`,
        auth: 'token',
      }),
      learn(facts, answer) {
        if (kind === 'withdraw') facts.withdrawalNetwork = pickNamed(answer, 'BEP-20');
      },
    },
    refused(`GET /${kind}/company/cryptocurrencies`, 'no Authorization header', {
      method: 'GET',
      path: `/${kind}/company/cryptocurrencies`,
      auth: 'none',
    }),
  ]),
  {
    operation: 'GET /crypto/customer/{CLIENT_ID}/wallet',
    name: 'the given customer',
    needs: ['token', 'customerId'],
    request: (facts) => ({
      method: 'GET',
      path: `/crypto/customer/${id(facts.customerId)}/wallet`,
      auth: 'token',
    }),
  },
  refused('GET /crypto/customer/{CLIENT_ID}/wallet', 'unknown customer', {
    method: 'GET',
    path: `/crypto/customer/${UNKNOWN_ID}/wallet`,
    auth: 'token',
  }),
  {
    operation: 'POST /deposit/conversion/tether',
    name: 'a quote for R$ 100.00',
    needs: ['token', 'depositCurrency'],
    request: (facts) => ({
      method: 'POST',
      path: '/deposit/conversion/tether',
      auth: 'token',
      body: { amount: 100, currency: facts.depositCurrency },
    }),
  },
  {
    operation: 'POST /withdraw/conversion/brl/pix',
    name: 'a quote for 1 USDT',
    needs: ['token', 'withdrawalCryptocurrency'],
    values: ['body.currency'],
    request: (facts) => ({
      method: 'POST',
      path: '/withdraw/conversion/brl/pix',
      auth: 'token',
      body: { amount: 1, cryptocurrency: facts.withdrawalCryptocurrency },
    }),
  },
  {
    operation: 'POST /withdraw/transaction/crypto/amount',
    name: 'a quote for 10 USDT to a wallet',
    needs: ['token', 'withdrawalCryptocurrency', 'withdrawalNetwork'],
    request: (facts) => ({
      method: 'POST',
      path: '/withdraw/transaction/crypto/amount',
      auth: 'token',
      body: {
        amount: 10,
        cryptocurrency: facts.withdrawalCryptocurrency,
        blockchainNetwork: facts.withdrawalNetwork,
      },
    }),
  },
];

/**
 * Every scenario, in the order they run. Only those that need `writes` change anything.
 *
 * @internal
 */
export const SCENARIOS: ReadonlyArray<Scenario> = [
  {
    operation: 'POST /auth/token',
    name: 'good password',
    login: true,
    needs: [],
    request: (facts) => ({
      method: 'POST',
      path: '/auth/token',
      auth: 'none',
      body: { email: facts.email, password: facts.password },
    }),
    learn(facts, answer) {
      const body = bodyOf(answer);
      if (answer.status === 200 && isRecord(body) && typeof body.token === 'string') {
        facts.token = body.token;
      }
    },
  },
  refused('POST /auth/token', 'wrong password', (facts) => ({
    method: 'POST',
    path: '/auth/token',
    auth: 'none',
    body: { email: facts.email, password: facts.wrongPassword },
  })),
  ...(['withdraw', 'deposit'] as const).flatMap((kind): Scenario[] => {
    const operation = `GET /${kind}/company/currencies`;
    const path = `/${kind}/company/currencies`;
    return [
      {
        operation,
        name: 'with a token',
        needs: ['token'],
        ...CURRENCY_RULES,
        request: () => ({ method: 'GET', path, auth: 'token' }),
        learn(facts, answer) {
          facts[kind === 'withdraw' ? 'withdrawalCurrency' : 'depositCurrency'] =
            pickCurrency(answer);
        },
      },
      refused(operation, 'no Authorization header', { method: 'GET', path, auth: 'none' }),
      refused(operation, 'a forged token', { method: 'GET', path, auth: 'forged' }),
    ];
  }),
  refused('GET /deposit/company/currencies', 'not a bearer token', {
    method: 'GET',
    path: '/deposit/company/currencies',
    auth: 'not bearer',
  }),
  {
    operation: 'GET /pix/customer/{CLIENT_ID}/key',
    name: 'the given customer',
    needs: ['token', 'customerId'],
    request: (facts) => ({
      method: 'GET',
      path: `/pix/customer/${id(facts.customerId)}/key`,
      auth: 'token',
    }),
    learn(facts, answer) {
      const list = bodyOf(answer);
      facts.pixKey = answer.status === 200 && Array.isArray(list) ? list.find(isRecord) : undefined;
    },
  },
  refused('GET /pix/customer/{CLIENT_ID}/key', 'unknown customer', {
    method: 'GET',
    path: `/pix/customer/${UNKNOWN_ID}/key`,
    auth: 'token',
  }),
  refused('GET /pix/customer/{CLIENT_ID}/key', 'no Authorization header', {
    method: 'GET',
    path: `/pix/customer/${UNKNOWN_ID}/key`,
    auth: 'none',
  }),
  // Deleting a key that does not exist, or without a token, should change nothing; a lenient
  // service could still act on it, so these run only with allowWrites.
  refused('DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}', 'no Authorization header', {
    method: 'DELETE',
    path: `/pix/customer/${UNKNOWN_ID}/key/remove/${UNKNOWN_ID}`,
    auth: 'none',
  }),
  refused(
    'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}',
    'unknown key',
    (facts) => ({
      method: 'DELETE',
      path: `/pix/customer/${id(facts.customerId)}/key/remove/${UNKNOWN_ID}`,
      auth: 'token',
    }),
    ['writes', 'token', 'customerId'],
  ),
  // An e-mail key with no @ is the documented 400 row. It is sent to the real customer, where a
  // service that accepted it would store it: so only with allowWrites, and removed if stored.
  {
    operation: 'POST /pix/customer/{CLIENT_ID}/key',
    name: 'malformed Pix key',
    needs: ['writes', 'token', 'customerId'],
    writesReason:
      'a service that accepted the malformed key would store it: runs only with allowWrites (--allow-writes), and the key is removed if stored',
    request: (facts) => ({
      method: 'POST',
      path: `/pix/customer/${id(facts.customerId)}/key`,
      auth: 'token',
      body: { type: 'EMAIL', key: 'not-an-e-mail-address' },
    }),
    learn(facts, answer) {
      const added = addedKeyOf(answer);
      if (added !== undefined) facts.keysToRemove.push(added);
    },
  },
  // Writes that are undone: a new key, compared, then removed with the service's delete.
  {
    operation: 'POST /pix/customer/{CLIENT_ID}/key',
    name: 'a new e-mail key (removed next)',
    needs: ['writes', 'token', 'customerId'],
    request: (facts) => ({
      method: 'POST',
      path: `/pix/customer/${id(facts.customerId)}/key`,
      auth: 'token',
      body: { type: 'EMAIL', key: conformanceKey(facts.runId) },
    }),
    learn(facts, answer) {
      const added = addedKeyOf(answer);
      if (added === undefined) return;
      facts.addedKeyId = added;
      facts.keysToRemove.push(added);
    },
  },
  {
    operation: 'DELETE /pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}',
    name: 'the key just added',
    needs: ['writes', 'token', 'customerId', 'addedKeyId'],
    request: (facts) => ({
      method: 'DELETE',
      path: removePath(facts.customerId, facts.addedKeyId),
      auth: 'token',
    }),
    learn(facts, answer) {
      if (answer.status >= 200 && answer.status < 300) forget(facts, facts.addedKeyId);
    },
  },
  {
    operation: 'GET /customer/{CLIENT_ID}',
    name: 'the given customer',
    needs: ['token', 'customerId'],
    optional: ['body.email', 'body.phone'],
    request: (facts) => ({
      method: 'GET',
      path: `/customer/${id(facts.customerId)}`,
      auth: 'token',
    }),
  },
  refused('GET /customer/{CLIENT_ID}', 'unknown customer', {
    method: 'GET',
    path: `/customer/${UNKNOWN_ID}`,
    auth: 'token',
  }),
  // Per the provider's public docs, a missing header is the 401 row of the update: without a
  // token, and for an id no service hands out, nothing can change.
  refused('PUT /customer/{CLIENT_ID}', 'no Authorization header', {
    method: 'PUT',
    path: `/customer/${UNKNOWN_ID}`,
    auth: 'none',
    body: { name: 'Conformance Check', document: '52998224725' },
  }),
  ...(['withdraw', 'deposit'] as const).flatMap((kind): Scenario[] => [
    refused(`POST /${kind}/{TRANSACTION_ID}/resend/webhook`, 'unknown transaction', {
      method: 'POST',
      path: `/${kind}/${UNKNOWN_ID}/resend/webhook`,
      auth: 'token',
    }),
    refused(`GET /${kind}/{TRANSACTION_ID}/details`, 'unknown transaction', {
      method: 'GET',
      path: `/${kind}/${UNKNOWN_ID}/details`,
      auth: 'token',
    }),
  ]),
  refused('POST /withdraw/{TRANSACTION_ID}/resend/webhook', 'an invalid id', {
    method: 'POST',
    path: '/withdraw/not-an-id/resend/webhook',
    auth: 'token',
  }),
  refused('POST /withdraw/{TRANSACTION_ID}/resend/webhook', 'no Authorization header', {
    method: 'POST',
    path: `/withdraw/${UNKNOWN_ID}/resend/webhook`,
    auth: 'none',
  }),
  // The company area: the balance only reads; the other three are tried without a token, and
  // only with allowWrites.
  {
    operation: 'POST /balance/company',
    name: 'every balance',
    needs: ['token'],
    // Per the provider's public docs a fiat balance has `currency` and `totalHeld`, a crypto one
    // `cryptocurrency`; an account may hold either kind alone.
    optional: ['body[].currency', 'body[].cryptocurrency', 'body[].totalHeld'],
    request: () => ({ method: 'POST', path: READ_BY_POST, auth: 'token', body: {} }),
  },
  ...(
    [
      READ_BY_POST,
      '/company/subaccount',
      '/webhook/subaccount',
      '/withdraw/allowed-ip/subaccount',
    ] as const
  ).map((path) =>
    refused(`POST ${path}`, 'no Authorization header', {
      method: 'POST',
      path,
      auth: 'none',
      body: {},
    }),
  ),
  // Writes, only with allowWrites, and only of one cent.
  {
    operation: 'POST /deposit',
    name: 'one cent',
    needs: ['writes', 'token', 'customerId', 'depositCurrency'],
    values: ['body.data.status'],
    request: (facts) => ({
      method: 'POST',
      path: '/deposit',
      auth: 'token',
      body: {
        amount: 0.01,
        customerId: facts.customerId,
        currency: facts.depositCurrency,
        externalId: `pix-payment-sdk-conformance-deposit-${facts.runId}`,
      },
    }),
    learn(facts, answer) {
      const body = bodyOf(answer);
      const data = isRecord(body) ? body.data : undefined;
      if (answer.status === 201 && isRecord(data) && typeof data.id === 'string') {
        facts.depositId = data.id;
      }
    },
  },
  // Whether a repeated externalId with another amount is refused or answered with the first
  // deposit is not published: observed, not compared. Should the service create a second deposit,
  // it is a two-cent charge nobody pays.
  {
    operation: 'POST /deposit',
    name: 'the one-cent deposit’s externalId again, for two cents',
    needs: ['writes', 'token', 'customerId', 'depositCurrency', 'depositId'],
    question: 'a repeated externalId with another amount',
    request: (facts) => ({
      method: 'POST',
      path: '/deposit',
      auth: 'token',
      body: {
        amount: 0.02,
        customerId: facts.customerId,
        currency: facts.depositCurrency,
        externalId: `pix-payment-sdk-conformance-deposit-${facts.runId}`,
      },
    }),
    observe: repeatOutcome,
  },
  {
    operation: 'GET /deposit/{TRANSACTION_ID}/details',
    name: 'the one-cent deposit',
    needs: ['token', 'depositId'],
    ...DETAILS_RULES,
    request: (facts) => ({
      method: 'GET',
      path: `/deposit/${id(facts.depositId)}/details`,
      auth: 'token',
    }),
  },
  {
    operation: 'POST /deposit/{TRANSACTION_ID}/resend/webhook',
    name: 'the one-cent deposit',
    needs: ['token', 'depositId'],
    request: (facts) => ({
      method: 'POST',
      path: `/deposit/${id(facts.depositId)}/resend/webhook`,
      auth: 'token',
    }),
  },
  {
    operation: 'POST /withdraw',
    name: 'one cent',
    needs: ['writes', 'token', 'customerId', 'withdrawalCurrency', 'pixKey'],
    values: ['body.status'],
    request: (facts) => ({
      method: 'POST',
      path: '/withdraw',
      auth: 'token',
      body: {
        amount: 0.01,
        customerId: facts.customerId,
        currency: facts.withdrawalCurrency,
        pixKey: facts.pixKey,
        // The idempotency key: should anything repeat this request, it pays once.
        externalId: `pix-payment-sdk-conformance-withdrawal-${facts.runId}`,
      },
    }),
    learn(facts, answer) {
      const body = bodyOf(answer);
      if (answer.status === 201 && isRecord(body) && typeof body._id === 'string') {
        facts.withdrawalId = body._id;
      }
    },
  },
  {
    operation: 'GET /withdraw/{TRANSACTION_ID}/details',
    name: 'the one-cent withdrawal',
    needs: ['token', 'withdrawalId'],
    ...DETAILS_RULES,
    request: (facts) => ({
      method: 'GET',
      path: `/withdraw/${id(facts.withdrawalId)}/details`,
      auth: 'token',
    }),
  },
  {
    operation: 'POST /withdraw/{TRANSACTION_ID}/resend/webhook',
    name: 'the one-cent withdrawal',
    needs: ['token', 'withdrawalId'],
    request: (facts) => ({
      method: 'POST',
      path: `/withdraw/${id(facts.withdrawalId)}/resend/webhook`,
      auth: 'token',
    }),
  },
  ...CRYPTO_SCENARIOS,
];

/** What a side answered to the repeated deposit: refused, the first deposit, or a second one. */
function repeatOutcome(facts: Readonly<SideFacts>, answer: ComparedAnswer): string {
  const body = bodyOf(answer);
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? ` ${JSON.stringify(body.message.slice(0, 120))}`
      : '';
  if (answer.status < 200 || answer.status >= 300) return `${answer.status}${message}: refused`;
  const data = isRecord(body) ? body.data : undefined;
  const id = isRecord(data) ? data.id : undefined;
  const what =
    id === facts.depositId
      ? 'the first deposit again (same id)'
      : typeof id === 'string'
        ? 'a second deposit (another id)'
        : 'no deposit id in the answer';
  return `${answer.status}${message}: ${what}`;
}

/**
 * The path that removes a customer's Pix key.
 *
 * @internal
 */
export function removePath(customerId: string | undefined, keyId: string | undefined): string {
  return `/pix/customer/${id(customerId)}/key/remove/${id(keyId)}`;
}

/** The e-mail key a run adds and removes: its own, so it is never one the customer has. */
function conformanceKey(runId: string): string {
  return `pix-payment-sdk-conformance-${runId}@example.com`;
}

/** The id of the key an answer says was added, if it says so. */
function addedKeyOf(answer: ComparedAnswer): string | undefined {
  const body = bodyOf(answer);
  const key = isRecord(body) ? body.key : undefined;
  const added = answer.status >= 200 && answer.status < 300 && isRecord(key) ? key._id : undefined;
  return typeof added === 'string' ? added : undefined;
}

function forget(facts: SideFacts, keyId: string | undefined): void {
  const at = keyId === undefined ? -1 : facts.keysToRemove.indexOf(keyId);
  if (at >= 0) facts.keysToRemove.splice(at, 1);
}

/**
 * Why a scenario cannot run on a side that lacks `need`.
 *
 * @internal
 */
export function missingReason(need: Need, side: 'service' | 'mock'): string {
  switch (need) {
    case 'writes':
      return 'changes data: runs only with allowWrites (--allow-writes)';
    case 'customerId':
      return 'needs a customer: pass customerId (--customer-id)';
    case 'token':
      return `the ${side} issued no token (see POST /auth/token, good password)`;
    case 'pixKey':
      return `the customer has no Pix key on the ${side} to withdraw to`;
    case 'withdrawalCurrency':
      return `the ${side} listed no withdrawal currency`;
    case 'depositCurrency':
      return `the ${side} listed no deposit currency`;
    case 'withdrawalCryptocurrency':
      return `the ${side} listed no withdrawal cryptocurrency`;
    case 'withdrawalNetwork':
      return `the ${side} listed no withdrawal network`;
    case 'withdrawalId':
      return `reads the one-cent withdrawal (allowWrites), which the ${side} did not create`;
    case 'depositId':
      return `reads the one-cent deposit (allowWrites), which the ${side} did not create`;
    case 'addedKeyId':
      return `removes the key added (allowWrites), which the ${side} did not add`;
  }
}
