import { MockRefusalError, refusalStatus } from '../service/control-refusal.js';
import { type FaultSpec, InvalidFaultError } from '../service/faults.js';
import { createSubAccount } from '../service/handlers/company.js';
import { createCustomerDirect } from '../service/handlers/customers.js';
import {
  HttpError,
  isRecord,
  json,
  jsonText,
  own,
  reasonHeader,
  reasonPhrase,
  type ServiceAnswer,
} from '../service/http.js';
import { deniableOperation, type OperationId } from '../service/operations.js';
import type { AccountState } from '../service/state/accounts.js';
import { disputeDeposit } from '../service/state/disputes.js';
import { LedgerArea } from '../service/state/ledger.js';
import { payDeposit } from '../service/state/payments.js';
import type { ServiceState } from '../service/state/service-state.js';
import type { TransactionKind } from '../service/state/transactions.js';
import type { MockRates } from '../types/records.js';
import { accountOf } from './account.js';
import { IP_LIST_RULE, ipListOf } from './checks.js';
import { cryptoControls } from './crypto.js';

/**
 * A route of the mock's own control API under `/__mock/` (no authentication, no faults, not
 * journaled). It lets suites written in other languages drive the mock over HTTP. `account` is
 * the account the query's `account=<id>` names, the main account without one; the routes about
 * one account's data and settings use it.
 *
 * @internal
 */
export interface ControlRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly body: boolean;
  handle(context: {
    state: ServiceState;
    account: AccountState;
    params: Readonly<Record<string, string>>;
    body: unknown;
  }): ServiceAnswer | Promise<ServiceAnswer>;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
  return body;
}

/**
 * A summary of the mock's state, for `GET /__mock/state`: the service's, and one account's (the
 * main account's unless `?account=` names another).
 *
 * @internal
 */
export function stateSummary(
  state: ServiceState,
  account: AccountState = state.main,
): Record<string, unknown> {
  return {
    baseUrl: state.baseUrl,
    credentials: account.credentials,
    companyId: state.companyId,
    account: account.id,
    subAccount: account.isSubAccount,
    accounts: state.accounts.all().map(accountSummary),
    seededCustomerId: account.seededCustomerId ?? null,
    strict: state.strict,
    idempotencyMismatch: account.idempotencyMismatch,
    now: state.nowIso(),
    clockFrozen: state.clock.frozen,
    webhookUrl: account.webhookUrl,
    allowedIps: state.auth.allowedIps,
    callerIp: state.auth.callerIp,
    deniedActions: [...account.deniedActions],
    balances: account.ledger.answer(),
    balanceIps: account.balanceIps,
    withdrawalIps: account.withdrawalIps,
    partner: account.partner,
    counts: {
      customers: account.customers.size,
      pixKeys: account.pixKeys.size,
      withdrawals: account.transactions.size('withdrawal'),
      deposits: account.transactions.size('deposit'),
      requests: state.journal.size,
      deliveries: state.webhooks.deliveries.length,
    },
    faults: state.faults.list().map(({ id, spec, hits, remaining }) => ({
      id,
      hits,
      remaining: Number.isFinite(remaining) ? remaining : 'Infinity',
      method: spec.method,
      path: spec.path instanceof RegExp ? { pattern: spec.path.source } : spec.path,
      pathPattern: spec.pathPattern,
      status: spec.status,
      phase: spec.phase,
    })),
  };
}

/** An account as `GET /__mock/accounts` lists it (its login included: a test needs it). */
function accountSummary(account: AccountState): Record<string, unknown> {
  return {
    _id: account.id,
    name: account.name,
    subAccount: account.isSubAccount,
    ...(account.parentId !== undefined ? { parentId: account.parentId } : {}),
    credentials: account.credentials,
  };
}

/** A `PUT` of one of an account's IP lists, `{ ips: [...] }`. */
function ipListRoute(path: string, list: 'balanceIps' | 'withdrawalIps'): ControlRoute {
  return {
    method: 'PUT',
    path,
    body: true,
    handle({ account, body }) {
      const ips = ipListOf(own(objectBody(body), 'ips'));
      if (ips === undefined) throw new HttpError(400, IP_LIST_RULE);
      account[list] = ips;
      return json(200, { ips: account[list] });
    },
  };
}

function settleRoute(kind: TransactionKind): ControlRoute {
  return {
    method: 'POST',
    path: `/__mock/${kind}s/:id/settle`,
    body: true,
    async handle({ account, params, body }) {
      const state = account;
      const input = objectBody(body);
      const id = params.id ?? '';
      if (!state.transactions.get(kind, id)) {
        throw new HttpError(404, `no ${kind} with id ${JSON.stringify(id)}`);
      }
      const status = own(input, 'status');
      const identified = own(input, 'identifiedDocumentPix');
      if (typeof status !== 'string') throw new HttpError(400, 'status must be a string');
      // Per the provider's public docs, a boolean; a document string (what earlier versions took)
      // is refused by name rather than coerced.
      if (identified !== undefined && typeof identified !== 'boolean') {
        throw new HttpError(
          400,
          `identifiedDocumentPix must be a boolean (whether the Pix network validated the document), got ${identified === null ? 'null' : typeof identified}`,
        );
      }
      const delivery = await state.transactions.settle(kind, id, status, {
        identifiedDocumentPix: identified,
      });
      const record = state.transactions.get(kind, id);
      return json(200, { [kind]: record && state.transactions.view(record), delivery });
    },
  };
}

/**
 * The answer of a customer-side control (`pay`, `dispute`): its result with 200, or its refusal
 * with 404, 409 or 400, the reason in the body's `detail` and in `X-Mock-Reason`.
 */
async function refusable(run: () => Promise<unknown>): Promise<ServiceAnswer> {
  try {
    return json(200, await run());
  } catch (error) {
    if (!(error instanceof MockRefusalError)) throw error;
    const status = refusalStatus(error.code);
    return json(
      status,
      { message: reasonPhrase(status), detail: error.message, code: error.code },
      reasonHeader(error.message),
    );
  }
}

/** The routes of the customer's side of deposits: paying one by id or by code, disputing one. */
const depositRoutes: ReadonlyArray<ControlRoute> = [
  {
    method: 'POST',
    path: '/__mock/deposits/:id/pay',
    body: false,
    handle: ({ state, account, params }) =>
      refusable(() => payDeposit(() => account, state.accounts.all(), params.id ?? '')),
  },
  {
    method: 'POST',
    path: '/__mock/deposits/pay',
    body: true,
    handle({ state, account, body }) {
      const code = own(objectBody(body), 'code');
      return refusable(async () => {
        if (typeof code !== 'string') {
          throw new MockRefusalError(
            'not-a-pix-code',
            'code must be a string: the BR Code the deposit was created with',
          );
        }
        return payDeposit(() => account, state.accounts.all(), code);
      });
    },
  },
  {
    method: 'POST',
    path: '/__mock/deposits/:id/dispute',
    body: true,
    handle: ({ state, account, params, body }) =>
      // The account is read again between steps: a reset during a step stops the dispute.
      refusable(() =>
        disputeDeposit(() => accountOf(state, account.id), params.id ?? '', objectBody(body)),
      ),
  },
];

const FAULT_FIELDS: ReadonlyArray<keyof FaultSpec> = [
  'method',
  'path',
  'pathPattern',
  'status',
  'body',
  'headers',
  'delayMs',
  'networkError',
  'malformedBody',
  'phase',
  'times',
];

/** The fault of a `POST /__mock/faults` body; `mock.faults.inject` checks each field. */
function faultFromJson(input: Record<string, unknown>): FaultSpec {
  // A misspelt field would leave a fault that quietly does something else: refuse it.
  const unknown = Object.keys(input).filter((key) => !FAULT_FIELDS.includes(key as never));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `a fault has no field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`,
    );
  }
  const spec: Record<string, unknown> = {};
  for (const field of FAULT_FIELDS) {
    const value = own(input, field);
    if (value !== undefined) spec[field] = value;
  }
  // JSON has no Infinity: `"Infinity"` or `null` stands for a permanent fault.
  if (spec.times === 'Infinity' || spec.times === null) spec.times = Number.POSITIVE_INFINITY;
  return spec as FaultSpec;
}

/** The controls of `mock.crypto` (over the service, not one account), for the routes below. */
const cryptoOf = (state: ServiceState) => cryptoControls(state, (_, promise) => promise);

// A refusal of `mock.crypto`'s checks: a TypeError (a bad value) is 400, a RangeError (an unknown
// customer or network) 404; the message says which.
async function cryptoAnswer(run: () => unknown): Promise<ServiceAnswer> {
  try {
    return json(200, (await run()) ?? { ok: true });
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(404, error.message);
    if (error instanceof TypeError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** The routes of `mock.crypto`: the rate, the spread, the gas fee, and USDT sent to a wallet. */
const cryptoRoutes: ReadonlyArray<ControlRoute> = [
  {
    method: 'PUT',
    path: '/__mock/crypto/rates',
    body: true,
    handle: ({ state, body }) =>
      cryptoAnswer(() => cryptoOf(state).setRates(objectBody(body) as unknown as MockRates)),
  },
  {
    method: 'PUT',
    path: '/__mock/crypto/spread',
    body: true,
    handle: ({ state, body }) =>
      cryptoAnswer(() => cryptoOf(state).setSpread(own(objectBody(body), 'spread') as string)),
  },
  {
    method: 'PUT',
    path: '/__mock/crypto/gas-fee',
    body: true,
    handle: ({ state, body }) =>
      cryptoAnswer(() => cryptoOf(state).setGasFee(own(objectBody(body), 'fee') as string)),
  },
  {
    method: 'POST',
    path: '/__mock/crypto/receive',
    body: true,
    handle({ state, body }) {
      const transfer = objectBody(body);
      return cryptoAnswer(() =>
        cryptoOf(state).receive(own(transfer, 'customerId') as string, {
          amount: own(transfer, 'amount') as string,
          network: own(transfer, 'network') as string,
        }),
      );
    },
  },
];

/**
 * The control routes (see docs/testing-with-the-mock.md for each).
 *
 * @internal
 */
export const controlRoutes: ReadonlyArray<ControlRoute> = [
  {
    method: 'GET',
    path: '/__mock/state',
    body: false,
    handle: ({ state, account }) => json(200, stateSummary(state, account)),
  },
  {
    method: 'POST',
    path: '/__mock/reset',
    body: false,
    handle({ state }) {
      state.reset();
      return json(200, stateSummary(state));
    },
  },
  {
    method: 'GET',
    path: '/__mock/customers',
    body: false,
    handle: ({ account }) =>
      json(
        200,
        account.customers.all().map((c) => account.customers.view(c)),
      ),
  },
  {
    method: 'POST',
    path: '/__mock/customers',
    body: true,
    handle({ account, body }) {
      return json(201, createCustomerDirect(account, objectBody(body)));
    },
  },
  {
    method: 'GET',
    path: '/__mock/pix-keys',
    body: false,
    handle: ({ account }) =>
      json(
        200,
        account.pixKeys.all().map((k) => account.pixKeys.view(k)),
      ),
  },
  {
    method: 'GET',
    path: '/__mock/customers/:id/pix-keys',
    body: false,
    handle: ({ account, params }) =>
      json(
        200,
        account.pixKeys.all(params.id).map((k) => account.pixKeys.view(k)),
      ),
  },
  {
    method: 'GET',
    path: '/__mock/withdrawals',
    body: false,
    handle: ({ account }) =>
      json(
        200,
        account.transactions.all('withdrawal').map((w) => account.transactions.view(w)),
      ),
  },
  {
    method: 'GET',
    path: '/__mock/deposits',
    body: false,
    handle: ({ account }) =>
      json(
        200,
        account.transactions.all('deposit').map((d) => account.transactions.view(d)),
      ),
  },
  settleRoute('withdrawal'),
  settleRoute('deposit'),
  ...depositRoutes,
  ...cryptoRoutes,
  {
    method: 'GET',
    path: '/__mock/faults',
    body: false,
    handle: ({ state }) => json(200, stateSummary(state).faults),
  },
  {
    method: 'POST',
    path: '/__mock/faults',
    body: true,
    handle({ state, body }) {
      try {
        return json(201, { id: state.faults.inject(faultFromJson(objectBody(body))).id });
      } catch (error) {
        if (error instanceof InvalidFaultError) {
          throw new HttpError(400, `${error.field} ${error.reason}`);
        }
        throw error;
      }
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/faults',
    body: false,
    handle({ state }) {
      state.faults.clear();
      return json(200, { message: 'faults cleared' });
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/faults/:id',
    body: false,
    handle({ state, params }) {
      if (!state.faults.remove(params.id ?? '')) throw new HttpError(404, 'no such fault');
      return json(200, { message: 'fault removed' });
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests',
    body: false,
    handle: ({ state }) => json(200, state.journal.entries),
  },
  {
    method: 'GET',
    path: '/__mock/webhooks/deliveries',
    body: false,
    handle: ({ state }) => json(200, state.webhooks.deliveries),
  },
  {
    method: 'POST',
    path: '/__mock/webhooks/flush',
    body: false,
    handle: async ({ state }) => json(200, await state.webhooks.flush()),
  },
  {
    method: 'PUT',
    path: '/__mock/webhooks/url',
    body: true,
    handle({ state, account, body }) {
      const url = own(objectBody(body), 'url');
      if (url !== null && typeof url !== 'string')
        throw new HttpError(400, 'url must be a string or null');
      account.webhookUrl = state.webhooks.check(url);
      return json(200, { url: account.webhookUrl });
    },
  },
  {
    method: 'GET',
    path: '/__mock/clock',
    body: false,
    handle: ({ state }) => json(200, { now: state.nowIso() }),
  },
  {
    method: 'PUT',
    path: '/__mock/clock',
    body: true,
    handle({ state, body }) {
      const now = own(objectBody(body), 'now');
      if (typeof now !== 'string' && typeof now !== 'number') {
        throw new HttpError(400, 'now must be an ISO 8601 string or epoch milliseconds');
      }
      state.clock.set(now);
      return json(200, { now: state.nowIso() });
    },
  },
  {
    method: 'POST',
    path: '/__mock/clock/advance',
    body: true,
    handle({ state, body }) {
      const ms = own(objectBody(body), 'ms');
      if (typeof ms !== 'number') throw new HttpError(400, 'ms must be a number');
      state.clock.advance(ms);
      return json(200, { now: state.nowIso() });
    },
  },
  {
    method: 'POST',
    path: '/__mock/auth/expire-tokens',
    body: false,
    handle({ state }) {
      state.auth.expireTokens();
      return json(200, { message: 'tokens expired' });
    },
  },
  {
    method: 'POST',
    path: '/__mock/auth/token',
    body: false,
    handle: async ({ state, account }) =>
      json(200, { token: await state.auth.issueToken(account.id) }),
  },
  {
    method: 'PUT',
    path: '/__mock/auth/caller-ip',
    body: true,
    handle({ state, body }) {
      const ip = own(objectBody(body), 'ip');
      if (typeof ip !== 'string' || ip === '')
        throw new HttpError(400, 'ip must be a non-empty string');
      state.auth.callerIp = ip;
      return json(200, { ip: state.auth.callerIp });
    },
  },
  {
    method: 'PUT',
    path: '/__mock/auth/allowed-ips',
    body: true,
    handle({ state, body }) {
      const ips = ipListOf(own(objectBody(body), 'ips'));
      if (ips === undefined) throw new HttpError(400, IP_LIST_RULE);
      state.auth.allowedIps = ips;
      return json(200, { ips: state.auth.allowedIps });
    },
  },
  {
    method: 'PUT',
    path: '/__mock/auth/denied-actions',
    body: true,
    handle({ account, body }) {
      const actions = own(objectBody(body), 'actions');
      if (!Array.isArray(actions)) {
        throw new HttpError(400, 'actions must be an array of operation ids (area.method)');
      }
      const ids: OperationId[] = [];
      for (const action of actions) {
        const answer = deniableOperation(action);
        if ('refused' in answer) throw new HttpError(400, `actions: ${answer.refused}`);
        // Old names are accepted and stored as the ids they stand for.
        ids.push(answer.id);
      }
      account.deniedActions = new Set(ids);
      return json(200, { actions: [...account.deniedActions] });
    },
  },
  {
    method: 'GET',
    path: '/__mock/accounts',
    body: false,
    handle: ({ state }) => json(200, state.accounts.all().map(accountSummary)),
  },
  {
    method: 'POST',
    path: '/__mock/subaccounts',
    body: true,
    handle({ state, account, body }) {
      return json(201, createSubAccount(state, account, objectBody(body)));
    },
  },
  {
    method: 'GET',
    path: '/__mock/balances',
    body: false,
    handle: ({ account }) => jsonText(200, account.ledger.answerText()),
  },
  {
    method: 'PUT',
    path: '/__mock/balances',
    body: true,
    handle({ account, body }) {
      account.ledger.set(LedgerArea.check(objectBody(body), 'balances'));
      return jsonText(200, account.ledger.answerText());
    },
  },
  ipListRoute('/__mock/balance-ips', 'balanceIps'),
  ipListRoute('/__mock/withdrawal-ips', 'withdrawalIps'),
  {
    method: 'PUT',
    path: '/__mock/partner',
    body: true,
    handle({ account, body }) {
      const partner = own(objectBody(body), 'partner');
      if (typeof partner !== 'boolean') throw new HttpError(400, 'partner must be a boolean');
      if (account.isSubAccount && partner) {
        throw new HttpError(400, 'a sub-account cannot be a partner');
      }
      account.partner = partner;
      return json(200, { partner: account.partner });
    },
  },
];
