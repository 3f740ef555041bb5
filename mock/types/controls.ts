// The public types of pix-payment-sdk/mock's controls: the mock object, one account's controls
// and the records they take and give. mock/types/index.ts gathers every public type.
// msw is an optional peer: the build marks this import in the published declarations so that a
// project without msw still compiles them (scripts/optional-peer-types.mjs).
import type { HttpHandler } from 'msw';
import type { MockClock } from '../service/clock.js';
import type { FaultHandle, FaultSpec } from '../service/faults.js';
import type { OperationAlias, OperationId } from '../service/operations.js';
import type { WebhookDelivery } from '../service/webhooks.js';
import type { DepositCustomerControls } from './deposits.js';
import type {
  JournalEntry,
  MockCustomer,
  MockDeposit,
  MockPixKey,
  MockRates,
  MockWithdrawal,
} from './records.js';

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
   * the receiver failed); rejects with a `RangeError` for an unknown id or status, or a deposit
   * while `mock.deposits.dispute()` runs on it, and with a `TypeError` when `options` is not an
   * object, has a field other than `identifiedDocumentPix`, or `identifiedDocumentPix` is not a
   * boolean (changing nothing either way).
   */
  settle(id: string, status: string, options?: SettleOptions): Promise<WebhookDelivery>;
  /** The transaction, or `undefined`. */
  get(id: string): T | undefined;
  /** Every transaction, oldest first. */
  list(): T[];
}

/**
 * The controls of a mock's deposits: settle, get and list, as every transaction has, and the
 * customer's side (`pay`, `dispute`).
 *
 * @example
 * ```ts
 * await mock.deposits.pay(code);
 * mock.deposits.get(id)?.status; // 'PAID'
 * ```
 */
export interface DepositControls
  extends TransactionControls<MockDeposit>,
    DepositCustomerControls {}

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
  /**
   * Only these caller addresses may call the service (401 otherwise); `[]` allows everyone. At
   * most 1000 addresses of at most 100 characters: anything else is a `TypeError`.
   */
  allowIps(ips: ReadonlyArray<string>): void;
  /** The allowlist (`[]`: everyone allowed). */
  readonly allowedIps: ReadonlyArray<string>;
  /**
   * The caller address of requests through `mock.handlers` and `mock.fetch` (the HTTP server
   * uses the real socket address instead): a non-empty string of at most 100 characters, a
   * `TypeError` otherwise.
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
   * {@link InvalidFaultError} for a spec that is not an object, naming the field a fault does not
   * have (`statsu`) or the field that cannot make a well-formed answer, and a `RangeError` when
   * 1,000 faults are already in force; either way nothing changes.
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
 * What `mock.customers.create()` and `POST /__mock/customers` take. Every field is optional.
 *
 * @example
 * ```ts
 * const input: CustomerCreateInput = { name: 'Ana Souza', document: '12345678909', email: 'ana@example.com' };
 * ```
 */
export interface CustomerCreateInput {
  /** Unique among the customers. Default: `Cliente <n>`, a number no customer's name has. */
  readonly name?: string | undefined;
  /** A valid CPF or CNPJ (punctuation allowed), unique. Default: a generated valid CPF no customer has. */
  readonly document?: string | undefined;
  /** E-mail address. Default: none. */
  readonly email?: string | undefined;
  /** Phone, at most 32 characters. Default: none. */
  readonly phone?: string | undefined;
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
   * `TypeError` for an input that is not an object, a field it does not take (`nmae`), an invalid
   * value, or a name or document already registered (names and documents are unique, as the
   * provider documents).
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
// The two balances are object types rather than interfaces: the client's `Balance` keeps unknown
// fields (an index signature), which only an object type satisfies, so that the mock's balances go
// wherever the client's do (`brlBalance(mock.company.balances())`).

/**
 * A fiat balance (BRL).
 *
 * @example
 * ```ts
 * const brl: MockFiatBalance = { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1.94, totalHeld: 0 };
 * ```
 */
export type MockFiatBalance = {
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
};

/**
 * A cryptocurrency balance (USDT).
 *
 * @example
 * ```ts
 * const usdt: MockCryptoBalance = { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.866938 };
 * ```
 */
export type MockCryptoBalance = {
  /** The cryptocurrency, as the balance route names it. */
  readonly cryptocurrency: {
    /** Its code, `USDT`. */
    readonly name: string;
    /** Its symbol, `USDT`. */
    readonly symbol: string;
  };
  /** The amount, a decimal number (exact to six decimals). */
  readonly totalAmount: number;
};

/**
 * What `mock.company.createSubAccount()` takes. Every field is optional.
 *
 * @example
 * ```ts
 * const sub = mock.company.createSubAccount({ email: 'loja-b@example.com', balance: { BRL: '500.00' } });
 * ```
 */
export interface MockSubAccountInput {
  /** The sub-account's company name, at most 200 characters. Default: `Subconta <n>`. */
  readonly name?: string | undefined;
  /** Its login e-mail, unused by every other account. Default: `subconta-<n>@payments.test`. */
  readonly email?: string | undefined;
  /**
   * Its login password, at most 256 characters. Default: a generated one (deterministic with a
   * seed).
   */
  readonly password?: string | undefined;
  /** Its starting balance. Default: nothing in any currency. */
  readonly balance?: MockBalances | undefined;
  /**
   * The fee split, `{ deposit, withdraw }` as `POST /company/subaccount` takes them (each list at
   * most 100 entries); kept, not charged by the mock.
   */
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
   * At most 1000 addresses of at most 100 characters: anything else is a `TypeError`.
   */
  allowBalanceIps(ips: ReadonlyArray<string>): void;
  /** The balance allowlist (`[]`: everyone allowed). */
  readonly balanceIps: ReadonlyArray<string>;
  /**
   * Only these caller addresses may create withdrawals; others get 401. `[]`, the default,
   * allows all. `POST /withdraw/allowed-ip/subaccount` sets a sub-account's first one. At most
   * 1000 addresses of at most 100 characters: anything else is a `TypeError`.
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
  /** Its deposits, and the customer's side of them (pay, dispute). */
  readonly deposits: DepositControls;
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
  /** Deposits: settle, get, list, and the customer's side (pay, dispute). */
  readonly deposits: DepositControls;
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
   * unknown customer or network, a `TypeError` for a transfer that is not an object, a field it
   * does not take, or an invalid amount; nothing changes when it rejects.
   */
  receive(customerId: string, transfer: MockCryptoTransfer): Promise<MockDeposit>;
}
