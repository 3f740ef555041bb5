// The public types of pix-payment-sdk/mock, in one place: the mock's controls, its options and
// records, and the HTTP server's options. mock/index.ts re-exports every one of them.
import type { HttpHandler } from 'msw';
import type {
  BlockchainNetwork,
  Cryptocurrency,
  Currency,
  KnownPixKeyType,
  KnownTransactionStatus,
} from 'pix-payment-sdk';
import type { MockClock } from './clock.js';
import type { FaultHandle, FaultSpec } from './faults.js';
import type { CustomerCreateInput } from './handlers/customers.js';
import type { OperationAlias, OperationId } from './operations.js';
import type { WebhookDelivery } from './webhooks.js';

export type { MockClock } from './clock.js';
export type { FaultHandle, FaultSpec } from './faults.js';
export type { CustomerCreateInput } from './handlers/customers.js';
export type { OperationAlias, OperationId } from './operations.js';
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
 * await mock.deposits.settle(depositId, 'PAID', { identifiedDocumentPix: true });
 * ```
 */
export interface SettleOptions {
  /**
   * Whether the Pix network validated the payer's (deposit) or receiver's (withdrawal) document,
   * reported as `identifiedDocumentPix` in the details from then on (per the provider's public
   * docs, a boolean). Anything but a boolean is refused with a `TypeError` (earlier versions took
   * a CPF string here). Default: left as it was; details leave the field out until it is set.
   */
  readonly identifiedDocumentPix?: boolean | undefined;
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
   * the receiver failed); rejects with a `RangeError` for an unknown id or status, and with a
   * `TypeError` when `identifiedDocumentPix` is not a boolean (changing nothing either way).
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
  /**
   * Sets (or with `null` clears) the company's callback URL, the dashboard setting. A `TypeError`
   * for a URL that is not http(s), one under `/__mock/`, or one at a mock server serving this
   * mock: a delivery there could set off another.
   */
  setUrl(url: string | null): void;
  /** The callback URL, or `null`. */
  readonly url: string | null;
  /**
   * Every delivery tried since creation or the last reset, oldest first (a copy); at most the
   * latest `deliveryLogLimit` of them.
   */
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
  /**
   * Creates a customer: a free `Cliente <n>` name and a free valid CPF are generated when `name` or
   * `document` is absent, so every call without arguments hands out a new customer. Throws a
   * `TypeError` for an invalid input or a name or document already registered (names and
   * documents are unique, as the provider documents).
   */
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
 * Balances to set, per currency, as decimal strings: `BRL` with at most two decimals, `USDT` with
 * at most six (as the provider's balance page shows it). A number is taken as its shortest text
 * (`10.5`), so `0.1 + 0.2` is refused.
 *
 * @example
 * ```ts
 * const balances: MockBalances = { BRL: '10.00', USDT: '2.5' };
 * mock.company.setBalance(balances);
 * ```
 */
export type MockBalances = Readonly<Partial<Record<'BRL' | 'USDT', string | number>>>;

/**
 * One balance as `POST /balance/company` answers it (per the provider's public docs): a fiat
 * currency with the amount available (`totalAmount`) and the amount held by withdrawals not yet
 * paid (`totalHeld`), or a cryptocurrency with its amount.
 *
 * @example
 * ```ts
 * const brl = mock.company.balances().find((b): b is MockFiatBalance => 'currency' in b);
 * brl?.totalAmount; // 1000000
 * ```
 */
export type MockBalance = MockFiatBalance | MockCryptoBalance;

/**
 * A fiat balance (BRL).
 *
 * @example
 * ```ts
 * const brl: MockFiatBalance = { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1.94, totalHeld: 0 };
 * ```
 */
export interface MockFiatBalance {
  /** The currency, as the balance route names it. */
  readonly currency: {
    /** Payment method, `PIX`. */
    readonly type: string;
    /** Currency code, `BRL`. */
    readonly name: string;
  };
  /** The amount available, a decimal number (exact to the cent). */
  readonly totalAmount: number;
  /** The amount held by withdrawals created and not yet paid or failed. */
  readonly totalHeld: number;
}

/**
 * A cryptocurrency balance (USDT).
 *
 * @example
 * ```ts
 * const usdt: MockCryptoBalance = { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.866938 };
 * ```
 */
export interface MockCryptoBalance {
  /** The cryptocurrency, as the balance route names it. */
  readonly cryptocurrency: {
    /** Its code, `USDT`. */
    readonly name: string;
    /** Its symbol, `USDT`. */
    readonly symbol: string;
  };
  /** The amount, a decimal number (exact to six decimals). */
  readonly totalAmount: number;
}

/**
 * What `mock.company.createSubAccount()` takes. Every field is optional.
 *
 * @example
 * ```ts
 * const sub = mock.company.createSubAccount({ email: 'loja-b@example.com', balance: { BRL: '500.00' } });
 * ```
 */
export interface MockSubAccountInput {
  /** The sub-account's company name. Default: `Subconta <n>`. */
  readonly name?: string | undefined;
  /** Its login e-mail, unused by every other account. Default: `subconta-<n>@payments.test`. */
  readonly email?: string | undefined;
  /** Its login password. Default: a generated one (deterministic with a seed). */
  readonly password?: string | undefined;
  /** Its starting balance. Default: nothing in any currency. */
  readonly balance?: MockBalances | undefined;
  /** The fee split, as `POST /company/subaccount` takes it; kept, not charged by the mock. */
  readonly feeSplit?: unknown;
}

/**
 * A sub-account: its id (the `sub` of its tokens) and its login, which works at once.
 *
 * @example
 * ```ts
 * const sub: MockSubAccount = mock.company.createSubAccount();
 * const subClient = new PaymentClient({ baseUrl: mock.baseUrl, ...sub.credentials });
 * ```
 */
export interface MockSubAccount {
  /** The sub-account's id; `mock.account(_id)` gives its controls. */
  readonly _id: string;
  /** Its login for `POST /auth/token`. */
  readonly credentials: MockCredentials;
}

/**
 * The company controls of one account: its ledger, its sub-accounts, its IP lists and its
 * partner level.
 *
 * @example
 * ```ts
 * mock.company.setBalance({ BRL: '10.00' });
 * mock.company.balances(); // [{ currency: { type: 'PIX', name: 'BRL' }, totalAmount: 10, totalHeld: 0 }, …]
 * const sub = mock.company.createSubAccount();
 * ```
 */
export interface CompanyControls {
  /**
   * Sets the available amount of each currency given; the others, and the amounts held by
   * withdrawals, stay. A `TypeError` (and nothing set) for an unknown currency or an amount that
   * is not a non-negative decimal with at most its currency's decimals.
   */
  setBalance(balances: MockBalances): void;
  /** The balances, as `POST /balance/company` answers them. */
  balances(): MockBalance[];
  /**
   * Creates a sub-account of this account, which logs in at once. A `TypeError` when the e-mail
   * already logs in to an account, or when this account is itself a sub-account.
   */
  createSubAccount(input?: MockSubAccountInput): MockSubAccount;
  /** The sub-accounts of this account, oldest first. */
  readonly subAccounts: ReadonlyArray<MockSubAccount>;
  /**
   * Only these caller addresses may read the balance (its own list, the dashboard's "IP
   * Permitidos para consulta de saldo via API"); others get 401. `[]`, the default, allows all.
   */
  allowBalanceIps(ips: ReadonlyArray<string>): void;
  /** The balance allowlist (`[]`: everyone allowed). */
  readonly balanceIps: ReadonlyArray<string>;
  /**
   * Only these caller addresses may create withdrawals; others get 401. `[]`, the default,
   * allows all. `POST /withdraw/allowed-ip/subaccount` sets a sub-account's first one.
   */
  allowWithdrawalIps(ips: ReadonlyArray<string>): void;
  /** The withdrawal allowlist (`[]`: everyone allowed). */
  readonly withdrawalIps: ReadonlyArray<string>;
  /**
   * Whether the account is a partner, allowed to create sub-accounts over HTTP (401 otherwise).
   * The main account is one unless created with `partner: false`; a sub-account never is.
   */
  readonly partner: boolean;
  /** Makes the account a partner or not; a `TypeError` for a sub-account or a non-boolean. */
  setPartner(partner: boolean): void;
}

/**
 * The controls of one account, the main one or a sub-account (`mock.account(id)`): the same
 * controls the mock has for its main account, addressed to that account alone.
 *
 * @example
 * ```ts
 * const sub = mock.company.createSubAccount({ balance: { BRL: '100.00' } });
 * const account = mock.account(sub._id);
 * const customer = account.customers.create();
 * await account.withdrawals.settle(withdrawalId, 'PAID');
 * account.company.balances();
 * ```
 */
export interface MockAccount {
  /** The account's id (the `sub` of its tokens). */
  readonly id: string;
  /** Whether it is a sub-account. */
  readonly isSubAccount: boolean;
  /** Its login. */
  readonly credentials: MockCredentials;
  /** Its customers (a sub-account starts with none, so its `seeded` throws an `Error`). */
  readonly customers: CustomerControls;
  /** Its Pix keys. */
  readonly pixKeys: PixKeyControls;
  /** Its withdrawals. */
  readonly withdrawals: TransactionControls<MockWithdrawal>;
  /** Its deposits. */
  readonly deposits: TransactionControls<MockDeposit>;
  /** Its callback URL, and the deliveries of its own transactions. */
  readonly webhooks: Pick<WebhookControls, 'setUrl' | 'url' | 'deliveries'>;
  /** Its ledger, sub-accounts, IP lists and partner level. */
  readonly company: CompanyControls;
  /** The actions its token lacks, and tokens for it. */
  readonly auth: Pick<AuthControls, 'denyAction' | 'allowAction' | 'issueToken'>;
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
  /** The main account's ledger, sub-accounts, IP lists and partner level. */
  readonly company: CompanyControls;
  /** The crypto operations: rates, spread, gas fee, and USDT sent to a customer's wallet. */
  readonly crypto: CryptoControls;
  /**
   * The controls of one account: a sub-account by its id, the main account by its id or with no
   * argument. A `RangeError` for an id no account has (a sub-account is gone after `reset()`).
   */
  account(id?: string): MockAccount;
  /**
   * Back to the freshly created state: data, balances, journal, deliveries, faults, allowlist,
   * denied actions, caller address, webhook URL and clock; the sub-accounts are gone. Credentials, the seeded customer and (with a
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

/**
 * Options of `createPaymentServiceMock()`. All are optional.
 *
 * @example
 * ```ts
 * const mock = createPaymentServiceMock({
 *   baseUrl: 'https://api.payments.test',
 *   seed: 42,                       // deterministic ids, password and times
 *   webhookUrl: 'http://127.0.0.1:8080/webhooks/pix',
 *   maskKeys: true,                 // list Pix keys masked, like the provider's examples
 *   strict: true,                   // currencies must be sent whole, as the service document says
 * });
 * ```
 */
export interface PaymentServiceMockOptions {
  /**
   * Absolute base URL the handlers and `mock.fetch` answer for. A path prefix (`/v1`) is kept.
   *
   * @default 'https://api.payments.test'
   */
  readonly baseUrl?: string | undefined;
  /**
   * Makes ids, the generated password, the seeded customer, tokens' `jti` and (with a frozen
   * clock, the default when seeded) every timestamp deterministic. Without it ids come from
   * `crypto.getRandomValues`.
   */
  readonly seed?: number | string | undefined;
  /**
   * The main account's starting balance (see {@link MockBalances}); `reset()` returns to it.
   *
   * @default { BRL: '1000000.00' }
   */
  readonly balance?: MockBalances | undefined;
  /**
   * BRL per USDT, exact to six decimals, for the quotes and the conversions of the crypto
   * operations; `mock.crypto.setRates()` changes it.
   *
   * @default { USDT: '5.364' }
   */
  readonly rates?: MockRates | undefined;
  /**
   * Whether the main account is a partner, allowed to create sub-accounts over HTTP
   * (`POST /company/subaccount`; 401 otherwise).
   *
   * @default true
   */
  readonly partner?: boolean | undefined;
  /** The company's login for `POST /auth/token`. Default: `merchant@payments.test` and a generated password. */
  readonly credentials?:
    | {
        /** The company's e-mail. */
        readonly email: string;
        /** The company's password. */
        readonly password: string;
      }
    | undefined;
  /**
   * Lifetime of issued tokens, on the mock clock (per the provider's public docs: 15 days).
   *
   * @default 1_296_000_000
   */
  readonly tokenTtlMs?: number | undefined;
  /**
   * The company's callback URL (its dashboard setting). Default: none; deliveries are skipped.
   * A URL under `/__mock/` is refused with a `TypeError` (a delivery there could set off another).
   */
  readonly webhookUrl?: string | null | undefined;
  /**
   * How long a webhook receiver may take to answer (its body included) before the delivery is
   * journaled as `timeout`; at most 2,147,483,647 (2^31 - 1, the longest a timer waits), else a
   * `TypeError`.
   *
   * @default 5000
   */
  readonly webhookTimeoutMs?: number | undefined;
  /**
   * Most deliveries `mock.webhooks.deliveries` keeps (a positive integer); past it the oldest is
   * dropped for each new one, so a long run holds a bounded log.
   *
   * @default 10_000
   *
   * @example
   * ```ts
   * const mock = createPaymentServiceMock({ webhookUrl: 'http://127.0.0.1:8080/pix', deliveryLogLimit: 100 });
   * ```
   */
  readonly deliveryLogLimit?: number | undefined;
  /**
   * Start time of the mock clock. Default: `2040-01-01T00:00:00.000Z` when `seed` is given,
   * otherwise the real time.
   */
  readonly now?: Date | string | number | undefined;
  /**
   * Whether the mock clock stands still between `advance`/`set` calls.
   *
   * @default true when `seed` is given, false otherwise (the clock follows real time)
   */
  readonly frozenClock?: boolean | undefined;
  /**
   * Return Pix keys partly masked (prefix kept, the rest `*`), like the provider's examples.
   * Withdrawals accept the key object either masked or whole.
   *
   * @default false
   */
  readonly maskKeys?: boolean | undefined;
  /**
   * Enforce the service document's "send it whole" rule: a withdrawal or a deposit must carry
   * every field of the listed currency (`_id`, `name`, `type`, `symbol`, `createdDate`,
   * `updatedDate`, `__v`), else 400. Without it the mock does as the provider documents: a
   * currency with at least `_id`, `name`, `type` and `symbol` is accepted, and any bookkeeping
   * field it does carry must still equal the listed one. Either way `supplierFeeByActivity` may be
   * left out, and the SDK's builders always send the whole object.
   *
   * @default false
   *
   * @example
   * ```ts
   * // A suite that wants hand-written bodies held to the whole-object rule:
   * const mock = createPaymentServiceMock({ strict: true });
   * ```
   */
  readonly strict?: boolean | undefined;
  /**
   * Largest request body accepted; a larger one is answered 413.
   *
   * @default 1_048_576
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * Most entries `mock.requests` keeps (a positive integer); past it the oldest entry is dropped
   * for each new one, so a long run holds a bounded journal. Each entry keeps at most 64 KiB of
   * its body.
   *
   * @default 10_000
   */
  readonly journalLimit?: number | undefined;
}

/**
 * A customer of the company, as the mock stores it.
 *
 * @example
 * ```ts
 * const customer: MockCustomer = mock.customers.create({ name: 'Ana Souza' });
 * customer.document; // a valid generated CPF
 * ```
 */
export interface MockCustomer {
  /** Identifier, 24 lower-case hex characters. */
  readonly _id: string;
  /** Name. */
  readonly name: string;
  /** CPF or CNPJ, digits (and letters for the alphanumeric CNPJ) only. */
  readonly document: string;
  /** E-mail, when given. */
  readonly email?: string;
  /** Phone, when given (stored, not returned by `GET /customer/{id}`). */
  readonly phone?: string;
  /** Record version, always 0 in the mock. */
  readonly version: number;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * A registered Pix key as the mock stores it (the key unmasked).
 *
 * @example
 * ```ts
 * const keys: ReadonlyArray<MockPixKey> = mock.pixKeys.list(customer._id);
 * ```
 */
export interface MockPixKey {
  /** Identifier of the key. */
  readonly _id: string;
  /** The customer it is registered to. */
  readonly customerId: string;
  /** The key, normalised and unmasked. */
  readonly key: string;
  /** Its type. */
  readonly type: KnownPixKeyType;
  /** Registration time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
}

/**
 * A withdrawal as the mock stores it.
 *
 * @example
 * ```ts
 * const withdrawal: MockWithdrawal | undefined = mock.withdrawals.get(id);
 * withdrawal?.status; // 'PENDING'
 * ```
 */
export interface MockWithdrawal {
  /** Identifier of the withdrawal. */
  readonly _id: string;
  /** The customer who withdraws. */
  readonly customerId: string;
  /** The merchant's reference (and idempotency key), when sent. */
  readonly externalId?: string;
  /** Decimal amount, as sent. */
  readonly amount: number;
  /** The withdrawal currency it was made in; absent for a withdrawal to a wallet (USDT only). */
  readonly currency?: Currency;
  /** The receiving Pix key (unmasked); absent for a withdrawal to a wallet. */
  readonly pixKey?: MockPixKeyRef;
  /** The USDT side of a crypto withdrawal (off-ramp or to a wallet). */
  readonly cryptocurrency?: Cryptocurrency;
  /** USDT moved, six decimals at most. */
  readonly cryptoAmount?: number;
  /** The network of a withdrawal to a wallet. */
  readonly blockchainNetwork?: BlockchainNetwork;
  /** The destination of a withdrawal to a wallet. */
  readonly wallet?: string;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** Whether the Pix network validated the document, once `settle(…, { identifiedDocumentPix })` set it. */
  readonly identifiedDocumentPix?: boolean;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last status change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * A Pix key as a withdrawal carries it.
 *
 * @example
 * ```ts
 * const ref: MockPixKeyRef = { key: 'ana@example.com', type: 'EMAIL', _id: keyId };
 * ```
 */
export interface MockPixKeyRef {
  /** The key value. */
  readonly key: string;
  /** Its type. */
  readonly type: string;
  /** Identifier of the key. */
  readonly _id: string;
}

/**
 * A deposit as the mock stores it; `code` is its Pix BR Code.
 *
 * @example
 * ```ts
 * const deposit: MockDeposit | undefined = mock.deposits.get(id);
 * deposit?.code?.startsWith('000201'); // true for a Pix deposit
 * ```
 */
export interface MockDeposit {
  /** Identifier of the deposit (`data.id` in the creation answer). */
  readonly _id: string;
  /** The customer who deposits. */
  readonly customerId: string;
  /** The merchant's reference (and idempotency key), when sent. */
  readonly externalId?: string;
  /** Decimal amount, as sent. */
  readonly amount: number;
  /** The deposit currency it was made in; absent for a USDT transfer to a wallet. */
  readonly currency?: Currency;
  /** Current status. */
  readonly status: KnownTransactionStatus;
  /** The Pix copy-and-paste string: a dynamic BR Code; absent for a USDT transfer to a wallet. */
  readonly code?: string;
  /** The USDT side of an on-ramp deposit or of a transfer to the customer's wallet. */
  readonly cryptocurrency?: Cryptocurrency;
  /** USDT credited when paid, six decimals at most. */
  readonly cryptoAmount?: number;
  /** The network of a transfer to the customer's wallet. */
  readonly blockchainNetwork?: BlockchainNetwork;
  /** Whether the Pix network validated the document, once `settle(…, { identifiedDocumentPix })` set it. */
  readonly identifiedDocumentPix?: boolean;
  /** Creation time, ISO 8601 UTC (mock clock). */
  readonly createdDate: string;
  /** Last status change, ISO 8601 UTC (mock clock). */
  readonly updatedDate: string;
}

/**
 * One handled request in `mock.requests`. Never holds an `Authorization` value or a password
 * (a `password` field of a body is journaled as `[redacted]`). The journal keeps the latest
 * `journalLimit` entries (default 10,000).
 *
 * @example
 * ```ts
 * expect(mock.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain(
 *   'GET /withdraw/company/currencies 200',
 * );
 * ```
 */
export interface JournalEntry {
  /** Sequence number within the mock, from 1. */
  readonly id: number;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path relative to `baseUrl`, without the query. */
  readonly path: string;
  /** The query string, with its `?`, or `''`. */
  readonly query: string;
  /** The operation (`area.method`) the path names, or `null` for a path the service does not have. */
  readonly operation: OperationId | null;
  /** Status answered; `0` when a fault answered with a network error. */
  readonly status: number;
  /** Mock-clock time the request arrived, ISO 8601 UTC. */
  readonly time: string;
  /** Address the request came from (real socket address in server mode). */
  readonly callerIp: string;
  /** Id of the fault that answered it, if one did. */
  readonly fault?: string;
  /** Why authentication failed, if it did (never sent to the caller). */
  readonly authFailure?: string;
  /** The sub-account whose token made the request; absent for the main account. */
  readonly account?: string;
  /** Why the request was refused, if it was (never sent to the caller). */
  readonly detail?: string;
  /**
   * A copy of the JSON body, for the operations that read one and once it parsed: values deeper
   * than two levels summarised, `password` redacted, at most 64 KiB of JSON (see `truncated`).
   */
  readonly body?: unknown;
  /** Size in bytes of the request body as received, when it had one. */
  readonly bodyBytes?: number;
  /** `true` when `body` holds only part of the body: it did not fit in 64 KiB. */
  readonly truncated?: true;
}

/**
 * BRL per USDT, a decimal string exact to six decimals.
 *
 * @example
 * ```ts
 * const rates: MockRates = { USDT: '5.364' };
 * ```
 */
export interface MockRates {
  /** BRL for one USDT. */
  readonly USDT: string;
}

/**
 * What `mock.crypto.receive()` takes: the USDT and the network it arrives on.
 *
 * @example
 * ```ts
 * const transfer: MockCryptoTransfer = { amount: '10', network: 'BEP-20' };
 * ```
 */
export interface MockCryptoTransfer {
  /** USDT, a decimal string with at most six decimals. */
  readonly amount: string;
  /** One of the networks of the customer's wallet: `ERC-20`, `BEP-20` or `Polygon`. */
  readonly network: string;
}

/**
 * `mock.crypto`: the rates the crypto operations convert at, and USDT arriving in a customer's
 * wallet. Quotes are the amount at the rate less the spread, USDT to six decimals and BRL to the
 * cent, never rounded up; a wallet quote takes the gas fee from the gross amount.
 *
 * @example
 * ```ts
 * mock.crypto.setRates({ USDT: '5.40' });
 * const deposit = await mock.crypto.receive(customerId, { amount: '10', network: 'BEP-20' });
 * ```
 */
export interface CryptoControls {
  /** BRL per USDT from now on; a `TypeError` for anything but `{ USDT: '<decimal>' }` above zero. */
  setRates(rates: MockRates): void;
  /** A fraction of each conversion kept by the service (`'0.01'` is 1%). @default '0' */
  setSpread(spread: string): void;
  /** The gas fee of a withdrawal to a wallet, in USDT. @default '0.63' */
  setGasFee(fee: string): void;
  /**
   * A USDT transfer to the customer's wallet: a deposit, `PAID` at once, whose USDT is credited to
   * the account, and the crypto deposit webhook (`name: 'USDT'`, no `type`). A `RangeError` for an
   * unknown customer or network, a `TypeError` for an invalid amount.
   */
  receive(customerId: string, transfer: MockCryptoTransfer): Promise<MockDeposit>;
}
