// The service answered with an error status: PaymentApiError, a subclass per status, and the
// function that picks it.
import { escapeControls } from '../seam/redact.js';
import { hasName, PaymentError } from './base.js';
import { type PaymentOutcome, withNote } from './outcome.js';
import { located, type RequestContext, type RequestFacts, setRequestFields } from './request.js';

// What to check after an API error: a redirect or a 404 on the login means a wrong baseUrl, a 401
// on the login the account or the IP allowlist (the service refuses unknown IPs with 401 too).
function apiHint(status: number, path: string): string | undefined {
  const login = path === '/auth/token';
  if (status < 400 || (login && status === 404)) return 'Check baseUrl';
  if (status === 401)
    return `Check ${login ? 'email, password and IP allowlist' : 'IP allowlist, permissions'}`;
  return undefined;
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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the request fields are set by setRequestFields (request.ts).
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
    setRequestFields(this, init);
    this.reason = reason;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

// The request fields, declared once in request.ts.
export interface PaymentApiError extends RequestContext {}

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
