/**
 * The faithful in-memory Pix payment service, for tests: `createPaymentServiceMock` (through MSW's
 * `mock.handlers`, `mock.fetch`, or real HTTP) and `startMockServer`.
 *
 * @module pix-payment-sdk/mock
 */
import type { HttpHandler } from 'msw';
import type { MockClock } from './clock.js';
import type { FaultHandle, FaultSpec } from './faults.js';
import { expireTokens } from './handlers/control.js';
import { type CustomerCreateInput, createCustomerDirect } from './handlers/customers.js';
import { cryptoRandom, uuid } from './ids.js';
import { setInternals } from './internals.js';
import { loadMsw } from './msw.js';
import { deniableOperation, type OperationAlias, type OperationId } from './operations.js';
import { createRouter, NETWORK_ERROR } from './router.js';
import { assertSupportedRuntime } from './runtime.js';
import {
  type JournalEntry,
  type MockCustomer,
  type MockDeposit,
  type MockPixKey,
  type MockWithdrawal,
  type PaymentServiceMockOptions,
  ServiceState,
  type TransactionKind,
} from './state.js';
import type { WebhookDelivery } from './webhooks.js';

export type { MockClock } from './clock.js';
export {
  type ConformanceCheck,
  type ConformanceOptions,
  type ConformanceReport,
  type ConformanceSkip,
  runConformance,
} from './conformance/index.js';
export { type FaultHandle, type FaultSpec, InvalidFaultError } from './faults.js';
export type { CustomerCreateInput } from './handlers/customers.js';
export {
  type CreateOpenApiDocumentOptions,
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiMethod,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiPathItem,
  type OpenApiRequestBody,
  type OpenApiResponse,
  type OpenApiSchema,
} from './openapi.js';
export type { OperationAlias, OperationId } from './operations.js';
export type {
  JournalEntry,
  MockCustomer,
  MockDeposit,
  MockPixKey,
  MockPixKeyRef,
  MockWithdrawal,
  PaymentServiceMockOptions,
} from './state.js';
export type { WebhookDelivery, WebhookOutcome } from './webhooks.js';

/**
 * A `fetch` that answers from the mock (no network, no global patching). A URL outside the
 * mock's `baseUrl` rejects with a `TypeError`, as `fetch` does when a host cannot be reached.
 *
 * @example
 * ```ts
 * const response = await mock.fetch(`${mock.baseUrl}/auth/token`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify(mock.credentials),
 * });
 * ```
 */
export type MockFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Options of `mock.withdrawals.settle` and `mock.deposits.settle`.
 *
 * @example
 * ```ts
 * await mock.deposits.settle(depositId, 'PAID', { identifiedDocumentPix: '52998224725' });
 * ```
 */
export interface SettleOptions {
  /** The payer's or receiver's document to report in the details (a valid CPF or CNPJ). */
  readonly identifiedDocumentPix?: string | undefined;
}

/**
 * Controls and views of the withdrawals (or deposits) of a mock.
 *
 * @example
 * ```ts
 * const delivery = await mock.withdrawals.settle(withdrawalId, 'PAID');
 * mock.withdrawals.get(withdrawalId)?.status; // 'PAID'
 * ```
 */
export interface TransactionControls<T> {
  /**
   * Moves the transaction to `status` (one of `TRANSACTION_STATUSES`; no transition rule is
   * enforced, none is published) and sends its webhook, like the service does when a
   * transaction moves on. Resolves with the delivery once it has ended (it never rejects because
   * the receiver failed); rejects with a `RangeError` for an unknown id or status.
   */
  settle(id: string, status: string, options?: SettleOptions): Promise<WebhookDelivery>;
  /** The transaction, or `undefined`. */
  get(id: string): T | undefined;
  /** Every transaction, oldest first. */
  list(): T[];
}

/**
 * The mock's webhook controls.
 *
 * @example
 * ```ts
 * mock.webhooks.setUrl('http://127.0.0.1:8080/webhooks');
 * await client.withdrawals.resendWebhook(id);
 * await mock.webhooks.flush();
 * expect(mock.webhooks.deliveries.at(-1)?.outcome).toBe('delivered');
 * ```
 */
export interface WebhookControls {
  /** Sets (or with `null` clears) the company's callback URL, the dashboard setting. */
  setUrl(url: string | null): void;
  /** The callback URL, or `null`. */
  readonly url: string | null;
  /** Every delivery tried since creation or the last reset, oldest first (a copy). */
  readonly deliveries: ReadonlyArray<WebhookDelivery>;
  /** Resolves when every delivery started so far has ended; returns the deliveries. */
  flush(): Promise<ReadonlyArray<WebhookDelivery>>;
  /** Same as {@link WebhookControls.flush}. */
  waitForDeliveries(): Promise<ReadonlyArray<WebhookDelivery>>;
}

/**
 * The mock's authentication controls.
 *
 * @example
 * ```ts
 * mock.auth.allowIps(['203.0.113.7']); // everyone else gets 401
 * mock.auth.setCallerIp('203.0.113.7'); // who MSW and mock.fetch callers are
 * mock.auth.denyAction('withdrawals.resendWebhook'); // 401 "not authorized for this action"
 * mock.auth.expireTokens(); // every token issued so far now gets 401
 * ```
 */
export interface AuthControls {
  /** Revokes every token issued so far (they get 401); tokens issued afterwards work. */
  expireTokens(): void;
  /** Only these caller addresses may call the service (401 otherwise); `[]` allows everyone. */
  allowIps(ips: ReadonlyArray<string>): void;
  /** The allowlist (`[]`: everyone allowed). */
  readonly allowedIps: ReadonlyArray<string>;
  /**
   * The caller address of requests through `mock.handlers` and `mock.fetch` (the HTTP server
   * uses the real socket address instead).
   *
   * @default '127.0.0.1'
   */
  setCallerIp(ip: string): void;
  /** The caller address of requests through `mock.handlers` and `mock.fetch`. */
  readonly callerIp: string;
  /**
   * Makes the company's token lack permission for an operation: it answers 401. Takes the
   * operation's id (`withdrawals.resendWebhook`) or its old name; throws a `RangeError` listing the
   * valid ids for anything else (and for `auth.getToken`, which needs no token).
   */
  denyAction(operation: OperationId | OperationAlias): void;
  /** Gives the permission back (same names as {@link AuthControls.denyAction}). */
  allowAction(operation: OperationId | OperationAlias): void;
  /** A valid token for the company, without an HTTP call (for raw requests in tests). */
  issueToken(): Promise<string>;
}

/**
 * The mock's fault injection.
 *
 * @example
 * ```ts
 * mock.faults.inject({ method: 'GET', path: '/withdraw/company/currencies', status: 500, times: 1 });
 * mock.faults.clear();
 * ```
 */
export interface FaultControls {
  /**
   * Injects a fault; see {@link FaultSpec}. Faults are tried in the order injected. Throws an
   * {@link InvalidFaultError} naming the field of a spec that cannot make a well-formed answer,
   * and a `RangeError` when 1,000 faults are already in force; either way nothing changes.
   */
  inject(spec: FaultSpec): FaultHandle;
  /** Removes every fault. */
  clear(): void;
}

/**
 * The company's login.
 *
 * @example
 * ```ts
 * const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });
 * ```
 */
export interface MockCredentials {
  /** The company's e-mail. */
  readonly email: string;
  /** The company's password. */
  readonly password: string;
}

/**
 * The mock's customer controls.
 *
 * @example
 * ```ts
 * const ana = mock.customers.create({ name: 'Ana Souza' });
 * mock.customers.get(ana._id);
 * ```
 */
export interface CustomerControls {
  /** Creates a customer (a valid CPF is generated when `document` is absent). */
  create(input?: CustomerCreateInput): MockCustomer;
  /** The customer, or `undefined`. */
  get(id: string): MockCustomer | undefined;
  /** Every customer, oldest first. */
  list(): MockCustomer[];
  /** The customer every mock starts with (the same one after `reset()`). */
  readonly seeded: MockCustomer;
}

/**
 * The registered Pix keys, unmasked.
 *
 * @example
 * ```ts
 * expect(mock.pixKeys.list(customerId)).toHaveLength(1);
 * ```
 */
export interface PixKeyControls {
  /** Every key (of one customer when `customerId` is given), oldest first. */
  list(customerId?: string): MockPixKey[];
}

/**
 * A faithful in-memory Pix payment service. Every instance owns its state; two share nothing.
 *
 * @example
 * ```ts
 * const mock = createPaymentServiceMock();
 * const server = setupServer(...mock.handlers);
 * const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });
 * const customer = mock.customers.create();
 * ```
 */
export interface PaymentServiceMock {
  /** The base URL the handlers and `fetch` answer for, without a trailing slash. */
  readonly baseUrl: string;
  /** The company's login. */
  readonly credentials: MockCredentials;
  /**
   * MSW request handlers, for `setupServer(...mock.handlers)` or `setupWorker(...)`. The only part
   * of the mock that needs msw: read without msw installed, it throws an `Error` that says to run
   * `npm install --save-dev msw`.
   */
  readonly handlers: ReadonlyArray<HttpHandler>;
  /** A `fetch` answering from the mock, with no global patching. */
  readonly fetch: MockFetch;
  /** Customers: the seeded one, and controls to create more. */
  readonly customers: CustomerControls;
  /** Registered Pix keys, unmasked. */
  readonly pixKeys: PixKeyControls;
  /** Withdrawals: settle, get, list. */
  readonly withdrawals: TransactionControls<MockWithdrawal>;
  /** Deposits: settle, get, list. */
  readonly deposits: TransactionControls<MockDeposit>;
  /** The callback URL and the journal of deliveries. */
  readonly webhooks: WebhookControls;
  /** Journal of the requests handled since creation or the last reset, oldest first (a copy). */
  readonly requests: ReadonlyArray<JournalEntry>;
  /** Fault injection. */
  readonly faults: FaultControls;
  /** Authentication controls. */
  readonly auth: AuthControls;
  /** The mock's clock: `now()` returns a `Date`. */
  readonly clock: MockClock;
  /**
   * Back to the freshly created state: data, journal, deliveries, faults, allowlist, denied
   * actions, caller address, webhook URL and clock. Credentials, the seeded customer and (with a
   * seed) the sequence of ids are the same as at creation. Tokens stay valid.
   */
  reset(): void;
}

/**
 * The path of `url` relative to the mock's base URL, or `undefined` when the mock does not serve
 * it.
 */
function relativePath(state: ServiceState, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== state.origin) return undefined;
  const { pathname } = parsed;
  if (state.basePath === '') return pathname;
  if (pathname === state.basePath) return '/';
  return pathname.startsWith(`${state.basePath}/`)
    ? pathname.slice(state.basePath.length)
    : undefined;
}

/**
 * Creates a faithful in-memory Pix payment service: the operations of the service document and
 * those the provider publishes, with their status codes, bodies and Portuguese messages, real
 * HS256 tokens, state that later calls see, and webhooks over real HTTP. Use it through MSW
 * (`mock.handlers`), through `mock.fetch`, or over real HTTP with {@link startMockServer}.
 * Needs Node.js 22 or later in Node (an older Node gets an `Error` saying so), or a browser.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { PaymentClient } from 'pix-payment-sdk';
 * import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
 *
 * const mock = createPaymentServiceMock({ seed: 1 });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });
 * const { key } = await client.pixKeys.add(mock.customers.seeded._id, { type: 'EMAIL', key: 'ana@example.com' });
 * ```
 */
export function createPaymentServiceMock(
  options: PaymentServiceMockOptions = {},
): PaymentServiceMock {
  assertSupportedRuntime();
  const state = new ServiceState(options);
  const router = createRouter(state);

  const mockFetch: MockFetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const path = relativePath(state, request.url);
    if (path === undefined) {
      throw new TypeError('fetch failed', {
        cause: new Error(
          `${new URL(request.url).origin} is not served by this mock (${state.baseUrl})`,
        ),
      });
    }
    const result = await router.handle(request, path, state.callerIp);
    if (request.signal.aborted) throw request.signal.reason;
    if (result === NETWORK_ERROR) {
      throw new TypeError('fetch failed', {
        cause: new Error('network error injected by mock.faults'),
      });
    }
    return result;
  };

  // Built on first read: msw is an optional peer, needed by this property alone.
  let handlers: ReadonlyArray<HttpHandler> | undefined;
  const buildHandlers = (): ReadonlyArray<HttpHandler> => {
    const { http, HttpResponse } = loadMsw();
    return Object.freeze([
      http.all(
        ({ request }) => relativePath(state, request.url) !== undefined,
        async ({ request }) => {
          const result = await router.handle(
            request,
            relativePath(state, request.url) ?? '/',
            state.callerIp,
          );
          return result === NETWORK_ERROR ? HttpResponse.error() : result;
        },
      ),
    ]);
  };

  // The view's shape follows the record's kind, so each kind's controls show their own type.
  const transactions = <View extends MockWithdrawal | MockDeposit>(
    kind: TransactionKind,
  ): TransactionControls<View> => ({
    settle: (id, status, settleOptions) => state.settle(kind, id, status, settleOptions),
    get(id) {
      const record = state.transactionsOf(kind).get(id);
      return record ? (state.transactionView(record) as View) : undefined;
    },
    list: () =>
      [...state.transactionsOf(kind).values()].map(
        (record) => state.transactionView(record) as View,
      ),
  });

  const deniable = (method: string, name: OperationId | OperationAlias): OperationId => {
    const answer = deniableOperation(name);
    if ('refused' in answer) throw new RangeError(`auth.${method}: ${answer.refused}`);
    return answer.id;
  };

  const mock: PaymentServiceMock = {
    get baseUrl() {
      return state.baseUrl;
    },
    get credentials() {
      return state.credentials;
    },
    get handlers() {
      handlers ??= buildHandlers();
      return handlers;
    },
    fetch: mockFetch,
    customers: {
      create: (input) => createCustomerDirect(state, input),
      get(id) {
        const record = state.customers.get(id);
        return record ? state.customerView(record) : undefined;
      },
      list: () => [...state.customers.values()].map((record) => state.customerView(record)),
      get seeded() {
        return state.customerView(state.customers.get(state.seededCustomerId) ?? fail());
      },
    },
    pixKeys: {
      list: (customerId) =>
        [...state.pixKeys.values()]
          .filter((record) => customerId === undefined || record.customerId === customerId)
          .map((record) => Object.freeze({ ...record })),
    },
    withdrawals: transactions<MockWithdrawal>('withdrawal'),
    deposits: transactions<MockDeposit>('deposit'),
    webhooks: {
      setUrl: (url) => state.webhooks.setUrl(url),
      get url() {
        return state.webhooks.url;
      },
      get deliveries() {
        return state.webhooks.deliveries;
      },
      flush: () => state.webhooks.flush(),
      waitForDeliveries: () => state.webhooks.flush(),
    },
    get requests() {
      return state.requests;
    },
    faults: {
      inject: (spec) => state.faults.inject(spec),
      clear: () => state.faults.clear(),
    },
    auth: {
      expireTokens: () => expireTokens(state),
      allowIps(ips) {
        if (!Array.isArray(ips) || !ips.every((ip) => typeof ip === 'string')) {
          throw new TypeError('auth.allowIps(ips): ips must be an array of strings');
        }
        state.allowedIps = [...ips];
      },
      get allowedIps() {
        return [...state.allowedIps];
      },
      setCallerIp(ip) {
        if (typeof ip !== 'string' || ip === '') {
          throw new TypeError('auth.setCallerIp(ip): ip must be a non-empty string');
        }
        state.callerIp = ip;
      },
      get callerIp() {
        return state.callerIp;
      },
      denyAction: (operation) => void state.deniedActions.add(deniable('denyAction', operation)),
      allowAction: (operation) =>
        void state.deniedActions.delete(deniable('allowAction', operation)),
      issueToken() {
        const nowMs = state.clock.nowMs();
        return state.signer.sign({
          sub: state.companyId,
          iat: Math.floor(nowMs / 1000),
          exp: Math.floor((nowMs + state.tokenTtlMs) / 1000),
          jti: `${state.tokenSerial++}:${uuid(cryptoRandom())}`,
        });
      },
    },
    clock: {
      get frozen() {
        return state.clock.frozen;
      },
      now: () => state.clock.now(),
      advance: (ms) => state.clock.advance(ms),
      set: (time) => state.clock.set(time),
    },
    reset: () => state.reset(),
  };
  setInternals(mock, { state, router });
  return mock;
}

function fail(): never {
  throw new Error('the seeded customer is missing');
}

/**
 * Options of {@link startMockServer}: the port and host, and either an existing mock or the
 * options of a new one (its `baseUrl` becomes the server's URL).
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0, seed: 1 });
 * const alsoRunning = await startMockServer({ mock: createPaymentServiceMock() });
 * ```
 */
export type StartMockServerOptions = MockServerListenOptions &
  (
    | {
        /** An existing mock to serve (its `baseUrl` is left as it is). */
        readonly mock: PaymentServiceMock;
      }
    | (Omit<PaymentServiceMockOptions, 'baseUrl'> & {
        /** Absent: a new mock is created from the other options. */
        readonly mock?: undefined;
      })
  );

/**
 * Where {@link startMockServer} listens, and who may talk to it.
 *
 * Every request must name the server in its `Host` header (a web page that rebinds its own
 * domain to 127.0.0.1 cannot); the control routes under `/__mock/` also refuse pages of other
 * sites (`Origin`), bodies not sent as `application/json`, and, with `controlToken`, callers
 * without the token. See docs/security.md.
 *
 * @example
 * ```ts
 * const listen: MockServerListenOptions = { port: 4010, host: '127.0.0.1' };
 * const shared: MockServerListenOptions = {
 *   host: '0.0.0.0',
 *   allowedHosts: ['payments-mock'], // the name other containers use
 *   controlToken: process.env.PIX_PAYMENT_MOCK_CONTROL_TOKEN,
 * };
 * ```
 */
export interface MockServerListenOptions {
  /**
   * Port to listen on; `0` picks a free one.
   *
   * @default 0
   */
  readonly port?: number | undefined;
  /**
   * Address to listen on. Requests must name it (or `localhost`, `127.0.0.1`, `[::1]`) with the
   * server's port in their `Host` header; bound to `0.0.0.0` or `::`, every address of this
   * machine counts.
   *
   * @default '127.0.0.1'
   */
  readonly host?: string | undefined;
  /**
   * More names requests may give in their `Host` header, on any port: the name a container
   * network, a proxy or `/etc/hosts` gives the server (`'payments-mock'`). Names only, no port.
   *
   * @default []
   */
  readonly allowedHosts?: ReadonlyArray<string> | undefined;
  /**
   * A secret every control route then requires, in the `X-Mock-Control-Token` header or as
   * `Authorization: Bearer <token>` (visible ASCII characters). Compared in constant time; never
   * shown by `GET /__mock/state`, the journal or an error. Set it whenever the mock listens on
   * an address other machines can reach. Default: none (control routes need no token).
   */
  readonly controlToken?: string | undefined;
}

/**
 * A mock served over real HTTP.
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0 });
 * await fetch(`${running.url}/withdraw/company/currencies`); // 401: no token
 * await running.close();
 * ```
 */
export interface RunningMockServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** The mock it serves (its controls work as usual). */
  readonly mock: PaymentServiceMock;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves a mock over real HTTP (Node only; `node:http` is loaded lazily so this module stays
 * browser-safe). Requests go through the same router as the MSW handlers, with the real socket
 * address as the caller address. Control routes under `/__mock/` let suites in any language
 * drive the mock.
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0, seed: 7 });
 * const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
 * // …
 * await running.close();
 * ```
 */
export async function startMockServer(
  options: StartMockServerOptions = {},
): Promise<RunningMockServer> {
  const { startServer } = await import('./server.js');
  return startServer(options);
}
