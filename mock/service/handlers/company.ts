import type { MockSubAccount, MockSubAccountInput } from '../../types/controls.js';
import { HttpError, json, jsonText } from '../answers.js';
import { checkFields, fieldsOf, isRecord, own } from '../body-fields.js';
import { generatePassword } from '../ids.js';
import type { Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import {
  LEDGER_CURRENCIES,
  LEDGER_NAMES,
  LedgerArea,
  type LedgerCurrency,
} from '../state/ledger.js';
import type { ServiceState } from '../state/service-state.js';
import { checkUrl } from '../webhooks.js';

/**
 * The messages of the company routes, per the provider's public docs ("Empresa" pages), word for
 * word. The page of the webhook route registers another name in its own example and expects this
 * same message, so it does not repeat the name sent.
 *
 * @internal
 */
export const COMPANY_MESSAGES = {
  subAccountCreated: 'Subconta cadastrada com sucesso',
  webhookRegistered: 'Primeiro Webhook cadastrado com sucesso',
  ipAllowed: 'Primeiro IP liberado para solicitação de saque cadastrado com sucesso',
  notAvailable: 'Essa funcionalidade não está disponível para a sua Conta',
  onlyFirstWebhook: 'Essa funcionalidade permite salvar somente o primeiro webhook da sua conta',
  onlyFirstIp: 'Essa funcionalidade permite liberar somente o primeiro IP de saque da sua conta',
} as const;

const {
  subAccountCreated: SUB_ACCOUNT_CREATED,
  webhookRegistered: WEBHOOK_REGISTERED,
  ipAllowed: IP_ALLOWED,
  notAvailable: NOT_AVAILABLE,
  onlyFirstWebhook: ONLY_FIRST_WEBHOOK,
  onlyFirstIp: ONLY_FIRST_IP,
} = COMPANY_MESSAGES;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * `ip` as the caller addresses are compared with it: an IPv4 address in dotted decimal as it is,
 * an IPv6 address in its canonical short form (the URL parser knows IPv6 in full; brackets,
 * slashes and the like are refused before it); `undefined` for anything else.
 *
 * @internal
 */
export function normalisedIp(ip: string): string | undefined {
  if (IPV4.test(ip)) return ip;
  if (!ip.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(ip)) return undefined;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** The ledger currencies a balance filter names (`{}` names them all). */
function wantedBalances(body: unknown): Set<LedgerCurrency> {
  if (body === undefined) return new Set(LEDGER_NAMES);
  if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
  const filters = { fiat: own(body, 'currency'), crypto: own(body, 'cryptocurrency') } as const;
  if (filters.fiat === undefined && filters.crypto === undefined) return new Set(LEDGER_NAMES);
  const wanted = new Set<LedgerCurrency>();
  for (const kind of ['fiat', 'crypto'] as const) {
    const sent = filters[kind];
    if (sent === undefined) continue;
    const field = kind === 'fiat' ? 'currency' : 'cryptocurrency';
    if (!isRecord(sent) || typeof own(sent, 'name') !== 'string') {
      throw new HttpError(400, `${field} must be a listed ${field} object with its name`);
    }
    // A currency the account holds no money in is simply not listed (the answer is always an array).
    for (const name of LEDGER_NAMES) {
      if (LEDGER_CURRENCIES[name].kind === kind && own(sent, 'name') === name) wanted.add(name);
    }
  }
  return wanted;
}

function isFee(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = own(value, 'type');
  const amount = own(value, 'value');
  return (
    (type === 'PERCENTAGE' || type === 'FIXED') &&
    typeof amount === 'number' &&
    Number.isFinite(amount) &&
    amount >= 0 &&
    (type === 'FIXED' || amount <= 100)
  );
}

// The three lists of a fee split and the object each item carries beside its fee.
const SPLIT_LISTS = {
  currencies: 'currency',
  blockchainNetworks: 'blockchainNetwork',
  cryptocurrencies: 'cryptocurrency',
} as const;

/** The most entries one list of a fee split may hold: far more than the service has currencies. */
const MAX_SPLIT_ENTRIES = 100;

/** Why one side (`deposit` or `withdraw`) of a fee split is malformed, or `undefined`. */
function splitProblem(side: 'deposit' | 'withdraw', value: unknown): string | undefined {
  if (!isRecord(value))
    return `${side} must be an object with currencies, blockchainNetworks and cryptocurrencies`;
  for (const [list, item] of Object.entries(SPLIT_LISTS)) {
    const entries = own(value, list);
    if (entries === undefined) continue;
    if (!Array.isArray(entries) || entries.length > MAX_SPLIT_ENTRIES) {
      return `${side}.${list} must be an array of at most ${MAX_SPLIT_ENTRIES} entries`;
    }
    for (const [index, entry] of entries.entries()) {
      if (!isRecord(entry) || !isRecord(own(entry, item))) {
        return `${side}.${list}[${index}] must carry the ${item} object`;
      }
      if (!isFee(own(entry, 'fee'))) {
        return `${side}.${list}[${index}].fee must be { type: 'PERCENTAGE' (0 to 100) or 'FIXED', value: a number >= 0 }`;
      }
    }
  }
  return undefined;
}

/** A `POST /company/subaccount` body checked: the new account's input, or why it is refused. */
function subAccountInputOf(
  body: unknown,
): { name: string; email: string; password: string; feeSplit: unknown } | string {
  if (!isRecord(body)) return 'body must be a JSON object';
  const user = own(body, 'user');
  if (!isRecord(user)) return 'user must be an object with name, email and password';
  const name = own(user, 'name');
  const email = own(user, 'email');
  const password = own(user, 'password');
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) {
    return 'user.name is required (a non-empty string of at most 200 characters)';
  }
  if (typeof email !== 'string' || !EMAIL.test(email))
    return 'user.email must be an e-mail address';
  if (typeof password !== 'string' || password === '' || password.length > 256) {
    return 'user.password is required (a non-empty string of at most 256 characters)';
  }
  const phone = own(user, 'phone');
  if (phone !== undefined && !isRecord(phone)) return 'user.phone must be an object';
  const problem =
    splitProblem('deposit', own(body, 'deposit')) ??
    splitProblem('withdraw', own(body, 'withdraw'));
  if (problem !== undefined) return problem;
  return {
    name: name.trim(),
    email,
    password,
    feeSplit: { deposit: own(body, 'deposit'), withdraw: own(body, 'withdraw') },
  };
}

// What `createSubAccount()` takes: a misspelt field is refused, not ignored.
const SUB_ACCOUNT_FIELDS = fieldsOf<MockSubAccountInput>()([
  'name',
  'email',
  'password',
  'balance',
  'feeSplit',
]);

/**
 * Creates a sub-account of `parent` (the service's route and the mock's control share it): a
 * `TypeError` when the e-mail already logs in to an account, the input is malformed, or `parent`
 * is itself a sub-account. It logs in at once with its credentials; it starts without customers
 * and with `balance` (default: nothing).
 *
 * @internal
 */
export function createSubAccount(
  service: ServiceState,
  parent: AccountState,
  input: MockSubAccountInput = {},
): MockSubAccount {
  checkFields(input, SUB_ACCOUNT_FIELDS, {
    control: 'createSubAccount',
    argument: 'input',
    holder: 'a sub-account',
    optional: true,
  });
  if (parent.isSubAccount) {
    throw new TypeError('createSubAccount: a sub-account cannot have sub-accounts of its own');
  }
  const n = service.accounts.all().length;
  const email = input.email ?? `subconta-${n}@payments.test`;
  if (typeof email !== 'string' || !EMAIL.test(email)) {
    throw new TypeError('createSubAccount: email must be an e-mail address');
  }
  if (service.accounts.hasEmail(email)) {
    throw new TypeError(`createSubAccount: an account with e-mail ${email} exists`);
  }
  const split = input.feeSplit;
  if (split !== undefined) {
    const problem = isRecord(split)
      ? (splitProblem('deposit', own(split, 'deposit')) ??
        splitProblem('withdraw', own(split, 'withdraw')))
      : 'must be { deposit, withdraw }, as POST /company/subaccount takes them';
    if (problem !== undefined) throw new TypeError(`createSubAccount: feeSplit ${problem}`);
  }
  const balance = LedgerArea.check(input.balance ?? {}, 'createSubAccount: balance');
  const name = input.name ?? `Subconta ${n}`;
  const given = input.password ?? undefined;
  if (
    typeof name !== 'string' ||
    name.trim() === '' ||
    name.length > 200 ||
    (given !== undefined && (typeof given !== 'string' || given === '' || given.length > 256))
  ) {
    throw new TypeError(
      'createSubAccount: name and password must be non-empty strings (of at most 200 and 256 characters)',
    );
  }
  // Generated once everything else has passed: it draws on a seeded mock's sequence, which a
  // refused call must leave where it was.
  const password = given ?? generatePassword(service.random);
  const account = service.accounts.add(
    service.newAccount({
      id: service.newId(),
      name: name.trim(),
      credentials: { email, password },
      parentId: parent.id,
      partner: false,
      balance,
      webhookUrl: null,
      seededCustomer: undefined,
      feeSplit: split,
    }),
  );
  return Object.freeze({ _id: account.id, credentials: account.credentials });
}

function requireSubAccount(state: AccountState): void {
  if (!state.isSubAccount) {
    throw new HttpError(
      400,
      'a route of sub-accounts called with a main account token',
      NOT_AVAILABLE,
    );
  }
}

/**
 * The company area (per the provider's public docs, "Empresa" pages): the balance with its own IP
 * allowlist (an unknown caller gets 401; an empty list lets everyone in), the partner route that
 * creates a sub-account (401 for an account that is not a partner, 400 for a malformed body or an
 * e-mail already in use, the mock's choices), and the two one-time routes a sub-account calls
 * with its own token (400 with the published message for the main account and for a second
 * call).
 *
 * @internal
 */
export const companyResolvers: Pick<
  Resolvers,
  | 'company.getBalance'
  | 'company.createSubAccount'
  | 'company.registerWebhook'
  | 'company.allowWithdrawalIp'
> = {
  'company.getBalance'({ state, body, callerIp }) {
    if (state.balanceIps.length > 0 && !state.balanceIps.includes(callerIp)) {
      throw new HttpError(401, `caller ${callerIp} not in the account's balance IP list`);
    }
    return jsonText(200, state.ledger.answerText(wantedBalances(body)));
  },
  'company.createSubAccount'({ state, service, body }) {
    if (!state.partner) throw new HttpError(401, 'the account is not a partner');
    const input = subAccountInputOf(body);
    if (typeof input === 'string') throw new HttpError(400, input);
    if (service.accounts.hasEmail(input.email)) {
      throw new HttpError(400, 'an account with this e-mail exists');
    }
    createSubAccount(service, state, input);
    return json(200, { message: SUB_ACCOUNT_CREATED });
  },
  'company.registerWebhook'({ state, service, body }) {
    requireSubAccount(state);
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const name = own(body, 'name');
    const url = own(body, 'externalWebhookUrl');
    if (typeof name !== 'string' || name.trim() === '') {
      throw new HttpError(400, 'name must be a non-empty string');
    }
    let checked: string | null;
    try {
      checked = typeof url === 'string' ? checkUrl(url) : null;
    } catch {
      checked = null;
    }
    if (checked === null)
      throw new HttpError(400, 'externalWebhookUrl must be an absolute http(s) URL');
    try {
      // A URL that leads back into a mock could make deliveries set off one another.
      service.webhooks.check(checked);
    } catch (error) {
      throw new HttpError(400, error instanceof Error ? error.message : String(error));
    }
    if (state.webhookUrl !== null) {
      throw new HttpError(400, 'the sub-account already has a webhook', ONLY_FIRST_WEBHOOK);
    }
    state.webhookUrl = checked;
    state.webhookName = name;
    return json(200, { message: WEBHOOK_REGISTERED });
  },
  'company.allowWithdrawalIp'({ state, body }) {
    requireSubAccount(state);
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const sent = own(body, 'ip');
    const ip = typeof sent === 'string' ? normalisedIp(sent) : undefined;
    if (ip === undefined) throw new HttpError(400, 'ip must be an IPv4 or IPv6 address');
    if (state.withdrawalIps.length > 0) {
      throw new HttpError(400, 'the sub-account already has a withdrawal IP', ONLY_FIRST_IP);
    }
    state.withdrawalIps = [ip];
    return json(200, { message: IP_ALLOWED });
  },
};
