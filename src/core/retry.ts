import {
  isPaymentApiError,
  isPaymentConnectionError,
  isPaymentError,
  isPaymentTimeoutError,
  type PaymentError,
} from '../errors/index.js';

/**
 * How long the client waits between retries: exponential backoff with full jitter (a random delay
 * between zero and `initialDelayMs * 2 ** (retry - 1)`, at most `maxDelayMs`), or what the service
 * asks for in `Retry-After` when that is no more than `maxRetryAfterMs`.
 *
 * @example
 * ```ts
 * const backoff: RetryBackoff = { initialDelayMs: 250, maxDelayMs: 4_000 };
 * ```
 */
export interface RetryBackoff {
  /**
   * Upper bound of the first retry's random delay; doubles with each retry.
   * @default 500
   */
  readonly initialDelayMs?: number | undefined;
  /**
   * Upper bound of any backoff delay.
   * @default 8_000
   */
  readonly maxDelayMs?: number | undefined;
  /**
   * The longest `Retry-After` the client waits for. A service that asks for longer gets the error
   * back at once (with `retryAfterMs` on it), rather than a call that hangs for minutes.
   * @default 60_000
   */
  readonly maxRetryAfterMs?: number | undefined;
}

/** @internal */
export type ResolvedBackoff = { readonly [K in keyof RetryBackoff]-?: number };

/** @internal */
export const DEFAULT_BACKOFF: ResolvedBackoff = {
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

// The three forms of an HTTP-date (RFC 9110, section 5.6.7): IMF-fixdate, RFC 850, asctime.
const HTTP_DATES = [
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?<day>\d\d) (?<month>[A-Z][a-z]{2}) (?<year>\d{4}) (?<time>\d\d:\d\d:\d\d) GMT$/,
  /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\d\d)-(?<month>[A-Z][a-z]{2})-(?<year>\d\d) (?<time>\d\d:\d\d:\d\d) GMT$/,
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?<month>[A-Z][a-z]{2}) (?<day>[ \d]\d) (?<time>\d\d:\d\d:\d\d) (?<year>\d{4})$/,
];
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/** Epoch milliseconds of an HTTP-date, `undefined` for anything else. */
function parseHttpDate(text: string, now: number): number | undefined {
  for (const grammar of HTTP_DATES) {
    const fields = grammar.exec(text)?.groups;
    if (fields === undefined) continue;
    let year = Number(fields.year);
    if (fields.year?.length === 2) {
      // RFC 850's two-digit year: one more than 50 years ahead is in the past century.
      year += 2000;
      if (year > new Date(now).getUTCFullYear() + 50) year -= 100;
    }
    const month = MONTHS.indexOf(fields.month ?? '') / 3;
    const [hours, minutes, seconds] = (fields.time ?? '').split(':').map(Number);
    const day = Number(fields.day);
    const date = Date.UTC(year, month, day, hours, minutes, seconds);
    const parsed = new Date(date);
    // Each field in its range: no 31 April rolled over into May, no hour 25.
    const exact =
      Number.isInteger(month) &&
      parsed.getUTCDate() === day &&
      parsed.getUTCHours() === hours &&
      parsed.getUTCMinutes() === minutes &&
      parsed.getUTCSeconds() === seconds;
    return exact ? date : undefined;
  }
  return undefined;
}

/**
 * Milliseconds a `Retry-After` header asks for: delay-seconds (digits only) or an HTTP-date (a
 * past date is 0). `undefined` when absent or anything else (`1.5`, `-1`, `+3`, an ISO date): the
 * normal backoff then applies.
 *
 * @internal
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = parseHttpDate(header, now);
  return date === undefined ? undefined : Math.max(0, date - now);
}

/**
 * Whether the service may have acted on the attempt that failed with `error`: its `outcome` is
 * `'unknown'` (no answer after sending, no answer in time, a 5xx, an unreadable 2xx) or `'acted'`.
 * A 3xx or 4xx answer (429 included), or a connection never made, says it did not.
 *
 * @internal
 */
export function mayHaveActed(error: unknown): error is PaymentError {
  return isPaymentError(error) && (error.outcome === 'unknown' || error.outcome === 'acted');
}

/**
 * Whether a failed attempt of an operation that may be repeated is worth repeating: no answer
 * (connection error, timeout), 429 or 5xx.
 *
 * @internal
 */
export function isTransient(error: unknown): boolean {
  if (isPaymentConnectionError(error) || isPaymentTimeoutError(error)) return true;
  return isPaymentApiError(error) && (error.status === 429 || error.status >= 500);
}

/**
 * The delay before retry number `retry` (1-based), or `undefined` when the service asked to wait
 * longer than the client is willing to.
 *
 * @internal
 */
export function retryDelay(
  retry: number,
  backoff: ResolvedBackoff,
  retryAfterMs: number | undefined,
): number | undefined {
  // As ky's `jitter` and `backoffLimit`, but a Retry-After past the limit fails (ky waits the limit).
  if (retryAfterMs !== undefined) {
    return retryAfterMs <= backoff.maxRetryAfterMs ? retryAfterMs : undefined;
  }
  const ceiling = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** (retry - 1));
  return Math.round(Math.random() * ceiling);
}

/**
 * Waits `ms`, or rejects with `signal.reason` as soon as the signal aborts.
 *
 * @internal
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles as `promise` does, or rejects with `signal.reason` as soon as the signal aborts; the
 * promise itself carries on (it may be shared with other callers).
 *
 * @internal
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
