// The remote: a running mock server's controls over its control routes, each called by its name in
// the table of routes (mock/controls/routes.ts), typed from the in-process controls
// (mock/types/remote.ts).
import { readUpTo } from '../../src/seam/body.js';
import { showAs } from '../../src/seam/inspect.js';
import { MAX_TIMER_MS } from '../../src/seam/limits.js';
import { deniable } from '../controls/account.js';
import { type ControlArgs, type ControlName, controlRequest } from '../controls/routes.js';
import type { FaultHandle } from '../service/faults.js';
import type { OperationId } from '../service/operations.js';
import type { WebhookDelivery } from '../service/webhooks.js';
import type {
  AuthControls,
  CompanyControls,
  CustomerControls,
  MockBalance,
  MockCredentials,
  MockSubAccount,
  PaymentServiceMock,
  TransactionControls,
  WebhookControls,
} from '../types/controls.js';
import type {
  JournalEntry,
  MockCustomer,
  MockDeposit,
  MockPixKey,
  MockWithdrawal,
} from '../types/records.js';
import type {
  ConnectMockServerOptions,
  InProcessOnlyControls,
  Remote,
  RemotePaymentServiceMock,
} from '../types/remote.js';
import { MockServerError } from './errors.js';

/** The hint every "not running" error ends with. */
/** How long one control request may take, by default. */
const DEFAULT_TIMEOUT_MS = 30_000;

const START_HINT = 'start it with `npx pix-payment-mock` (or pass the URL it prints)';

/**
 * One control request to the server; `account` addresses a sub-account (`?account=`).
 *
 * @internal
 */
export interface Link {
  readonly address: string;
  call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { readonly body?: unknown; readonly account?: string | undefined },
  ): Promise<T>;
}

/**
 * Calls the control route `name` of the table with the arguments of its control; `account`
 * addresses a sub-account.
 */
function control<Name extends ControlName, T = unknown>(
  link: Link,
  name: Name,
  args: ControlArgs<Name>,
  account?: Scope,
): Promise<T> {
  const { method, path, body } = controlRequest(name, args);
  return link.call<T>(method, path, { body, account });
}

/** `GET /__mock/state` of the account (the main account's without one). */
function stateOf(link: Link, account?: Scope): Promise<StateSummary> {
  return control<'state', StateSummary>(link, 'state', [], account);
}

/** Largest answer the remote reads (a full journal of long bodies fits): a server cannot fill memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** What `GET /__mock/state` answers, the fields the remote reads. */
interface StateSummary {
  readonly baseUrl: string;
  readonly credentials: MockCredentials;
  readonly companyId: string;
  readonly account: string;
  readonly subAccount: boolean;
  readonly accounts: ReadonlyArray<{
    readonly _id: string;
    readonly subAccount: boolean;
    readonly parentId?: string;
    readonly credentials: MockCredentials;
  }>;
  readonly seededCustomerId: string | null;
  readonly webhookUrl: string | null;
  readonly allowedIps: ReadonlyArray<string>;
  readonly callerIp: string;
  readonly clockFrozen: boolean;
  readonly deniedActions: ReadonlyArray<string>;
  readonly balanceIps: ReadonlyArray<string>;
  readonly withdrawalIps: ReadonlyArray<string>;
  readonly partner: boolean;
}

function isStateSummary(value: unknown): value is StateSummary {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.companyId === 'string' &&
    typeof state.baseUrl === 'string' &&
    Array.isArray(state.accounts) &&
    typeof state.counts === 'object' &&
    state.counts !== null &&
    typeof state.now === 'string'
  );
}

/** A fault as `GET /__mock/faults` lists it. */
interface ListedFault {
  readonly id: string;
  readonly hits: number;
  readonly remaining: number | 'Infinity';
}

/** The answer's text, refused past {@link MAX_ANSWER_BYTES}. */
async function readAnswer(response: Response, address: string): Promise<string> {
  const bytes = await readUpTo(response.body, MAX_ANSWER_BYTES);
  if (bytes === undefined)
    throw notAMockServer(address, `an answer over ${MAX_ANSWER_BYTES} bytes`);
  return new TextDecoder().decode(bytes);
}

function createLink(
  origin: string,
  address: string,
  token: string | undefined,
  timeoutMs: number,
): Link {
  return {
    address,
    async call(method, path, options = {}) {
      const query =
        options.account === undefined ? '' : `?account=${encodeURIComponent(options.account)}`;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token !== undefined) headers['x-mock-control-token'] = token;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${origin}${path}${query}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          // A redirect is never followed: it would carry the control token to another address.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await readAnswer(response, address);
      } catch (error) {
        if (error instanceof MockServerError) throw error;
        const timedOut = (error as { name?: unknown }).name === 'TimeoutError';
        throw new MockServerError(
          'unreachable',
          address,
          timedOut
            ? `the server at ${address} did not answer ${method} ${path} within ${timeoutMs} ms: is it a running mock server? ${START_HINT}`
            : `no mock server answers at ${address} (the connection failed): ${START_HINT}`,
          undefined,
          { cause: error },
        );
      }
      if (response.status >= 300 && response.status < 400) {
        throw notAMockServer(address, `${method} ${path} answered a redirect (${response.status})`);
      }
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw notAMockServer(address, `${method} ${path} answered ${response.status} with no JSON`);
      }
      if (response.ok) return parsed as never;
      const detail =
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as { detail?: unknown }).detail === 'string'
          ? (parsed as { detail: string }).detail
          : undefined;
      if (detail === undefined) {
        throw notAMockServer(address, `${method} ${path} answered ${response.status}`);
      }
      throw new MockServerError(
        'refused',
        address,
        `the mock server at ${address} refused ${method} ${path} (${response.status}): ${detail}${hintFor(response.status, detail)}`,
        { status: response.status, detail },
      );
    },
  };
}

/** What to do about a refusal, when the server's own detail does not say. */
function hintFor(status: number, detail: string): string {
  if (status === 401 && /control token/.test(detail)) {
    return ' (pass it as { controlToken } or --control-token, or set PIX_PAYMENT_MOCK_CONTROL_TOKEN)';
  }
  if (status === 404 && /^no control route/.test(detail)) {
    return ' (this server has no such control: update pix-payment-sdk where the server runs)';
  }
  return '';
}

function notAMockServer(address: string, what: string): MockServerError {
  return new MockServerError(
    'not-a-mock-server',
    address,
    `${address} is not a pix-payment-mock server (${what}): check the URL, or ${START_HINT}`,
  );
}

/** `undefined` when `account` is the main account, so that requests need no `?account=`. */
type Scope = string | undefined;

function customerControls(link: Link, account: Scope): Remote<CustomerControls> {
  const list = () => control<'customers.list', MockCustomer[]>(link, 'customers.list', [], account);
  return {
    create: (input) => control(link, 'customers.create', [input], account),
    get: async (id) => (await list()).find((customer) => customer._id === id),
    list,
    get seeded() {
      return (async () => {
        const id = (await stateOf(link, account)).seededCustomerId;
        const customer = (await list()).find((c) => c._id === id);
        if (customer === undefined) {
          throw new MockServerError(
            'refused',
            link.address,
            'a sub-account starts without customers: create one with customers.create()',
          );
        }
        return customer;
      })();
    },
  };
}

function transactionControls<T extends { readonly _id: string }>(
  link: Link,
  account: Scope,
  kind: 'withdrawal' | 'deposit',
): Remote<TransactionControls<T>> {
  const list = () => control<`${typeof kind}s.list`, T[]>(link, `${kind}s.list`, [], account);
  return {
    async settle(id, status, options) {
      const answer = await control<`${typeof kind}s.settle`, { delivery: WebhookDelivery }>(
        link,
        `${kind}s.settle`,
        [id, status, options],
        account,
      );
      return answer.delivery;
    },
    // A record is data, its own remote form; the checker cannot see that through the open `T`.
    get: async (id) => (await list()).find((record) => record._id === id) as never,
    list,
  };
}

function webhookControls(link: Link, account: Scope): Remote<WebhookControls> {
  const flush = () =>
    control<'webhooks.flush', ReadonlyArray<WebhookDelivery>>(link, 'webhooks.flush', []);
  return {
    async setUrl(url) {
      await control(link, 'webhooks.setUrl', [url], account);
    },
    get url() {
      return stateOf(link, account).then((s) => s.webhookUrl);
    },
    get deliveries() {
      return deliveriesOf(link, account);
    },
    flush,
    waitForDeliveries: flush,
  };
}

async function deliveriesOf(link: Link, account: Scope): Promise<ReadonlyArray<WebhookDelivery>> {
  const all = await control<'webhooks.deliveries', WebhookDelivery[]>(
    link,
    'webhooks.deliveries',
    [],
  );
  return account === undefined ? all : all.filter((delivery) => delivery.account === account);
}

/**
 * Denies (`deny`) or allows again an operation to the account's tokens, in one request that the
 * server applies at once: two callers at the same time both count. The name is checked first, as
 * `mock.auth.denyAction` checks it: an old name stands for its id; anything else is a
 * `RangeError` listing the valid ids.
 */
async function setDenied(link: Link, account: Scope, deny: boolean, name: string): Promise<void> {
  const id = deniable(deny ? 'denyAction' : 'allowAction', name as OperationId);
  await control(link, deny ? 'auth.denyAction' : 'auth.allowAction', [id], account);
}

function authControls(link: Link): Remote<AuthControls> {
  const account = undefined;
  return {
    async expireTokens() {
      await control(link, 'auth.expireTokens', []);
    },
    async allowIps(ips) {
      await control(link, 'auth.allowIps', [ips]);
    },
    get allowedIps() {
      return stateOf(link).then((s) => s.allowedIps);
    },
    async setCallerIp(ip) {
      await control(link, 'auth.setCallerIp', [ip]);
    },
    get callerIp() {
      return stateOf(link).then((s) => s.callerIp);
    },
    denyAction: (operation) => setDenied(link, account, true, operation),
    allowAction: (operation) => setDenied(link, account, false, operation),
    issueToken: () => tokenOf(link, account),
  };
}

async function tokenOf(link: Link, account: Scope): Promise<string> {
  return (await control<'auth.issueToken', { token: string }>(link, 'auth.issueToken', [], account))
    .token;
}

function companyControls(link: Link, account: Scope): Remote<CompanyControls> {
  const state = () => stateOf(link, account);
  return {
    async setBalance(balances) {
      await control(link, 'company.setBalance', [balances], account);
    },
    balances: () =>
      control<'company.balances', MockBalance[]>(link, 'company.balances', [], account),
    createSubAccount: (input) =>
      control<'company.createSubAccount', MockSubAccount>(
        link,
        'company.createSubAccount',
        [input],
        account,
      ),
    get subAccounts() {
      return state().then((s) =>
        s.accounts
          .filter((a) => a.parentId === s.account)
          .map((a) => ({ _id: a._id, credentials: a.credentials })),
      );
    },
    async allowBalanceIps(ips) {
      await control(link, 'company.allowBalanceIps', [ips], account);
    },
    get balanceIps() {
      return state().then((s) => s.balanceIps);
    },
    async allowWithdrawalIps(ips) {
      await control(link, 'company.allowWithdrawalIps', [ips], account);
    },
    get withdrawalIps() {
      return state().then((s) => s.withdrawalIps);
    },
    get partner() {
      return state().then((s) => s.partner);
    },
    async setPartner(partner) {
      await control(link, 'company.setPartner', [partner], account);
    },
  };
}

function faultHandle(link: Link, id: string): Remote<FaultHandle> {
  const listed = async (): Promise<ListedFault | undefined> =>
    (await control<'faults.list', ListedFault[]>(link, 'faults.list', [])).find(
      (fault) => fault.id === id,
    );
  return {
    id: Promise.resolve(id),
    // A fault that has run out or been removed is no longer listed: it was hit `times` times.
    get hits() {
      return listed().then((fault) => fault?.hits ?? 0);
    },
    get remaining() {
      return listed().then((fault) =>
        fault === undefined
          ? 0
          : fault.remaining === 'Infinity'
            ? Number.POSITIVE_INFINITY
            : fault.remaining,
      );
    },
    async remove() {
      if ((await listed()) === undefined) return;
      await control(link, 'faults.remove', [id]);
    },
  };
}

type RemoteAccountControls = Awaited<ReturnType<RemotePaymentServiceMock['account']>>;

async function accountControls(link: Link, id: string | undefined): Promise<RemoteAccountControls> {
  const state = await stateOf(link, id);
  // The main account's requests need no `?account=`; a sub-account's name it.
  const scope: Scope = state.subAccount ? state.account : undefined;
  return {
    id: Promise.resolve(state.account),
    isSubAccount: Promise.resolve(state.subAccount),
    credentials: Promise.resolve(state.credentials),
    customers: customerControls(link, scope),
    pixKeys: pixKeyControls(link, scope),
    withdrawals: transactionControls<MockWithdrawal>(link, scope, 'withdrawal'),
    deposits: depositControls(link, scope),
    webhooks: {
      async setUrl(url) {
        await control(link, 'webhooks.setUrl', [url], scope);
      },
      get url() {
        return stateOf(link, scope).then((s) => s.webhookUrl);
      },
      get deliveries() {
        return deliveriesOf(link, state.account);
      },
    },
    company: companyControls(link, scope),
    auth: {
      denyAction: (operation) => setDenied(link, scope, true, operation),
      allowAction: (operation) => setDenied(link, scope, false, operation),
      issueToken: () => tokenOf(link, scope),
    },
  };
}

function pixKeyControls(link: Link, account: Scope): RemoteAccountControls['pixKeys'] {
  return {
    list: (customerId) =>
      customerId === undefined
        ? control<'pixKeys.list', MockPixKey[]>(link, 'pixKeys.list', [], account)
        : control<'pixKeys.listOfCustomer', MockPixKey[]>(
            link,
            'pixKeys.listOfCustomer',
            [customerId],
            account,
          ),
  };
}

function depositControls(link: Link, account: Scope): RemotePaymentServiceMock['deposits'] {
  return {
    ...transactionControls<MockDeposit>(link, account, 'deposit'),
    pay: (codeOrId) => control(link, 'deposits.pay', [codeOrId], account),
    dispute: (id, options) =>
      control(
        link,
        'deposits.dispute',
        [id, { outcome: options?.outcome, stepMs: options?.stepMs }],
        account,
      ),
  };
}

/**
 * The table of a remote's members for the controls `M`: one entry per member of `M` (but
 * {@link InProcessOnlyControls}), each making that member's remote form from a link to the
 * server. A mapped type over `keyof M`, so that it requires every name `M` has.
 *
 * @internal
 */
export type RemoteMembers<M> = {
  readonly [K in keyof Omit<M, InProcessOnlyControls>]: (
    link: Link,
  ) => Remote<Omit<M, InProcessOnlyControls>>[K];
};

/**
 * Every member of the remote, keyed by the in-process mock's names. The `satisfies` clause is
 * what keeps the two together: {@link RemoteMembers} requires one entry per member of
 * `PaymentServiceMock`, each returning that member's remote form. A control added to the
 * in-process mock without its entry here, or an entry whose type has drifted, fails the type
 * check; a family's own members are checked the same way by its `Remote<…>` return type. Each
 * calls a control route by its name in the table of routes, with the arguments that route's
 * control takes: a route renamed or whose control's arguments changed fails the check too.
 *
 * @internal
 */
export const members = {
  baseUrl: (link) => stateOf(link).then((s) => s.baseUrl),
  credentials: (link) => stateOf(link).then((s) => s.credentials),
  customers: (link) => customerControls(link, undefined),
  pixKeys: (link) => pixKeyControls(link, undefined),
  withdrawals: (link) => transactionControls<MockWithdrawal>(link, undefined, 'withdrawal'),
  deposits: (link) => depositControls(link, undefined),
  webhooks: (link) => webhookControls(link, undefined),
  requests: (link) => control<'requests', ReadonlyArray<JournalEntry>>(link, 'requests', []),
  faults: (link) => ({
    async inject(spec) {
      const { id } = await control<'faults.inject', { id: string }>(link, 'faults.inject', [spec]);
      return faultHandle(link, id);
    },
    async clear() {
      await control(link, 'faults.clear', []);
    },
  }),
  auth: authControls,
  clock: (link) => ({
    now: async () =>
      new Date((await control<'clock.now', { now: string }>(link, 'clock.now', [])).now),
    async advance(ms) {
      await control(link, 'clock.advance', [ms]);
    },
    async set(time) {
      await control(link, 'clock.set', [time]);
    },
    get frozen() {
      return stateOf(link).then((s) => s.clockFrozen);
    },
  }),
  company: (link) => companyControls(link, undefined),
  crypto: (link) => ({
    async setRates(rates) {
      await control(link, 'crypto.setRates', [rates]);
    },
    async setSpread(spread) {
      await control(link, 'crypto.setSpread', [spread]);
    },
    async setGasFee(fee) {
      await control(link, 'crypto.setGasFee', [fee]);
    },
    receive: (customerId, transfer) =>
      control<'crypto.receive', MockDeposit>(link, 'crypto.receive', [customerId, transfer]),
  }),
  account: (link) => (id) => accountControls(link, id),
  reset: (link) => async () => {
    await control(link, 'reset', []);
  },
} satisfies RemoteMembers<PaymentServiceMock>;

/** `host:port` of a URL, as errors name it. */
function addressOf(url: URL): string {
  return url.host;
}

/**
 * Connects to a running mock server (`npx pix-payment-mock`, `startMockServer`) and returns its
 * controls: the same names and types as `createPaymentServiceMock()`'s, each async (a method
 * resolves with what the in-process one returns; a property such as `requests` or
 * `webhooks.deliveries` is a `Promise`, read from the server at each access). MSW's `handlers`
 * and the in-process `fetch` are the only controls a remote lacks: send requests to the server's
 * URL instead.
 *
 * It first asks the server for `GET /__mock/state`, and rejects with a {@link MockServerError}:
 * code `unreachable` when nothing answers at the address (start the server), `not-a-mock-server`
 * when what answers is not a mock server, `refused` when the server wants a control token that
 * was not given or is wrong. Every call after that rejects the same way, `refused` with the
 * server's `status` and `detail` for an unknown id or a status that does not exist.
 *
 * One definition drives both: the remote's type, {@link RemotePaymentServiceMock}, is computed
 * from `PaymentServiceMock`'s, and its implementation is a table keyed by the same names whose
 * type requires every one of them. A control added to the in-process mock and not to the remote
 * fails the build.
 *
 * @example
 * ```ts
 * import { connectMockServer } from 'pix-payment-sdk/mock';
 *
 * const remote = await connectMockServer('http://127.0.0.1:4010');
 * const payout = (await remote.withdrawals.list()).at(-1);
 * if (payout) await remote.withdrawals.settle(payout._id, 'PAID');
 * const sub = await remote.account(subAccountId);
 * await sub.company.setBalance({ BRL: '10.00' });
 * (await remote.webhooks.deliveries).at(-1)?.outcome; // 'delivered'
 * ```
 */
export async function connectMockServer(
  url: string | URL,
  options: ConnectMockServerOptions = {},
): Promise<RemotePaymentServiceMock> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`connectMockServer: not a URL: ${JSON.stringify(String(url))}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`connectMockServer: the URL must be http(s), got ${parsed.protocol}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // The URL shows up in messages: no secret in it.
    throw new TypeError(
      'connectMockServer: the URL must not hold a user or password; pass the control token as { controlToken }',
    );
  }
  const token = options.controlToken;
  if (token !== undefined && (typeof token !== 'string' || token === '')) {
    throw new TypeError('connectMockServer: controlToken must be a non-empty string');
  }
  const address = addressOf(parsed);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMER_MS) {
    throw new TypeError('connectMockServer: timeoutMs must be a positive integer of milliseconds');
  }
  const link = createLink(parsed.origin, address, token, timeoutMs);
  let state: unknown;
  try {
    state = await stateOf(link);
  } catch (error) {
    if (error instanceof MockServerError && error.code === 'refused' && error.status !== 401) {
      throw notAMockServer(address, `GET /__mock/state answered ${error.status}`);
    }
    throw error;
  }
  if (!isStateSummary(state)) {
    throw notAMockServer(address, 'GET /__mock/state does not answer with the state of a mock');
  }
  const remote = {} as Record<string, unknown>;
  for (const [name, member] of Object.entries(members) as [string, (link: Link) => unknown][]) {
    Object.defineProperty(remote, name, { enumerable: true, get: () => member(link) });
  }
  // What `console.log(remote)` shows: the address, never the token.
  showAs(remote, () => `RemotePaymentServiceMock { ${parsed.origin} }`);
  return Object.freeze(remote) as unknown as RemotePaymentServiceMock;
}
