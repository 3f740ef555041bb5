import type { Logger } from './core/logger.js';
import { checkHooks, type PaymentHooks } from './core/observe.js';
import {
  checkKnownOptions,
  checkNumber,
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_TIMER_MS,
  RESPONSE_BYTES_RULE,
  RETRIES_RULE,
  TIMEOUT_RULE,
  throwIfIssues,
} from './core/options.js';
import { DEFAULT_BACKOFF, type RetryBackoff } from './core/retry.js';
import { type InMemoryTokenStore, type TokenStore, tokenAccount } from './core/tokens.js';
import { type FetchLike, type RequestOptions, Transport } from './core/transport.js';
import { readLimits, type WithdrawalLimits } from './core/withdrawal-limit.js';
import { PaymentError, type PaymentIssue } from './errors/index.js';
import { Company } from './resources/company.js';
import { Customers } from './resources/customers.js';
import { Deposits } from './resources/deposits.js';
import { PixKeys } from './resources/pix-keys.js';
import { Withdrawals } from './resources/withdrawals.js';
import { showAs } from './seam/inspect.js';
import { maskEmail } from './seam/redact.js';
import { VERSION } from './version.js';

/**
 * Options of {@link PaymentClient}. Only `baseUrl`, `email` and `password` are required.
 *
 * @example
 * ```ts
 * const options: PaymentClientOptions = {
 *   baseUrl: 'https://api.example.com/v1',
 *   email: process.env.PAYMENT_EMAIL!,
 *   password: process.env.PAYMENT_PASSWORD!,
 *   timeoutMs: 10_000,
 *   maxRetries: 3,
 *   logger: console,
 *   userAgent: 'my-shop/2.3.0',
 * };
 * const client = new PaymentClient(options);
 * ```
 */
export interface PaymentClientOptions {
  /**
   * Absolute `http:` or `https:` URL of the service. A path prefix such as `/v1` is kept; a
   * trailing slash does not matter. No query, fragment or credentials.
   */
  readonly baseUrl: string;
  /** The company account's e-mail, sent to `POST /auth/token`. */
  readonly email: string;
  /** The company account's password. Kept private: no error, log line or serialisation shows it. */
  readonly password: string;
  /**
   * Time limit of each attempt, from sending the request to reading the whole body. Retries get
   * a new limit each.
   * @default 30_000
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Retries after the first attempt, for operations that are safe to repeat: GET requests,
   * `resendWebhook`, `withdrawals.create` and `deposits.create` (made safe by their `externalId`).
   * At most 10. A transient failure of the login a call needs is retried too, for every call
   * (nothing of the call was sent), each call waiting on a shared login spending its own retries.
   * @default 2
   */
  readonly maxRetries?: number | undefined;
  /**
   * Largest response body the client reads, in bytes. A larger one, by its `Content-Length` or
   * counted as it arrives, is not read further (its connection is closed): a 2xx then ends in a
   * {@link PaymentResponseError}, an error status in its {@link PaymentApiError} without the
   * body. Keeps a broken or hostile server from filling the process's memory.
   * @default 10_485_760 (10 MiB)
   */
  readonly maxResponseBytes?: number | undefined;
  /**
   * Backoff between retries.
   * @default { initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 }
   */
  readonly retryBackoff?: RetryBackoff | undefined;
  /**
   * The `fetch` to send requests with; without it, `globalThis.fetch` is looked up at each call, so
   * a `fetch` patched later (by MSW, for example) is used.
   * @default globalThis.fetch
   */
  readonly fetch?: FetchLike | undefined;
  /**
   * How long before the token's `exp` the client logs in again. A token without a readable `exp`
   * is used until the service answers 401.
   * @default 60_000
   */
  readonly refreshSkewMs?: number | undefined;
  /**
   * Where the access token is kept; share one store between processes to share one token (on
   * Redis: `RedisTokenStore` from `pix-payment-sdk/redis`). The client also keeps the token in
   * memory and reads the store only when it has none, near its `exp`, or after a 401.
   * @default none: the token is kept in the client's memory only, as a new
   * {@link InMemoryTokenStore} of its own would keep it (with nothing else to read it, no store is
   * read or written)
   */
  readonly tokenStore?: TokenStore | undefined;
  /**
   * Check input before sending it: Pix keys per type, amounts, whole currency and key objects,
   * customer fields. Path parameters are always checked (non-empty, not `.` or `..`).
   * @default true
   */
  readonly validateInput?: boolean | undefined;
  /**
   * The largest withdrawal `withdrawals.create` sends, per currency: `{ BRL: '5000.00', USDT:
   * '1000' }`, BRL in reais (not cents), USDT for crypto withdrawals; each an exact decimal string
   * or a number. A withdrawal above it is refused before any request with a
   * {@link WithdrawalLimitError}, compared as exact decimals. A currency left out has no limit;
   * `withdrawals.create` takes a per-call `maxWithdrawal` that replaces it currency by currency.
   * @default no limit
   */
  readonly maxWithdrawal?: WithdrawalLimits | undefined;
  /**
   * Receives one line per attempt, retry and token refresh: method, path, status, attempt and
   * duration, never headers, bodies or secrets.
   * @default no logging
   */
  readonly logger?: Logger | undefined;
  /**
   * Functions called before and after each attempt and at the end of each call, one
   * {@link PaymentHooks} object or several: for metrics, request ids in your logs, or traces
   * ({@link openTelemetryHooks}). Events carry method, path template, status, attempt, duration
   * and request id; never a secret, and a body only when asked for, redacted. A hook that throws
   * is ignored.
   * @default none
   *
   * @example
   * ```ts
   * const client = new PaymentClient({
   *   baseUrl, email, password,
   *   hooks: [
   *     openTelemetryHooks(trace.getTracer('pix-payment-sdk', VERSION)),
   *     { onCallEnd: (event) => metrics.timing('pix.call', event.durationMs, { route: event.pathTemplate }) },
   *   ],
   * });
   * ```
   */
  readonly hooks?: PaymentHooks | ReadonlyArray<PaymentHooks> | undefined;
  /**
   * Appended to the `User-Agent` header after `pix-payment-sdk/<version>`. Printable ASCII only
   * (it is a header value): anything else, a line break above all, is refused at construction.
   * @default none
   */
  readonly userAgent?: string | undefined;
  /**
   * Allow construction in a browser. The client holds the account's password, which a browser
   * page would expose to its users: use this only for tools that run locally against a mock.
   * @default false
   */
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}

// Every option's name, checked against the interface: a new option that is not added here fails
// to compile instead of being refused as unknown.
const CLIENT_OPTIONS = Object.keys({
  baseUrl: 0,
  email: 0,
  password: 0,
  timeoutMs: 0,
  maxRetries: 0,
  maxResponseBytes: 0,
  retryBackoff: 0,
  fetch: 0,
  refreshSkewMs: 0,
  tokenStore: 0,
  validateInput: 0,
  maxWithdrawal: 0,
  logger: 0,
  hooks: 0,
  userAgent: 0,
  dangerouslyAllowBrowser: 0,
} satisfies Record<keyof PaymentClientOptions, 0>);

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

function checkBaseUrl(value: unknown, issues: PaymentIssue[]): string {
  const fail = (message: string) => {
    issues.push({ path: ['baseUrl'], message });
    return '';
  };
  if (typeof value !== 'string' || value.trim() === '') return fail('must be a non-empty string');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return fail('must be an absolute URL, such as https://api.example.com/v1');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('must use http or https');
  if (url.username !== '' || url.password !== '') return fail('must not contain credentials');
  if (url.search !== '' || url.hash !== '') return fail('must not contain a query or fragment');
  return url.href.replace(/\/+$/, '');
}

function checkUserAgent(value: unknown, issues: PaymentIssue[]): void {
  if (value !== undefined && (typeof value !== 'string' || !/^[\x20-\x7e]*$/.test(value))) {
    issues.push({
      path: ['userAgent'],
      message: 'must be a string of printable ASCII characters (it goes into a header)',
    });
  }
}

function checkSecretField(name: string, value: unknown, issues: PaymentIssue[]): void {
  if (typeof value !== 'string' || value === '') {
    issues.push({ path: [name], message: 'must be a non-empty string' });
  }
}

/**
 * The client of the Pix payment service. Logs in lazily, keeps and refreshes the token, retries
 * what is safe to retry, and parses every answer with the package's schemas.
 *
 * Tokens: one login is shared by all concurrent calls; the token is used until `refreshSkewMs`
 * before its JWT `exp` (or, without `exp`, until a 401). A 401 to a cached token drops it, logs in
 * again and repeats the call once; a second 401, or a 401 to a token that was just obtained for
 * the call, is thrown as {@link UnauthorizedError}.
 *
 * @example
 * ```ts
 * import { PaymentClient, buildWithdrawal, selectCurrency } from 'pix-payment-sdk';
 *
 * const client = new PaymentClient({
 *   baseUrl: 'https://api.example.com',
 *   email: process.env.PAYMENT_EMAIL!,
 *   password: process.env.PAYMENT_PASSWORD!,
 * });
 * const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
 * const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * const withdrawal = await client.withdrawals.create(
 *   buildWithdrawal({ amount: '10.50', customerId, currency, pixKey }),
 * );
 * ```
 */
export class PaymentClient {
  /**
   * Pix keys of customers, {@link PixKeys}:
   *
   * - {@link PixKeys.add | add(customerId, input)}: registers a key
   * - {@link PixKeys.list | list(customerId)}: the customer's keys
   * - {@link PixKeys.ensure | ensure(customerId, input)}: the key, registered only if absent
   * - {@link PixKeys.remove | remove(customerId, keyId)}: removes a key
   *
   * @group Resources
   */
  readonly pixKeys: PixKeys;
  /**
   * Withdrawals, payouts to a Pix key, {@link Withdrawals}:
   *
   * - {@link Withdrawals.listCurrencies | listCurrencies()}: the currencies to withdraw in
   * - {@link Withdrawals.create | create(request)}: pays out, once per `externalId`
   * - {@link Withdrawals.get | get(id)}: details and current status
   * - {@link Withdrawals.resendWebhook | resendWebhook(id)}: the webhook sent again
   * - {@link Withdrawals.listCryptocurrencies | listCryptocurrencies()}: the cryptocurrencies to withdraw
   * - {@link Withdrawals.listNetworks | listNetworks()}: the networks a wallet withdrawal may use
   * - {@link Withdrawals.quote | quote(input)}: BRL for an amount of USDT
   * - {@link Withdrawals.quoteToWallet | quoteToWallet(input)}: USDT net of gas
   *
   * @group Resources
   */
  readonly withdrawals: Withdrawals;
  /**
   * Deposits, Pix charges a payer pays, {@link Deposits}:
   *
   * - {@link Deposits.listCurrencies | listCurrencies()}: the currencies to receive in
   * - {@link Deposits.create | create(request)}: a charge and its Pix copy-and-paste code
   * - {@link Deposits.get | get(id)}: details and current status
   * - {@link Deposits.resendWebhook | resendWebhook(id)}: the webhook sent again
   * - {@link Deposits.listCryptocurrencies | listCryptocurrencies()}: the cryptocurrencies to receive
   * - {@link Deposits.listNetworks | listNetworks()}: the networks of the deposit side
   * - {@link Deposits.quote | quote(input)}: USDT for an amount of BRL
   *
   * @group Resources
   */
  readonly deposits: Deposits;
  /**
   * Customers of the company account, {@link Customers} (per the provider's public docs):
   *
   * - {@link Customers.create | create(input)}: registers a customer, or finds the one on file
   * - {@link Customers.get | get(id)}: a customer by `_id`
   * - {@link Customers.update | update(id, changes)}: replaces a customer's data
   * - {@link Customers.getWallet | getWallet(id)}: the customer's USDT deposit address
   *
   * @group Resources
   */
  readonly customers: Customers;
  /**
   * The company account: balances and sub-accounts, {@link Company} (per the provider's public
   * docs):
   *
   * - {@link Company.getBalance | getBalance(filter?)}: the account's balances
   * - {@link Company.createSubAccount | createSubAccount(input)}: a sub-account of a partner account
   * - {@link Company.registerWebhook | registerWebhook(input)}: the sub-account's first webhook
   * - {@link Company.allowWithdrawalIp | allowWithdrawalIp(ip)}: the sub-account's withdrawal IP
   *
   * @group Resources
   */
  readonly company: Company;

  readonly #transport: Transport;
  readonly #baseUrl: string;
  readonly #email: string;

  /**
   * @throws {@link PaymentError} in a browser, unless `dangerouslyAllowBrowser` is set.
   * @throws {@link PaymentValidationError} for a bad option, or one it does not know (a
   * misspelling such as `timeout`; the message names the option meant). The message never shows
   * the password.
   */
  constructor(options: PaymentClientOptions) {
    if (isBrowser() && options?.dangerouslyAllowBrowser !== true) {
      throw new PaymentError(
        'PaymentClient refuses to run in a browser: it holds the account password, which the page would expose. ' +
          'Call the service from your server, or set dangerouslyAllowBrowser: true for local tools.',
      );
    }
    const issues: PaymentIssue[] = [];
    const baseUrl = checkBaseUrl(options?.baseUrl, issues);
    checkSecretField('email', options?.email, issues);
    checkSecretField('password', options?.password, issues);
    checkNumber(issues, 'timeoutMs', options?.timeoutMs, TIMEOUT_RULE);
    checkNumber(issues, 'maxRetries', options?.maxRetries, RETRIES_RULE);
    checkNumber(issues, 'maxResponseBytes', options?.maxResponseBytes, RESPONSE_BYTES_RULE);
    checkUserAgent(options?.userAgent, issues);
    checkNumber(issues, 'refreshSkewMs', options?.refreshSkewMs, { min: 0, max: 2 ** 40 });
    const backoff = { ...DEFAULT_BACKOFF };
    for (const key of Object.keys(DEFAULT_BACKOFF) as Array<keyof typeof DEFAULT_BACKOFF>) {
      const value = options?.retryBackoff?.[key];
      checkNumber(issues, `retryBackoff.${key}`, value, { min: 0, max: MAX_TIMER_MS });
      if (typeof value === 'number') backoff[key] = value;
    }
    if (options?.fetch !== undefined && typeof options.fetch !== 'function') {
      issues.push({ path: ['fetch'], message: 'must be a function' });
    }
    const limits = readLimits(options?.maxWithdrawal, issues);
    checkHooks(options?.hooks, issues);
    checkKnownOptions(issues, options, CLIENT_OPTIONS);
    checkKnownOptions(issues, options?.retryBackoff, Object.keys(DEFAULT_BACKOFF), [
      'retryBackoff',
    ]);
    throwIfIssues(issues, 'Invalid PaymentClient options');

    const suffix = options.userAgent?.trim();
    this.#baseUrl = baseUrl;
    this.#email = options.email;
    this.#transport = new Transport({
      baseUrl,
      email: options.email,
      password: options.password,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      refreshSkewMs: options.refreshSkewMs ?? 60_000,
      backoff,
      fetch: options.fetch,
      tokenStore: options.tokenStore,
      logger: options.logger,
      hooks: options.hooks,
      userAgent: `pix-payment-sdk/${VERSION}${suffix ? ` ${suffix}` : ''}`,
    });
    const validateInput = options.validateInput ?? true;
    this.pixKeys = new PixKeys(this.#transport, validateInput);
    this.withdrawals = new Withdrawals(this.#transport, validateInput, limits);
    this.deposits = new Deposits(this.#transport, validateInput);
    this.customers = new Customers(this.#transport, validateInput);
    this.company = new Company(this.#transport, validateInput);
    // What `util.inspect(client)` and `console.log(client)` show in Node.js: as `toJSON()`.
    showAs(this, () => `PaymentClient ${JSON.stringify(this.toJSON())}`);
  }

  /** The service's base URL, normalised (no trailing slash). */
  get baseUrl(): string {
    return this.#baseUrl;
  }

  /**
   * The account this client acts for, as shared stores key it: the one-way SHA-256 (hex) of the
   * base URL and the e-mail, as {@link tokenAccount} computes it. It names neither.
   *
   * @example
   * ```ts
   * const account = await client.account(); // '3f0c…', the webhook store's and token store's key part
   * ```
   */
  account(): Promise<string> {
    return tokenAccount(this.#baseUrl, this.#email);
  }

  /**
   * A valid access token: the stored one, or one from a new login (`POST /auth/token`) shared
   * with every concurrent caller. Other methods call this themselves; call it to log in early or
   * to check the credentials. A transient login failure (no answer, a timeout, 429, 5xx) is
   * retried under `maxRetries`; the last one is thrown as the login's own error.
   *
   * @throws {@link UnauthorizedError} when the credentials are refused.
   *
   * @example
   * ```ts
   * await client.getToken(); // fail fast at start-up on bad credentials
   * ```
   */
  getToken(options?: RequestOptions): Promise<string> {
    return this.#transport.token(options);
  }

  /**
   * What `JSON.stringify(client)` shows: the base URL and a masked e-mail, nothing secret.
   *
   * @example
   * ```ts
   * JSON.stringify(client); // '{"baseUrl":"https://api.example.com","email":"fi***@merchant.example"}'
   * ```
   */
  toJSON(): {
    /** The service's base URL. */
    baseUrl: string;
    /** The account's e-mail, partly masked (`fi***@merchant.example`). */
    email: string;
  } {
    return { baseUrl: this.#baseUrl, email: maskEmail(this.#email) };
  }
}
