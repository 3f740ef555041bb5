// The table of the mock's control routes under `/__mock/`: each entry names its method and path,
// where each argument of its control travels (a path segment, a field of the JSON body, the
// whole body, or the body's other fields), and the in-process control it calls. The server
// (./http-routes.ts) reads a request into those arguments; the remote (mock/remote/connect.ts)
// writes the same arguments into a request. The controls check their arguments themselves, once.

import { isRecord, own } from '../service/body-fields.js';
import { MockRefusalError, UnknownIdError } from '../service/control-refusal.js';
import type { FaultSpec } from '../service/faults.js';
import type { AccountState } from '../service/state/accounts.js';
import type { ServiceState } from '../service/state/service-state.js';
import type { TransactionKind } from '../service/state/transactions.js';
import type { MockAccount, SettleOptions } from '../types/controls.js';
import { deniedList } from './account.js';
import type { ServiceControls } from './service.js';
import { accountSummary, faultList, stateSummary } from './summary.js';

/**
 * What a control route runs with: the service, the account the request addresses (`?account=`,
 * the main account without one) and the in-process controls of both.
 *
 * @internal
 */
export interface ControlScope {
  readonly state: ServiceState;
  /** The addressed account, read afresh: a reset while a control runs is seen. */
  readonly account: () => AccountState;
  /** The addressed account's in-process controls (`mock.account(id)`). */
  readonly controls: MockAccount;
  /** The service-wide in-process controls (`mock.faults`, `mock.clock`, …). */
  readonly service: ServiceControls;
}

/**
 * How an argument travels in JSON when its in-process form cannot (a `Date`, `Infinity`): the
 * remote writes it with `toJson`, the server reads it back with `fromJson`.
 *
 * @internal
 */
export interface JsonForm {
  toJson(value: unknown): unknown;
  fromJson(json: unknown): unknown;
}

/**
 * Where one argument of a control travels: `path` a `:name` segment of the route's path, `field`
 * one field of the JSON body, `body` the whole JSON body (an object), `rest` the body's fields
 * that no `field` names (an options object).
 *
 * @internal
 */
export type ArgPlace =
  | { readonly path: string }
  | { readonly field: string; readonly json?: JsonForm }
  | { readonly body: true; readonly json?: JsonForm }
  | { readonly rest: true };

/**
 * The control a route calls, with its arguments in the order {@link ControlRoute.args} places
 * them. What it returns is the answer's JSON body ({@link Encoded} for a body already encoded).
 *
 * @internal
 */
export type ControlRun = (scope: ControlScope, ...args: never[]) => unknown;

/**
 * A control route: its method and path, where its arguments travel, the control it runs, and the
 * status of a success (200 unless it creates something).
 *
 * @internal
 */
export interface ControlRoute<Run extends ControlRun = ControlRun> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/__mock/${string}`;
  readonly args: ReadonlyArray<ArgPlace>;
  readonly status?: 201;
  readonly run: Run;
}

/**
 * An answer's body already encoded, for a route whose answer is not a value to turn into JSON:
 * the balances keep their exact decimal text; a page is HTML with its own headers.
 *
 * @internal
 */
export class Encoded {
  constructor(
    readonly text: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** One entry of the table, its control's type kept so that the remote's calls are checked. */
function route<Run extends ControlRun>(spec: ControlRoute<Run>): ControlRoute<Run> {
  return spec;
}

/**
 * A fault in JSON: a RegExp path cannot travel (a `pathPattern` does), a permanent fault's
 * `times` is `"Infinity"` (or `null`). `faults.inject` checks the rest, a field a fault does not
 * have included.
 */
const FAULT_JSON: JsonForm = {
  toJson(value) {
    const spec = value as FaultSpec;
    if (spec?.path instanceof RegExp) {
      throw new TypeError(
        'faults.inject over HTTP: a RegExp path cannot travel as JSON; give the path as a string or a pathPattern',
      );
    }
    return spec?.times === Number.POSITIVE_INFINITY ? { ...spec, times: 'Infinity' } : spec;
  },
  fromJson(json) {
    if (!isRecord(json)) throw new TypeError('faults.inject: a fault must be a JSON object');
    const times = own(json, 'times');
    return times === 'Infinity' || times === null
      ? { ...json, times: Number.POSITIVE_INFINITY }
      : json;
  },
};

/** A time in JSON: a `Date` travels as its ISO 8601 text; the clock reads that text back. */
const TIME_JSON: JsonForm = {
  toJson: (value) => (value instanceof Date ? value.toISOString() : value),
  fromJson: (json) => json,
};

/**
 * The `code` of `POST /__mock/deposits/pay`: anything but a text is a BR Code that is not one.
 */
const CODE_JSON: JsonForm = {
  toJson: (value) => value,
  fromJson(json) {
    if (typeof json !== 'string') {
      throw new MockRefusalError(
        'not-a-pix-code',
        'code must be a string: the BR Code the deposit was created with',
      );
    }
    return json;
  },
};

/** Settling a transaction of `kind`: answers it with the delivery of its webhook. */
function settle(kind: TransactionKind) {
  return route({
    method: 'POST',
    path: `/__mock/${kind}s/:id/settle`,
    args: [{ path: 'id' }, { field: 'status' }, { rest: true }],
    async run({ controls }, id: string, status: string, options?: SettleOptions) {
      const area = kind === 'withdrawal' ? controls.withdrawals : controls.deposits;
      const delivery = await area.settle(id, status, options);
      return { [kind]: area.get(id), delivery };
    },
  });
}

/**
 * The control routes, each named after the control it calls (see docs/testing-with-the-mock.md
 * for each). A new control route is one entry here: the server serves it and the remote can
 * call it by its name.
 *
 * @internal
 */
export const CONTROL_ROUTES = {
  state: route({
    method: 'GET',
    path: '/__mock/state',
    args: [],
    run: ({ state, account }) => stateSummary(state, account()),
  }),
  reset: route({
    method: 'POST',
    path: '/__mock/reset',
    args: [],
    run({ state }) {
      state.reset();
      return stateSummary(state);
    },
  }),
  accounts: route({
    method: 'GET',
    path: '/__mock/accounts',
    args: [],
    run: ({ state }) => state.accounts.all().map(accountSummary),
  }),
  'customers.list': route({
    method: 'GET',
    path: '/__mock/customers',
    args: [],
    run: ({ controls }) => controls.customers.list(),
  }),
  'customers.create': route({
    method: 'POST',
    path: '/__mock/customers',
    args: [{ body: true }],
    status: 201,
    run: ({ controls }, input?: Parameters<MockAccount['customers']['create']>[0]) =>
      controls.customers.create(input),
  }),
  'pixKeys.list': route({
    method: 'GET',
    path: '/__mock/pix-keys',
    args: [],
    run: ({ controls }) => controls.pixKeys.list(),
  }),
  'pixKeys.listOfCustomer': route({
    method: 'GET',
    path: '/__mock/customers/:id/pix-keys',
    args: [{ path: 'id' }],
    run: ({ controls }, customerId: string) => controls.pixKeys.list(customerId),
  }),
  'withdrawals.list': route({
    method: 'GET',
    path: '/__mock/withdrawals',
    args: [],
    run: ({ controls }) => controls.withdrawals.list(),
  }),
  'withdrawals.settle': settle('withdrawal'),
  'deposits.list': route({
    method: 'GET',
    path: '/__mock/deposits',
    args: [],
    run: ({ controls }) => controls.deposits.list(),
  }),
  'deposits.settle': settle('deposit'),
  'deposits.payById': route({
    method: 'POST',
    path: '/__mock/deposits/:id/pay',
    args: [{ path: 'id' }],
    run: ({ controls }, id: string) => controls.deposits.pay(id),
  }),
  'deposits.pay': route({
    method: 'POST',
    path: '/__mock/deposits/pay',
    args: [{ field: 'code', json: CODE_JSON }],
    run: ({ controls }, codeOrId: string) => controls.deposits.pay(codeOrId),
  }),
  'deposits.dispute': route({
    method: 'POST',
    path: '/__mock/deposits/:id/dispute',
    args: [{ path: 'id' }, { rest: true }],
    run: ({ controls }, id: string, options: Parameters<MockAccount['deposits']['dispute']>[1]) =>
      controls.deposits.dispute(id, options),
  }),
  'crypto.setRates': route({
    method: 'PUT',
    path: '/__mock/crypto/rates',
    args: [{ body: true }],
    run: ({ service }, rates: Parameters<ServiceControls['crypto']['setRates']>[0]) =>
      service.crypto.setRates(rates),
  }),
  'crypto.setSpread': route({
    method: 'PUT',
    path: '/__mock/crypto/spread',
    args: [{ field: 'spread' }],
    run: ({ service }, spread: string) => service.crypto.setSpread(spread),
  }),
  'crypto.setGasFee': route({
    method: 'PUT',
    path: '/__mock/crypto/gas-fee',
    args: [{ field: 'fee' }],
    run: ({ service }, fee: string) => service.crypto.setGasFee(fee),
  }),
  'crypto.receive': route({
    method: 'POST',
    path: '/__mock/crypto/receive',
    args: [{ field: 'customerId' }, { rest: true }],
    run: (
      { service },
      customerId: string,
      transfer: Parameters<ServiceControls['crypto']['receive']>[1],
    ) => service.crypto.receive(customerId, transfer),
  }),
  'faults.list': route({
    method: 'GET',
    path: '/__mock/faults',
    args: [],
    run: ({ state }) => faultList(state),
  }),
  'faults.inject': route({
    method: 'POST',
    path: '/__mock/faults',
    args: [{ body: true, json: FAULT_JSON }],
    status: 201,
    run: ({ service }, spec: FaultSpec) => ({ id: service.faults.inject(spec).id }),
  }),
  'faults.clear': route({
    method: 'DELETE',
    path: '/__mock/faults',
    args: [],
    run({ service }) {
      service.faults.clear();
      return { message: 'faults cleared' };
    },
  }),
  'faults.remove': route({
    method: 'DELETE',
    path: '/__mock/faults/:id',
    args: [{ path: 'id' }],
    run({ state }, id: string) {
      if (!state.faults.remove(id)) throw new UnknownIdError('no such fault');
      return { message: 'fault removed' };
    },
  }),
  requests: route({
    method: 'GET',
    path: '/__mock/requests',
    args: [],
    run: ({ state }) => state.journal.entries,
  }),
  'webhooks.deliveries': route({
    method: 'GET',
    path: '/__mock/webhooks/deliveries',
    args: [],
    run: ({ state }) => state.webhooks.deliveries,
  }),
  'webhooks.flush': route({
    method: 'POST',
    path: '/__mock/webhooks/flush',
    args: [],
    run: ({ service }) => service.webhooks.flush(),
  }),
  'webhooks.setUrl': route({
    method: 'PUT',
    path: '/__mock/webhooks/url',
    args: [{ field: 'url' }],
    run({ controls }, url: string | null) {
      controls.webhooks.setUrl(url);
      return { url: controls.webhooks.url };
    },
  }),
  'clock.now': route({
    method: 'GET',
    path: '/__mock/clock',
    args: [],
    run: ({ state }) => ({ now: state.nowIso() }),
  }),
  'clock.set': route({
    method: 'PUT',
    path: '/__mock/clock',
    args: [{ field: 'now', json: TIME_JSON }],
    async run({ state, service }, time: Date | string | number) {
      service.clock.set(time);
      // What the move set off (a dispute's next steps) has run when the answer comes.
      await state.timeline.settled();
      return { now: state.nowIso() };
    },
  }),
  'clock.advance': route({
    method: 'POST',
    path: '/__mock/clock/advance',
    args: [{ field: 'ms' }],
    async run({ state, service }, ms: number) {
      service.clock.advance(ms);
      // What the move set off (a dispute's next steps) has run when the answer comes.
      await state.timeline.settled();
      return { now: state.nowIso() };
    },
  }),
  'auth.expireTokens': route({
    method: 'POST',
    path: '/__mock/auth/expire-tokens',
    args: [],
    run({ service }) {
      service.auth.expireTokens();
      return { message: 'tokens expired' };
    },
  }),
  'auth.issueToken': route({
    method: 'POST',
    path: '/__mock/auth/token',
    args: [],
    run: async ({ controls }) => ({ token: await controls.auth.issueToken() }),
  }),
  'auth.setCallerIp': route({
    method: 'PUT',
    path: '/__mock/auth/caller-ip',
    args: [{ field: 'ip' }],
    run({ service }, ip: string) {
      service.auth.setCallerIp(ip);
      return { ip: service.auth.callerIp };
    },
  }),
  'auth.allowIps': route({
    method: 'PUT',
    path: '/__mock/auth/allowed-ips',
    args: [{ field: 'ips' }],
    run({ service }, ips: ReadonlyArray<string>) {
      service.auth.allowIps(ips);
      return { ips: service.auth.allowedIps };
    },
  }),
  'auth.setDeniedActions': route({
    method: 'PUT',
    path: '/__mock/auth/denied-actions',
    args: [{ field: 'actions' }],
    run({ account }, actions: ReadonlyArray<string>) {
      // Every name is checked before the list changes: a refused list changes nothing.
      const ids = deniedList(actions);
      const target = account();
      target.deniedActions = ids;
      return { actions: [...target.deniedActions] };
    },
  }),
  // One request each, so that two callers denying at once both count (no read-modify-write).
  'auth.denyAction': route({
    method: 'PUT',
    path: '/__mock/auth/denied-actions/:operation',
    args: [{ path: 'operation' }],
    run({ account, controls }, operation: Parameters<MockAccount['auth']['denyAction']>[0]) {
      controls.auth.denyAction(operation);
      return { actions: [...account().deniedActions] };
    },
  }),
  'auth.allowAction': route({
    method: 'DELETE',
    path: '/__mock/auth/denied-actions/:operation',
    args: [{ path: 'operation' }],
    run({ account, controls }, operation: Parameters<MockAccount['auth']['allowAction']>[0]) {
      controls.auth.allowAction(operation);
      return { actions: [...account().deniedActions] };
    },
  }),
  'company.createSubAccount': route({
    method: 'POST',
    path: '/__mock/subaccounts',
    args: [{ body: true }],
    status: 201,
    run: ({ controls }, input?: Parameters<MockAccount['company']['createSubAccount']>[0]) =>
      controls.company.createSubAccount(input),
  }),
  'company.balances': route({
    method: 'GET',
    path: '/__mock/balances',
    args: [],
    run: ({ account }) => new Encoded(account().ledger.answerText()),
  }),
  'company.setBalance': route({
    method: 'PUT',
    path: '/__mock/balances',
    args: [{ body: true }],
    run({ account, controls }, balances: Parameters<MockAccount['company']['setBalance']>[0]) {
      controls.company.setBalance(balances);
      return new Encoded(account().ledger.answerText());
    },
  }),
  'company.allowBalanceIps': route({
    method: 'PUT',
    path: '/__mock/balance-ips',
    args: [{ field: 'ips' }],
    run({ controls }, ips: ReadonlyArray<string>) {
      controls.company.allowBalanceIps(ips);
      return { ips: controls.company.balanceIps };
    },
  }),
  'company.allowWithdrawalIps': route({
    method: 'PUT',
    path: '/__mock/withdrawal-ips',
    args: [{ field: 'ips' }],
    run({ controls }, ips: ReadonlyArray<string>) {
      controls.company.allowWithdrawalIps(ips);
      return { ips: controls.company.withdrawalIps };
    },
  }),
  'company.setPartner': route({
    method: 'PUT',
    path: '/__mock/partner',
    args: [{ field: 'partner' }],
    run({ controls }, partner: boolean) {
      controls.company.setPartner(partner);
      return { partner: controls.company.partner };
    },
  }),
} as const;

/**
 * The name of a control route in {@link CONTROL_ROUTES}.
 *
 * @internal
 */
export type ControlName = keyof typeof CONTROL_ROUTES;

/**
 * The arguments of the control that the route `name` calls.
 *
 * @internal
 */
export type ControlArgs<Name extends ControlName> = Name extends ControlName
  ? (typeof CONTROL_ROUTES)[Name]['run'] extends (
      scope: ControlScope,
      ...args: infer Args
    ) => unknown
    ? Args
    : never
  : never;

/**
 * An id as one path segment, escaped. `.`, `..` and their escapes are steps in a URL's path, to
 * another route: no record has such an id, so a `RangeError` says so, as the in-process
 * controls do for an unknown id.
 */
function segment(id: unknown): string {
  const escaped = encodeURIComponent(String(id));
  if (/^(?:\.|%2e){0,2}$/i.test(escaped)) {
    throw new RangeError(`no record has the id ${JSON.stringify(id)}`);
  }
  return escaped;
}

/**
 * `body` with the fields of `value` added. A `value` that is not an object is sent in place of the
 * body, for the control route to refuse: spread, `null` would vanish (making a customer with every
 * default) and `'x'` would become `{ 0: 'x' }`.
 */
function withFields(body: unknown, value: unknown): unknown {
  if (value === undefined) return body;
  if (!isRecord(value)) return value;
  return body === undefined || isRecord(body) ? { ...body, ...value } : body;
}

/**
 * The request that calls the control route `name` with `args`: its method, its path with each
 * `:name` segment filled in, and its JSON body (none when no argument travels in one; an argument
 * that should be an object and is not is sent as it is, and refused by the server).
 *
 * @internal
 */
export function controlRequest<Name extends ControlName>(
  name: Name,
  args: ControlArgs<Name>,
): { method: ControlRoute['method']; path: string; body?: unknown } {
  const spec: ControlRoute = CONTROL_ROUTES[name];
  let path: string = spec.path;
  let body: unknown;
  spec.args.forEach((place, index) => {
    const value = (args as ReadonlyArray<unknown>)[index];
    if ('path' in place) {
      path = path.replace(`:${place.path}`, segment(value));
    } else if ('rest' in place) {
      body = withFields(body, value);
    } else if (value !== undefined) {
      const json = place.json ? place.json.toJson(value) : value;
      body = withFields(body, 'field' in place ? { [place.field]: json } : json);
    }
  });
  return { method: spec.method, path, ...(body === undefined ? {} : { body }) };
}
