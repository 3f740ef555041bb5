/**
 * Facts attached to a log line: method, path, status, attempt, duration and the like. Never
 * headers, bodies, tokens or passwords.
 *
 * @example
 * ```ts
 * const fields: LogFields = { method: 'GET', path: '/withdraw/company/currencies', status: 200, attempt: 1, durationMs: 84 };
 * ```
 */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * What a log line reports, in its `event` field: an attempt answered (`response`, the login's on
 * path `/auth/token`), an attempt that got no answer (`network-error`, `timeout`), a caller's
 * abort (`aborted`), a scheduled retry (`retry`), a call that ends in the error of an earlier
 * attempt the service may have acted on, because a later one failed without reaching it
 * (`outcome-uncertain`, `warn`, with the later failure as `reason`), or a cached token the service refused, so the
 * client logs in again (`token-refused`), and the first time the `tokenStore` hands it a token
 * that another account or base URL obtained, which it does not use (`token-foreign`, `warn`), and a
 * hook or `onRawResponse` callback that threw or rejected, which the client ignores (`hook-failed`, `warn`,
 * with the hook's name as `hook`).
 * `RedisTokenStore` (`pix-payment-sdk/redis`) logs to its
 * own `logger` when Redis stops answering (`token-store-unavailable`, so the client logs in
 * without it) and answers again (`token-store-available`), and when a wait for its login lock
 * reaches `lockTtlMs` (`token-lock-timeout`); its `RedisWebhookStore` logs when Redis stops
 * answering (`webhook-store-unavailable`, so webhook deliveries are answered 503) and answers
 * again (`webhook-store-available`).
 *
 * @example
 * ```ts
 * const logger: Logger = {
 *   debug: (message, fields) => {
 *     if (fields?.event === 'response' && fields.path === '/auth/token') metrics.increment('pix.login');
 *   },
 * };
 * ```
 */
export type LogEvent =
  | 'response'
  | 'network-error'
  | 'timeout'
  | 'aborted'
  | 'retry'
  | 'outcome-uncertain'
  | 'token-refused'
  | 'token-foreign'
  | 'token-store-unavailable'
  | 'token-store-available'
  | 'token-lock-timeout'
  | 'hook-failed'
  | 'webhook-store-unavailable'
  | 'webhook-store-available';

/**
 * Where the client writes what it does. `console` fits, and so does any logger with some of these
 * four methods (a missing one is skipped). The client logs each attempt, the login's included
 * (`debug`), each retry (`warn`, with its delay and reason) and each new login after a 401
 * (`info`): method, path, status, attempt and duration, nothing else.
 *
 * @example
 * ```ts
 * const client = new PaymentClient({ baseUrl, email, password, logger: console });
 * ```
 */
export interface Logger {
  /** Per-attempt detail: the status, or no answer, a timeout or an abort; the duration. */
  debug?(message: string, fields?: LogFields): void;
  /** A cached token was refused (401): the client logs in again. */
  info?(message: string, fields?: LogFields): void;
  /** A retry is scheduled. */
  warn?(message: string, fields?: LogFields): void;
  /** Not called by the client: reserved for failures it cannot recover from. */
  error?(message: string, fields?: LogFields): void;
}
