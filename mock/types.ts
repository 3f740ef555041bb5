// The public types of pix-payment-sdk/mock, in one place: the mock's controls, its options and
// records, and the HTTP server's options. mock/index.ts re-exports every one of them.
import type { HttpHandler } from 'msw';
import type { MockClock } from './clock.js';
import type { FaultHandle, FaultSpec } from './faults.js';
import type { CustomerCreateInput } from './handlers/customers.js';
import type { OperationAlias, OperationId } from './operations.js';
import type {
  JournalEntry,
  MockCustomer,
  MockDeposit,
  MockPixKey,
  MockWithdrawal,
  PaymentServiceMockOptions,
} from './state.js';
import type { WebhookDelivery } from './webhooks.js';

export type { MockClock } from './clock.js';
export type { FaultHandle, FaultSpec } from './faults.js';
export type { CustomerCreateInput } from './handlers/customers.js';
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
