import type { PixKey } from './models/pix-keys.js';
import { escapeControls } from './seam/redact.js';

/** Where an issue was found: a path into the input or the response body, and what is wrong. */
export interface PaymentIssue {
  /** Keys and indexes from the root of the checked value to the offending field. */
  readonly path: ReadonlyArray<PropertyKey>;
  /** What is wrong, in English. */
  readonly message: string;
}

const BRAND = Symbol.for('pix-payment-sdk.PaymentError');

/**
 * What the service did with the request an error belongs to, as far as the client can know:
 *
 * - `'not-sent'`: nothing of the call reached the service (input refused, the login it needed
 *   failed, a connection that was never opened). Repeating it is safe.
 * - `'refused'`: the service (or a proxy in front of it) answered that it did not act: a 3xx or a
 *   4xx.
 * - `'unknown'`: the request may have reached the service and been acted on, and no usable answer
 *   came: a connection lost after sending, a timeout, a 5xx, a 2xx that is not the service's JSON.
 *   Repeat with the same `externalId`, never a new one.
 * - `'acted'`: the service answered success (a 2xx) that the client could not use: it acted.
 *
 * @example
 * ```ts
 * if (isPaymentError(error) && error.outcome === 'refused') markPayoutFailed(order);
 * ```
 */
export type PaymentOutcome = 'not-sent' | 'refused' | 'unknown' | 'acted';

/** Options of {@link PaymentError}'s constructor. */
export interface PaymentErrorOptions {
  /** The error that led to this one. */
  readonly cause?: unknown;
  /** What the service did, as far as the client knows. @default 'not-sent' */
  readonly outcome?: PaymentOutcome | undefined;
}

/**
 * Base class of every error the SDK throws. Catch this to catch them all; use the type guards
 * (`isPaymentError` and friends) where the error may come from another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(body);
 * } catch (error) {
 *   if (isPaymentError(error)) logger.warn(error.message);
 *   throw error;
 * }
 * ```
 */
export class PaymentError extends Error {
  /** Always `'PaymentError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentError';
  /**
   * Whether the service may have acted on the request: `'not-sent'`, `'refused'`, `'unknown'` or
   * `'acted'` (see {@link PaymentOutcome}). A `PaymentError` thrown as itself (no `fetch`, a failing
   * `tokenStore`) is always `'not-sent'`. Test `'unknown'` with {@link isOutcomeUncertain}.
   */
  declare readonly outcome: PaymentOutcome;
  /** @internal */
  readonly [BRAND] = true;

  constructor(message?: string, options?: PaymentErrorOptions) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.outcome = options?.outcome ?? 'not-sent';
  }
}

/** Facts about the HTTP request an error belongs to. */
export interface RequestFacts {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path relative to the client's `baseUrl`, with parameters already encoded. */
  readonly path: string;
  /** The full URL: origin, the `baseUrl`'s path and `path`; a query is never kept. */
  readonly url?: string | undefined;
  /** Attempts made, the first included (retries and a resend after a new login count). @default 1 */
  readonly attempts?: number | undefined;
}

// Every message about a request ends alike: where it went (the full URL, never a query, which may
// hold a secret), how many attempts were made, what the server said was wrong, and what to check.
function located(facts: RequestFacts, reason?: string, hint?: string): string {
  const attempts = facts.attempts ?? 1;
  return `${facts.method} ${(facts.url ?? facts.path).replace(/[?#].*/s, '')}${attempts > 1 ? ` after ${attempts} attempts` : ''}${reason ? ` (${reason})` : ''}${hint ? `. ${hint}` : ''}`;
}

// POSTs that change nothing (a balance, quotes): a lost answer to one changed nothing.
const READS =
  /^\/(?:balance\/company|deposit\/conversion\/tether|withdraw\/conversion\/brl\/pix|withdraw\/transaction\/crypto\/amount)$/;

// What a message adds when the service may have acted on a request, or did: what that means for
// the operation and what to do. Creates with an `externalId` are made single by repeating it.
function outcomeNote(outcome: PaymentOutcome, facts: RequestFacts): string | undefined {
  const { method, path } = facts;
  // The login is the client's own: a call it failed for says "not sent", its note would mislead.
  if ((outcome !== 'unknown' && outcome !== 'acted') || path === '/auth/token') return undefined;
  const create = method === 'POST' && (path === '/withdraw' || path === '/deposit');
  if (outcome === 'acted') {
    return create
      ? 'The service answered success, so it acted: never send it again with a new externalId'
      : undefined;
  }
  if (method === 'GET' || (method === 'POST' && READS.test(path)))
    return 'Outcome unknown: this call changes nothing, repeating it is safe';
  if (create) return 'The service may have created it: repeat with the same externalId';
  if (method === 'POST' && /^\/pix\/customer\/[^/]+\/key$/.test(path))
    return 'The service may have registered the key: pixKeys.ensure finds it';
  if (method === 'POST' && path === '/customer')
    return 'The service may have created the customer: customers.create again answers the one on file';
  return 'The service may have acted on it: check before repeating';
}

// A message and, where the service may have acted, what that means.
function withNote(message: string, outcome: PaymentOutcome, facts: RequestFacts): string {
  const note = outcomeNote(outcome, facts);
  return note ? `${message}. ${note}` : message;
}

// What to check after an API error: a redirect or a 404 on the login means a wrong baseUrl, a 401
// on the login the account or the IP allowlist (the service refuses unknown IPs with 401 too).
function apiHint(status: number, path: string): string | undefined {
  const login = path === '/auth/token';
  if (status < 400 || (login && status === 404)) return 'Check baseUrl';
  if (status === 401)
    return `Check ${login ? 'email, password and IP allowlist' : 'IP allowlist, permissions'}`;
  return undefined;
}

// The first system error code (`ECONNREFUSED`) and the innermost message of a cause chain.
function causeOf(cause: unknown): { code?: string; text?: string } {
  const found: { code?: string; text?: string } = {};
  for (let at = cause, depth = 0; at instanceof Object && depth < 5; depth++) {
    const { code, message } = at as { code?: unknown; message?: unknown };
    if (typeof code === 'string') found.code ??= code;
    if (typeof message === 'string' && message) found.text = message;
    at = (at as { cause?: unknown }).cause;
  }
  return found;
}

/** What {@link PaymentApiError} is built from. */
export interface PaymentApiErrorInit extends RequestFacts {
  /** The HTTP status code. */
  readonly status: number;
  /** The `message` of the service's error body, or the HTTP reason phrase. */
  readonly serviceMessage: string;
  /** The parsed response body, its text where it was not JSON, `undefined` where it was not read. */
  readonly body: unknown;
  /** The `x-request-id` response header, where the service sent one. */
  readonly requestId?: string | undefined;
  /** Milliseconds the service asked the client to wait (`Retry-After`), where it did. */
  readonly retryAfterMs?: number | undefined;
  /**
   * Why the server refused, where it said so apart from the body (the mock's `X-Mock-Reason`
   * header); the caller bounds its length and removes secrets, and control characters are
   * escaped here.
   */
  readonly reason?: string | undefined;
  /**
   * What the caller can do about it, added to the message after the request facts; without it,
   * the client's own advice for the status (a refused login, a redirect), if any.
   */
  readonly hint?: string | undefined;
}

// A 3xx or 4xx answer says the service did not act; a 5xx may come after it did, and so may a
// 303 See Other to a request that changes something (it points at what the request created).
function apiOutcome(status: number, method: string): PaymentOutcome {
  return status >= 500 || (status === 303 && method !== 'GET') ? 'unknown' : 'refused';
}

// How much of the service's message an error's `message` repeats.
const MAX_SERVICE_MESSAGE_SHOWN = 1_000;

/**
 * The service answered with an error status. `status`, `serviceMessage` (the `message` of the
 * body, for example `Not Found`), the parsed `body`, `method`, `path`, `url` and `requestId` say
 * which. The message reads `404 Not Found: GET https://host/v1/path after 3 attempts (reason).
 * Check baseUrl`: the attempts when there were several, the server's reason where it gave one
 * apart from the body (the mock's `X-Mock-Reason` header), what to check where the client can
 * tell (a refused login, a redirect, a 404 at the login).
 * Thrown as one of its subclasses: {@link RedirectError}, {@link BadRequestError},
 * {@link UnauthorizedError}, {@link NotFoundError}, {@link RateLimitError},
 * {@link InternalServerError}; another status gives a plain `PaymentApiError`.
 *
 * @example
 * ```ts
 * if (isPaymentApiError(error) && error.status === 404) console.log(error.serviceMessage);
 * ```
 */
export class PaymentApiError extends PaymentError {
  /** Always `'PaymentApiError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentApiError';
  /** The HTTP status code. */
  declare readonly status: number;
  /**
   * The `message` of the service's error body (the service writes reason phrases such as `Not
   * Found`), or the HTTP reason phrase when the body has none; secrets replaced by `[redacted]`,
   * otherwise as it came. `message` shows it with control characters escaped (`\r`, `\n`,
   * `\u001b`): escape it before writing it to a log line on its own.
   */
  declare readonly serviceMessage: string;
  /**
   * The parsed response body, or its text when it was not JSON; secrets replaced by `[redacted]`.
   * `undefined` for a redirect and for a body larger than `maxResponseBytes`, neither of which is kept.
   */
  declare readonly body: unknown;
  /** HTTP method of the request, upper case. */
  declare readonly method: string;
  /** Path of the request relative to the client's `baseUrl`, parameters encoded. */
  declare readonly path: string;
  /** The full URL of the request (no query), when known. */
  declare readonly url: string | undefined;
  /** Attempts made before this error was thrown, the first included. */
  declare readonly attempts: number;
  /**
   * Why the server refused, where it said so apart from the body (the mock does): at most 300
   * characters, secrets removed, control characters escaped.
   */
  declare readonly reason: string | undefined;
  /** The `x-request-id` response header, when the service sent one. */
  declare readonly requestId: string | undefined;
  /** How long the service asked the client to wait (`Retry-After`), in milliseconds. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: PaymentApiErrorInit) {
    // The service's message in full stays in `serviceMessage`; the error's own message stays short.
    const said =
      init.serviceMessage.length > MAX_SERVICE_MESSAGE_SHOWN
        ? `${init.serviceMessage.slice(0, MAX_SERVICE_MESSAGE_SHOWN)}…`
        : init.serviceMessage;
    const outcome = apiOutcome(init.status, init.method);
    // The service's text is shown escaped: a CR, LF or ANSI escape in it cannot forge a log line.
    const reason = init.reason === undefined ? undefined : escapeControls(init.reason);
    super(
      withNote(
        `${init.status} ${escapeControls(said)}: ${located(init, reason, init.hint ?? apiHint(init.status, init.path))}`,
        outcome,
        init,
      ),
      { outcome },
    );
    this.status = init.status;
    this.serviceMessage = init.serviceMessage;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    this.url = init.url;
    this.attempts = init.attempts ?? 1;
    this.reason = reason;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * 400: the service refused the input, for example a Pix key that is not valid.
 *
 * @example
 * ```ts
 * if (error instanceof BadRequestError) askUserToFixKey();
 * ```
 */
export class BadRequestError extends PaymentApiError {
  /** Always `'BadRequestError'`, also across realms where `instanceof` fails. */
  override name = 'BadRequestError';
}

/**
 * 401: bad or expired token, missing header, caller's IP address not allowed, or (for the webhook
 * resend) not authorized for the action. A cached token that is refused is replaced by one new login
 * and the call sent once more, so a 401 that reaches you usually means the credentials, the IP
 * allowlist or a permission is wrong.
 *
 * @example
 * ```ts
 * if (error instanceof UnauthorizedError) alertOps('check credentials and IP allowlist');
 * ```
 */
export class UnauthorizedError extends PaymentApiError {
  /** Always `'UnauthorizedError'`, also across realms where `instanceof` fails. */
  override name = 'UnauthorizedError';
}

/**
 * 404: the customer or transaction does not exist, or (adding a Pix key) the key is already
 * registered or is not a valid CPF. The service uses 404 for all of these; `serviceMessage` and
 * `body` carry what it said.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError) return undefined;
 * ```
 */
export class NotFoundError extends PaymentApiError {
  /** Always `'NotFoundError'`, also across realms where `instanceof` fails. */
  override name = 'NotFoundError';
}

/**
 * 409: the request clashes with a record on file (per the provider's public docs): a customer
 * update (`PUT /customer/{id}`) or a deposit for a new customer (`POST /deposit` with `customer`)
 * whose name or document already belongs to another customer. Nothing was changed.
 *
 * @example
 * ```ts
 * if (error instanceof ConflictError) askUserForAnotherDocument();
 * ```
 */
export class ConflictError extends PaymentApiError {
  /** Always `'ConflictError'`, also across realms where `instanceof` fails. */
  override name = 'ConflictError';
}

/**
 * 429: too many requests. The provider documents no rate limit, but the client handles one:
 * operations safe to repeat are retried, after `Retry-After` when it is no longer than
 * `backoff.maxRetryAfterMs` (a longer one comes back at once, in `retryAfterMs`).
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await sleep(error.retryAfterMs ?? 1_000);
 * ```
 */
export class RateLimitError extends PaymentApiError {
  /** Always `'RateLimitError'`, also across realms where `instanceof` fails. */
  override name = 'RateLimitError';
}

/**
 * 5xx: the service failed. Operations safe to repeat were retried (up to `maxRetries`) before this
 * was thrown.
 *
 * @example
 * ```ts
 * if (error instanceof InternalServerError) scheduleRetryLater();
 * ```
 */
export class InternalServerError extends PaymentApiError {
  /** Always `'InternalServerError'`, also across realms where `instanceof` fails. */
  override name = 'InternalServerError';
}

/** What {@link RedirectError} is built from. */
export interface RedirectErrorInit extends PaymentApiErrorInit {
  /** The origin (`scheme://host:port`) of the redirect's `Location`, where it could be read. */
  readonly redirectOrigin?: string | undefined;
}

/**
 * 3xx: the service answered with a redirect, which the client never follows. Following it would
 * send the request again, with the password (on `/auth/token`) or the bearer token, to wherever
 * `Location` points. `redirectOrigin` names the target's origin only (no path, query or
 * credentials); check the `baseUrl` or the proxy in front of the service. The body is not read.
 * In a browser, `fetch` hides redirects: `status` is then `0` and `redirectOrigin` is `undefined`.
 *
 * @example
 * ```ts
 * if (error instanceof RedirectError) alertOps(`baseUrl redirects to ${error.redirectOrigin}`);
 * ```
 */
export class RedirectError extends PaymentApiError {
  /** Always `'RedirectError'`, also across realms where `instanceof` fails. */
  override name = 'RedirectError';
  /** The origin (`scheme://host:port`) the service redirected to, when `Location` was readable. */
  declare readonly redirectOrigin: string | undefined;

  constructor(init: RedirectErrorInit) {
    super(init);
    this.redirectOrigin = init.redirectOrigin;
  }
}

// System error codes of a connection that was never made: nothing of the request was sent. DNS,
// a refused or unreachable address, undici's connect timeout, a certificate refused or a TLS
// version mismatch during the handshake.
const NOT_SENT_CODES =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT|ERR_SSL_WRONG_VERSION_NUMBER|ERR_TLS_CERT_ALTNAME_INVALID|CERT_\w+|\w+_CERT\w*|UNABLE_TO_\w+|SELF_SIGNED_\w+)$/;

/**
 * No answer came: DNS failure, connection refused or reset, a TLS failure. The message names the
 * URL and the system error code found in `cause` (`ECONNREFUSED`, `ENOTFOUND`, a TLS code) with
 * what to check. `outcome` is `'not-sent'` when no connection was made (a refused port, an unknown
 * host, a failed TLS handshake), else `'unknown'`: the request may have reached the service, and
 * the message says what to do (for `withdrawals.create`: repeat with the same `externalId`).
 *
 * @example
 * ```ts
 * if (error instanceof PaymentConnectionError) console.error(error.message, error.cause);
 * ```
 */
export class PaymentConnectionError extends PaymentError {
  /** Always `'PaymentConnectionError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentConnectionError';
  /** HTTP method of the request, upper case. */
  declare readonly method: string;
  /** Path of the request relative to the client's `baseUrl`, parameters encoded. */
  declare readonly path: string;
  /** The full URL of the request (no query), when known. */
  declare readonly url: string | undefined;
  /** Attempts made before this error was thrown, the first included. */
  declare readonly attempts: number;

  constructor(facts: RequestFacts, options?: { cause?: unknown }) {
    const { code = '', text = '' } = causeOf(options?.cause);
    const reason = (code && !text.includes(code) ? `${code}${text && `: ${text}`}` : text)
      .replace(/[^\x20-\x7e]+/g, ' ')
      .slice(0, 200);
    // A refused port, an unknown host: baseUrl; a TLS failure: https against a plain port, mostly.
    const check = /SSL|TLS|CERT|EPROTO/.test(code)
      ? 'Check http or https in baseUrl'
      : /^E(CONNREFUSED|NOTFOUND|AI_AGAIN)$/.test(code)
        ? 'Check baseUrl'
        : undefined;
    // No connection, no request: a refused port, an unknown host, a failed TLS handshake happen
    // before a byte of the request is written. Anything else (a reset, a closed socket) may come
    // after the service read it.
    const outcome: PaymentOutcome = NOT_SENT_CODES.test(code) ? 'not-sent' : 'unknown';
    super(withNote(`Connection failed: ${located(facts, reason, check)}`, outcome, facts), {
      ...options,
      outcome,
    });
    this.method = facts.method;
    this.path = facts.path;
    this.url = facts.url;
    this.attempts = facts.attempts ?? 1;
  }
}

/**
 * No answer in time: an attempt took longer than `timeoutMs` and no retry was left or allowed.
 * `outcome` is `'unknown'`: the service may have received the request and acted on it, and the
 * message says what to do (for `withdrawals.create`: repeat with the same `externalId`).
 *
 * @example
 * ```ts
 * if (error instanceof PaymentTimeoutError) console.warn(`gave up after ${error.timeoutMs} ms`);
 * ```
 */
export class PaymentTimeoutError extends PaymentError {
  /** Always `'PaymentTimeoutError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentTimeoutError';
  /** HTTP method of the request, upper case. */
  declare readonly method: string;
  /** Path of the request relative to the client's `baseUrl`, parameters encoded. */
  declare readonly path: string;
  /** The full URL of the request (no query), when known. */
  declare readonly url: string | undefined;
  /** Attempts made before this error was thrown, the first included. */
  declare readonly attempts: number;
  /** The time limit of the attempt that ran out, in milliseconds. */
  declare readonly timeoutMs: number;

  constructor(facts: RequestFacts & { timeoutMs: number }) {
    super(withNote(`No answer within ${facts.timeoutMs} ms: ${located(facts)}`, 'unknown', facts), {
      outcome: 'unknown',
    });
    this.method = facts.method;
    this.path = facts.path;
    this.url = facts.url;
    this.attempts = facts.attempts ?? 1;
    this.timeoutMs = facts.timeoutMs;
  }
}

/**
 * The call was never sent: the login it needed (`POST /auth/token`) failed with no answer, a
 * timeout, 429, 5xx, a redirect or an answer that breaks the contract, on every attempt the call's
 * `maxRetries` allowed. Nothing of the call reached the service, so it did nothing: repeating the
 * call is safe, whatever it is. `method` and `path` name the call; `cause` holds the login's own
 * error (a {@link PaymentConnectionError}, an {@link InternalServerError}…). A wrong password
 * (401 on the login) is not this: it is an {@link UnauthorizedError} with `path: '/auth/token'`,
 * never retried.
 *
 * @example
 * ```ts
 * if (error instanceof PaymentLoginError) scheduleRetryLater(); // nothing was sent
 * ```
 */
export class PaymentLoginError extends PaymentError {
  /** Always `'PaymentLoginError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentLoginError';
  /** HTTP method of the call that was not sent, upper case. */
  declare readonly method: string;
  /** Path of the call that was not sent, relative to the client's `baseUrl`, parameters encoded. */
  declare readonly path: string;

  constructor(facts: RequestFacts, options: { cause: unknown }) {
    const reason = options.cause instanceof Error ? ` (${options.cause.message})` : '';
    super(`Login failed${reason}, request not sent: ${facts.method} ${facts.path}`, options);
    this.method = facts.method;
    this.path = facts.path;
  }
}

// An error message stays short whatever it reports: a path of at most a few segments shown,
// and the whole list cut at a few KiB, saying how many issues were left out.
const MAX_DESCRIBED_CHARS = 3_000;
const MAX_PATH_SHOWN = 8;

function describePath(path: ReadonlyArray<PropertyKey>): string {
  const shown = path.length > MAX_PATH_SHOWN ? [...path.slice(0, MAX_PATH_SHOWN), '…'] : path;
  // A key may come from a service's answer (a map's keys): shown escaped, as its other text.
  return shown.map((segment) => escapeControls(String(segment).slice(0, 64))).join('.');
}

function describeIssues(issues: ReadonlyArray<PaymentIssue>): string {
  let text = '';
  for (const [index, issue] of issues.entries()) {
    const line =
      (issue.path.length > 0 ? `${describePath(issue.path)}: ` : '') +
      String(issue.message).slice(0, 200);
    if (text.length + line.length > MAX_DESCRIBED_CHARS) {
      return `${text}; and ${issues.length - index} more issues`;
    }
    text += index === 0 ? line : `; ${line}`;
  }
  return text;
}

/**
 * Input rejected before any request was sent: an amount, a Pix key, an incomplete currency or key
 * object. `issues` lists every problem with its path.
 *
 * @example
 * ```ts
 * try {
 *   buildWithdrawal({ amount: '10.505', customerId, currency, pixKey });
 * } catch (error) {
 *   if (error instanceof PaymentValidationError) console.log(error.issues);
 * }
 * ```
 */
export class PaymentValidationError extends PaymentError {
  /** Always `'PaymentValidationError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentValidationError';
  /** Every problem found, each with its path and message. */
  declare readonly issues: ReadonlyArray<PaymentIssue>;

  constructor(issues: ReadonlyArray<PaymentIssue>, context = 'Invalid input') {
    super(`${context}: ${describeIssues(issues)}`);
    this.issues = issues;
  }
}

/** What {@link WithdrawalLimitError} is built from. */
export interface WithdrawalLimitErrorInit {
  /** The currency the amount is in, as the limit names it (`'BRL'`, `'USDT'`). */
  readonly currency: string;
  /** The limit in force, as an exact decimal string (`'5000.00'`). */
  readonly limit: string;
  /** The amount of the withdrawal, as an exact decimal string (`'10500'`). */
  readonly amount: string;
}

/**
 * A withdrawal above `maxWithdrawal` (the client's option, or the call's): refused before any
 * request, so nothing was sent (`outcome: 'not-sent'`). A {@link PaymentValidationError}; `currency`,
 * `limit` and `amount` say which limit and which amount, as exact decimal strings, and so does the
 * message. Amounts in BRL are in reais, not cents: `1050` is R$ 1,050.00.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(body);
 * } catch (error) {
 *   if (isWithdrawalLimitError(error)) alertOps(`${error.amount} ${error.currency} > ${error.limit}`);
 *   throw error;
 * }
 * ```
 */
export class WithdrawalLimitError extends PaymentValidationError {
  /** Always `'WithdrawalLimitError'`, also across realms where `instanceof` fails. */
  override name = 'WithdrawalLimitError';
  /** The currency the amount is in (`'BRL'`, `'USDT'`). */
  declare readonly currency: string;
  /** The limit in force, an exact decimal string. */
  declare readonly limit: string;
  /** The withdrawal's amount, an exact decimal string. */
  declare readonly amount: string;

  constructor(init: WithdrawalLimitErrorInit) {
    const unit = init.currency === 'BRL' ? ' (reais, not cents)' : '';
    super(
      [
        {
          path: ['amount'],
          message: `${init.amount} ${init.currency} is above maxWithdrawal.${init.currency}, ${init.limit} ${init.currency}${unit}`,
        },
      ],
      'Withdrawal refused, nothing sent',
    );
    this.currency = init.currency;
    this.limit = init.limit;
    this.amount = init.amount;
  }
}

/** What {@link PaymentResponseError} is built from. */
export interface PaymentResponseErrorInit extends RequestFacts {
  /** The HTTP status code. */
  readonly status: number;
  /** How the body breaks the contract. */
  readonly issues: ReadonlyArray<PaymentIssue>;
  /** What came, parsed as JSON where it was. */
  readonly body: unknown;
  /**
   * `'acted'` for a JSON answer of the wrong shape (the service said it succeeded), `'unknown'`
   * for one that is not JSON, empty or too large (a proxy's page may be all that came).
   * @default 'unknown'
   */
  readonly outcome?: PaymentOutcome | undefined;
  /** What the caller should do about it, added to the message after the issues. */
  readonly hint?: string | undefined;
}

/**
 * The service answered 2xx with a body that breaks the contract (not JSON, missing a field the
 * contract requires, or larger than `maxResponseBytes`), or one the client must not pass on (a
 * deposit's Pix code that is not a Pix code, fails its checksum or asks another amount: the deposit
 * was created all the same). `issues` says what, `body` holds what came (`undefined` when too
 * large to keep, `[redacted]` for a login answer). `outcome` is `'acted'` when the body is JSON of
 * the wrong shape or a refused Pix code (the service answered success), `'unknown'` when it is not
 * JSON, empty or too large (a proxy's page may be all that came).
 *
 * @example
 * ```ts
 * if (error instanceof PaymentResponseError) report(error.issues, error.body);
 * ```
 */
export class PaymentResponseError extends PaymentError {
  /** Always `'PaymentResponseError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentResponseError';
  /** The HTTP status code. */
  declare readonly status: number;
  /** How the body breaks the contract, each with its path into the body. */
  declare readonly issues: ReadonlyArray<PaymentIssue>;
  /** What came, parsed as JSON where it was; secrets replaced by `[redacted]`. */
  declare readonly body: unknown;
  /** HTTP method of the request, upper case. */
  declare readonly method: string;
  /** Path of the request relative to the client's `baseUrl`, parameters encoded. */
  declare readonly path: string;
  /** The full URL of the request (no query), when known. */
  declare readonly url: string | undefined;

  constructor(init: PaymentResponseErrorInit) {
    const outcome = init.outcome ?? 'unknown';
    super(
      withNote(
        `Unexpected response to ${located(init)}: ${describeIssues(init.issues)}${init.hint ? `. ${init.hint}` : ''}`,
        outcome,
        init,
      ),
      { outcome },
    );
    this.status = init.status;
    this.issues = init.issues;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    this.url = init.url;
  }
}

/**
 * Why {@link PixKeyConflictError} was thrown: `'not-listed'` when the service answered 404 to
 * adding the key (already registered, possibly to another customer) and no key of the customer can
 * be it; `'ambiguous'` when a masked listed key might be it but cannot be told from another.
 */
export type PixKeyConflictReason = 'not-listed' | 'ambiguous';

/** What {@link PixKeyConflictError} is built from. */
export interface PixKeyConflictErrorInit {
  /** Why no key was returned. */
  readonly reason: PixKeyConflictReason;
  /** The type of the key asked for (`PHONE`, `EMAIL`, ...). */
  readonly keyType: string;
  /** The customer whose keys were searched. */
  readonly customerId: string;
  /** The listed keys of that type that might be it, as the service listed them (masked). */
  readonly candidates: ReadonlyArray<PixKey>;
}

/**
 * `pixKeys.ensure` could not prove which registered key is the one asked for, so it returns none:
 * a payout to a lookalike would reach the wrong key. The service answered 404 to adding the key
 * (it is registered, perhaps to another customer), and the customer's listed keys, masked by the
 * service, either hold none that can be it (`reason: 'not-listed'`) or none that is provably it
 * (`reason: 'ambiguous'`). `candidates` holds the listed keys of that type that fit, as the service
 * listed them; the key asked for is not repeated anywhere in the error. The 404 is the `cause`.
 * Use the key object `pixKeys.add` returned when the key was registered, or ask the payee.
 *
 * @example
 * ```ts
 * try {
 *   pixKey = await client.pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' });
 * } catch (error) {
 *   if (isPixKeyConflictError(error)) return askPayeeToConfirmKey(error.reason, error.candidates);
 *   throw error;
 * }
 * ```
 */
export class PixKeyConflictError extends PaymentError {
  /** Always `'PixKeyConflictError'`, also across realms where `instanceof` fails. */
  override name = 'PixKeyConflictError';
  /** Why no key was returned: `'not-listed'` or `'ambiguous'`. */
  declare readonly reason: PixKeyConflictReason;
  /** The type of the key asked for. */
  declare readonly keyType: string;
  /** The customer whose keys were searched. */
  declare readonly customerId: string;
  /** The listed keys of that type that fit the key asked for, as the service listed them. */
  declare readonly candidates: ReadonlyArray<PixKey>;

  constructor(init: PixKeyConflictErrorInit, options?: { cause?: unknown }) {
    super(
      `${init.keyType} key of customer ${init.customerId} not returned: ` +
        (init.reason === 'not-listed'
          ? 'adding it answered 404 (registered elsewhere, or refused) and no listed key can be it'
          : `${init.candidates.length} masked listed key(s) may be it, none provably`),
      { ...options, outcome: 'refused' },
    );
    this.reason = init.reason;
    this.keyType = init.keyType;
    this.customerId = init.customerId;
    this.candidates = init.candidates;
  }
}

const API_ERRORS: Record<number, typeof PaymentApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/**
 * Builds the {@link PaymentApiError} subclass that matches a status: 3xx, 400, 401, 404, 409, 429,
 * 5xx.
 *
 * @example
 * ```ts
 * const error = createApiError({ status: 404, serviceMessage: 'Not Found', body: { message: 'Not Found' }, method: 'GET', path: '/x' });
 * error instanceof NotFoundError; // true
 * ```
 */
export function createApiError(init: PaymentApiErrorInit): PaymentApiError {
  if (init.status >= 300 && init.status < 400) return new RedirectError(init);
  const ErrorClass =
    init.status >= 500 ? InternalServerError : (API_ERRORS[init.status] ?? PaymentApiError);
  return new ErrorClass(init);
}

function hasName(value: unknown, names: ReadonlyArray<string>): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<PropertyKey, unknown>)[BRAND] === true &&
    names.includes((value as { name?: unknown }).name as string)
  );
}

const API_NAMES = [
  'PaymentApiError',
  'BadRequestError',
  'UnauthorizedError',
  'NotFoundError',
  'ConflictError',
  'RateLimitError',
  'InternalServerError',
  'RedirectError',
];

/**
 * Whether `value` is any error of this SDK, even from another copy of the package or realm.
 *
 * @example
 * ```ts
 * if (isPaymentError(error)) console.log(error.name);
 * ```
 */
export function isPaymentError(value: unknown): value is PaymentError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<PropertyKey, unknown>)[BRAND] === true
  );
}

/**
 * Whether `value` is a {@link PaymentApiError} (any subclass).
 *
 * @example
 * ```ts
 * if (isPaymentApiError(error)) console.log(error.status, error.serviceMessage);
 * ```
 */
export function isPaymentApiError(value: unknown): value is PaymentApiError {
  return hasName(value, API_NAMES);
}

/**
 * Whether `value` is a {@link PaymentValidationError}.
 *
 * @example
 * ```ts
 * if (isPaymentValidationError(error)) console.log(error.issues);
 * ```
 */
export function isPaymentValidationError(value: unknown): value is PaymentValidationError {
  return hasName(value, ['PaymentValidationError', 'WithdrawalLimitError']);
}

/**
 * Whether `value` is a {@link WithdrawalLimitError}: a withdrawal above `maxWithdrawal`, not sent.
 *
 * @example
 * ```ts
 * if (isWithdrawalLimitError(error)) console.log(error.currency, error.limit, error.amount);
 * ```
 */
export function isWithdrawalLimitError(value: unknown): value is WithdrawalLimitError {
  return hasName(value, ['WithdrawalLimitError']);
}

/**
 * Whether `value` is a {@link PaymentResponseError}.
 *
 * @example
 * ```ts
 * if (isPaymentResponseError(error)) console.log(error.issues);
 * ```
 */
export function isPaymentResponseError(value: unknown): value is PaymentResponseError {
  return hasName(value, ['PaymentResponseError']);
}

/**
 * Whether `value` is a {@link PaymentConnectionError}.
 *
 * @example
 * ```ts
 * if (isPaymentConnectionError(error)) retryLater();
 * ```
 */
export function isPaymentConnectionError(value: unknown): value is PaymentConnectionError {
  return hasName(value, ['PaymentConnectionError']);
}

/**
 * Whether `value` is a {@link PaymentLoginError}: the call was not sent, its login failed.
 *
 * @example
 * ```ts
 * if (isPaymentLoginError(error)) retryLater(); // the service saw nothing of the call
 * ```
 */
export function isPaymentLoginError(value: unknown): value is PaymentLoginError {
  return hasName(value, ['PaymentLoginError']);
}

/**
 * Whether `value` is a {@link PaymentTimeoutError}.
 *
 * @example
 * ```ts
 * if (isPaymentTimeoutError(error)) retryLater();
 * ```
 */
export function isPaymentTimeoutError(value: unknown): value is PaymentTimeoutError {
  return hasName(value, ['PaymentTimeoutError']);
}

/**
 * Whether `value` is a {@link PaymentApiError} with the given status (or any 5xx for `500`).
 *
 * @example
 * ```ts
 * if (isPaymentApiErrorWithStatus(error, 404)) return undefined;
 * ```
 */
export function isPaymentApiErrorWithStatus(
  value: unknown,
  status: number,
): value is PaymentApiError {
  if (!isPaymentApiError(value)) return false;
  return status === 500 ? value.status >= 500 : value.status === status;
}

/**
 * Whether `value` is a {@link PixKeyConflictError}.
 *
 * @example
 * ```ts
 * if (isPixKeyConflictError(error)) console.log(error.reason, error.candidates);
 * ```
 */
export function isPixKeyConflictError(value: unknown): value is PixKeyConflictError {
  return hasName(value, ['PixKeyConflictError']);
}

/**
 * Whether `value` is an SDK error whose `outcome` is `'unknown'`: the service may have acted on the
 * request (a payout may exist) and no usable answer came. Repeat the call with the same
 * `externalId`, which answers the first transaction if there is one; never create a new one with a
 * new `externalId` to be safe. `false` for anything that is not a {@link PaymentError}.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(buildWithdrawal({ ...payout, externalId: order.id }));
 * } catch (error) {
 *   if (isOutcomeUncertain(error)) return retryLaterWithSameExternalId(order.id);
 *   throw error;
 * }
 * ```
 */
export function isOutcomeUncertain(value: unknown): value is PaymentError {
  return isPaymentError(value) && value.outcome === 'unknown';
}
