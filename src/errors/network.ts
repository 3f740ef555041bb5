// No answer came: the connection failed, or the answer did not come in time.
import { hasName, PaymentError } from './base.js';
import { type PaymentOutcome, withNote } from './outcome.js';
import { located, type RequestContext, type RequestFacts, setRequestFields } from './request.js';

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the request fields are set by setRequestFields (request.ts).
export class PaymentConnectionError extends PaymentError {
  /** Always `'PaymentConnectionError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentConnectionError';

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
    setRequestFields(this, facts);
  }
}

// The request fields, declared once in request.ts.
export interface PaymentConnectionError extends RequestContext {}

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the request fields are set by setRequestFields (request.ts).
export class PaymentTimeoutError extends PaymentError {
  /** Always `'PaymentTimeoutError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentTimeoutError';
  /** The time limit of the attempt that ran out, in milliseconds. */
  declare readonly timeoutMs: number;

  constructor(facts: RequestFacts & { timeoutMs: number }) {
    super(withNote(`No answer within ${facts.timeoutMs} ms: ${located(facts)}`, 'unknown', facts), {
      outcome: 'unknown',
    });
    setRequestFields(this, facts);
    this.timeoutMs = facts.timeoutMs;
  }
}

// The request fields, declared once in request.ts.
export interface PaymentTimeoutError extends RequestContext {}

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
