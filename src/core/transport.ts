import type * as z from 'zod/mini';
import {
  isPaymentApiError,
  isPaymentApiErrorWithStatus,
  isPaymentError,
  PaymentConnectionError,
  PaymentError,
  type PaymentIssue,
  PaymentLoginError,
  PaymentTimeoutError,
} from '../errors/index.js';
import {
  type CallInput,
  type OperationSpec,
  operations,
  type ResultOf,
} from '../seam/operations.js';
import { redactCause, scrubError, secretForms } from '../seam/redact.js';
import { ANSWERS, type PixAnswer } from './answers.js';
import type { LogEvent, LogFields, Logger } from './logger.js';
import {
  type CallWatch,
  callHook,
  Observer,
  type PaymentHooks,
  type RawResponse,
} from './observe.js';
import { checkNumber, RETRIES_RULE, TIMEOUT_RULE, throwIfIssues } from './options.js';
import { buildPath } from './path.js';
import {
  type AnswerRefusal,
  discardBody,
  interpret,
  isRedirect,
  readBody,
  redirectError,
} from './response.js';
import { isTransient, mayHaveActed, type ResolvedBackoff, retryDelay, sleep } from './retry.js';
import { type Lease, TokenManager, type TokenStore } from './tokens.js';

/**
 * Per-call options, the last argument of every client method.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const keys = await client.pixKeys.list(customerId, {
 *   signal: controller.signal,
 *   timeoutMs: 5_000,
 *   maxRetries: 0,
 *   headers: { 'X-Correlation-Id': 'order-42' },
 * });
 * ```
 */
export interface RequestOptions {
  /**
   * Aborts the call: it rejects with `signal.reason`, exactly that value, whether a request or a
   * wait between retries is under way.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Time limit of each attempt, from sending the request to reading the whole body.
   * @default the client's `timeoutMs`
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Retries allowed for this call. Only operations that are safe to repeat are retried once sent;
   * a transient failure of the login the call waits for (no answer, a timeout, 429, 5xx) is
   * retried for any call, since nothing of the call was sent.
   * @default the client's `maxRetries`
   */
  readonly maxRetries?: number | undefined;
  /**
   * Extra headers. `Authorization` is refused (a `PaymentValidationError`): the client sets it
   * from its credentials. `Accept` and `User-Agent` are set by the client and replace yours, and
   * so does `Content-Type` on a call that sends a body.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Called once with the raw answer of the call when it succeeds (status, headers, request id),
   * just before the method returns its parsed value. Not called when the call fails: the error
   * carries the status and request id then; nor by `getToken`, whose answer is the token. A
   * callback that throws, or returns a promise that rejects, is ignored, as hooks are.
   *
   * @example
   * ```ts
   * let requestId: string | undefined;
   * const withdrawal = await client.withdrawals.create(body, {
   *   onRawResponse: (response) => (requestId = response.requestId),
   * });
   * ```
   */
  readonly onRawResponse?: ((response: RawResponse) => void) | undefined;
}

/**
 * A function compatible with the standard `fetch`. The client calls it with a `Request` and an
 * `init` whose `signal` carries the attempt's deadline and the caller's `signal`: pass `init` on,
 * as below, so that they can stop a request whose answer has not begun.
 *
 * @example
 * ```ts
 * const loggingFetch: FetchLike = async (input, init) => {
 *   const response = await fetch(input, init);
 *   console.log(response.status);
 *   return response;
 * };
 * ```
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** @internal */
export interface TransportConfig {
  /** Absolute, without a trailing slash. */
  readonly baseUrl: string;
  readonly email: string;
  readonly password: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxResponseBytes: number;
  readonly refreshSkewMs: number;
  readonly backoff: ResolvedBackoff;
  readonly fetch: FetchLike | undefined;
  /** `undefined`: the client keeps its token in its own memory only. */
  readonly tokenStore: TokenStore | undefined;
  readonly logger: Logger | undefined;
  readonly hooks: PaymentHooks | ReadonlyArray<PaymentHooks> | undefined;
  readonly userAgent: string;
}

/** One request, ready to send: a route of the client's table, prepared by `prepare`. @internal */
export interface Operation<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL; parameters already encoded by `buildPath`. */
  readonly path: string;
  /** The route's path, parameters as `{name}`: what hooks and traces name the call by. */
  readonly template: string;
  readonly schema: z.ZodMiniType<T>;
  readonly body?: unknown;
  /**
   * Whether the request may be sent again after it may have reached the service (on a connection
   * error, a timeout, 429 or 5xx). A 401 answered to a cached token is retried regardless: the
   * service refused the request without acting on it.
   */
  readonly retry: boolean;
  /**
   * A check of the parsed answer beyond its shape (a deposit's Pix code against the amount asked):
   * what it returns is thrown as a {@link PaymentResponseError} with the answer's facts.
   */
  readonly verify?: ((value: T) => AnswerRefusal | undefined) | undefined;
  /** Values of the body that no error may show (a new account's password), beside the client's own. */
  readonly secrets?: ReadonlyArray<string>;
  /** Reads a 2xx body's JSON text, in place of `JSON.parse` (to keep what a number loses). */
  readonly parse?: (text: string) => unknown;
}

/**
 * Turns an entry of the table of operations ({@link operations}) into a request: the path filled
 * in with `input`'s parameters (checked and encoded by `buildPath`), the body, the schema of the
 * answer the entry names ({@link ANSWERS}) and the retry policy. The entries whose answer loads
 * with its area (the crypto rails, the company account) are refused at compile time: their area's
 * chunk prepares them (`prepareArea`, src/core/area-answers.ts).
 *
 * @internal
 */
export function prepare<R extends OperationSpec & { readonly response: PixAnswer }>(
  route: R,
  input: CallInput<R>,
): Operation<ResultOf<R>> {
  return prepareWith(
    route,
    input,
    (ANSWERS as ReadonlyArray<z.ZodMiniType>)[route.response] as z.ZodMiniType<ResultOf<R>>,
  );
}

/** `prepare` with the schema of the answer given. @internal */
export function prepareWith<R extends OperationSpec>(
  route: R,
  input: CallInput<R>,
  schema: z.ZodMiniType<ResultOf<R>>,
): Operation<ResultOf<R>> {
  const { body, ...params } = input as { readonly body?: unknown };
  return {
    method: route.method,
    path: buildPath(route.path, params),
    template: route.path,
    schema,
    body,
    retry: route.retry,
  };
}

interface Attempt {
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** The caller's headers, names in lower case, or `undefined` for none. */
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly attempt: number;
  readonly token: string | undefined;
  /** The answer holds a secret (the token): never copy it into an error. */
  readonly sensitive: boolean;
  /** The call's hooks, `undefined` when the client has none. */
  readonly watch: CallWatch | undefined;
  readonly onRawResponse: RequestOptions['onRawResponse'];
}

// Checked (names and values) and normalised through `Headers` once per call, then kept as a plain
// object with lower-case names: the client's own headers replace a caller's by plain assignment.
function callerHeaders(
  headers: RequestOptions['headers'],
  issues: PaymentIssue[],
): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  try {
    const result: Record<string, string> = {};
    for (const [name, value] of new Headers(headers)) result[name] = value;
    if ('authorization' in result) {
      issues.push({
        path: ['headers', 'Authorization'],
        message: 'is set by the client from its credentials and cannot be replaced per call',
      });
    }
    return result;
  } catch {
    issues.push({ path: ['headers'], message: 'must hold valid header names and values' });
    return undefined;
  }
}

// What a header value cannot hold (`Headers` throws on it): NUL, CR, LF, anything above U+00FF.
const UNSENDABLE = /[\0\r\n\u0100-\uffff]/;

// ky, loaded at the first request rather than with the package: an application that imports the
// client and sends nothing yet (a CLI printing its help, a cold serverless start) does not pay for
// parsing it. Later calls find it here without waiting.
type KyModule = typeof import('./ky.js');
let kyModule: KyModule | undefined;
let kyLoading: Promise<KyModule> | undefined;
function loadKy(): Promise<KyModule> {
  kyLoading ??= import('./ky.js').then((module) => {
    kyModule = module;
    return module;
  });
  return kyLoading;
}

/**
 * Sends requests to the service: one attempt at a time over ky (with ky's own retry, timeout and
 * HTTP errors turned off, so that this loop alone decides: the reasons are at the call), the token
 * from the `TokenManager`, one new login after a 401, retries with backoff for operations that
 * allow them, and every failure turned into a `PaymentError` with no secret in it.
 *
 * @internal
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #tokens: TokenManager;
  // The last token found sendable in a header, so that a token in use is checked once.
  #sendable: string | undefined;
  // A foreign token in the store is reported once per client, not at every read.
  #foreignSeen = false;
  // Errors of this client's logins, so that a call can tell them from its own request's.
  readonly #loginFailures = new WeakSet<object>();
  // `undefined` without hooks: then each step of a call costs one check and nothing more.
  readonly #observer: Observer | undefined;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#observer = Observer.of(
      config.hooks,
      config.baseUrl,
      () => this.#secrets(),
      (hook) => this.#hookFailed(hook),
    );
    // A client is made to send requests: start loading ky now, while the program goes on, so that
    // the first call finds it loaded or nearly. A failure shows at that call.
    loadKy().catch(() => undefined);
    this.#tokens = new TokenManager(
      config.tokenStore,
      config.refreshSkewMs,
      () => this.#login(),
      (error) => scrubError(error, this.#secrets()),
      {
        baseUrl: config.baseUrl,
        email: config.email,
        onForeign: () => {
          if (this.#foreignSeen) return;
          this.#foreignSeen = true;
          this.#log(
            'warn',
            'token-foreign',
            'the tokenStore holds a token of another account or base URL (or of none): not using it, logging in',
            {},
          );
        },
      },
    );
  }

  /**
   * A valid access token, from the store or a login shared with concurrent callers. A transient
   * login failure is retried under this call's `maxRetries`; the last failure is thrown as is.
   */
  async token(options: RequestOptions = {}): Promise<string> {
    const { signal, maxRetries } = this.#settle(options);
    for (let retries = 0; ; retries++) {
      try {
        return (await this.#tokens.acquire(signal)).token;
      } catch (error) {
        const delayMs = this.#loginRetryDelay(error, retries, maxRetries, 'POST', '/auth/token');
        if (delayMs === undefined) throw error;
        await sleep(delayMs, signal);
      }
    }
  }

  /** Sends an operation and returns its answer, parsed with the operation's schema. */
  request<T>(operation: Operation<T>, options: RequestOptions = {}): Promise<T> {
    const watch = this.#observer?.start(
      operation.method,
      operation.template,
      operation.path,
      false,
    );
    // Not async itself: without hooks, the call's promise is `#send`'s own, with nothing around it.
    return watch === undefined
      ? this.#send(operation, options, undefined)
      : this.#watched(operation, options, watch);
  }

  async #watched<T>(
    operation: Operation<T>,
    options: RequestOptions,
    watch: CallWatch,
  ): Promise<T> {
    try {
      const value = await this.#send(operation, options, watch);
      watch.end(undefined, false);
      return value;
    } catch (error) {
      watch.end(error, true, options.signal?.aborted === true && error === options.signal.reason);
      throw error;
    }
  }

  async #send<T>(
    operation: Operation<T>,
    options: RequestOptions,
    watch: CallWatch | undefined,
  ): Promise<T> {
    const { signal, timeoutMs, maxRetries, headers } = this.#settle(options);
    // Per operation, not ky's per HTTP method: POST /withdraw is safe to repeat, POST /deposit not.
    const retriesAllowed = operation.retry ? maxRetries : 0;
    const { method, path } = operation;
    let stale: string | undefined;
    let refreshed = false;
    // One budget per call, spent on its own failures only: a login shared with other calls that
    // fails costs each waiting call one retry of its own, never another call's.
    let retries = 0;
    // The last failure of an attempt the service may have acted on (its answer lost, a 5xx). A
    // later failure that alone would mean "not acted" (a 401, a failed login) must not hide it.
    let uncertain: PaymentError | undefined;
    const ending = (error: unknown): unknown => this.#ending(error, uncertain, { method, path });
    for (let attempt = 1; ; attempt++) {
      let lease: Lease;
      try {
        // The token at hand is used without waiting on anything; only a store read or a login awaits.
        lease = this.#tokens.held(stale) ?? (await this.#tokens.acquire(signal, stale));
      } catch (error) {
        // A failing tokenStore after an attempt that may have acted must not say "not sent".
        if (!this.#loginFailures.has(error as object)) throw ending(error);
        // The call was not sent, so any call may wait and retry: docs/decisions/login-failure.md.
        const delayMs = this.#loginRetryDelay(error, retries, maxRetries, method, path);
        if (delayMs === undefined) {
          if (isPaymentApiErrorWithStatus(error, 401)) throw ending(error);
          throw ending(new PaymentLoginError({ method, path }, { cause: error }));
        }
        retries++;
        await sleep(delayMs, signal);
        continue;
      }
      stale = undefined;
      try {
        return await this.#attempt(operation, {
          signal,
          timeoutMs,
          headers,
          attempt,
          token: lease.token,
          sensitive: false,
          watch,
          onRawResponse: options.onRawResponse,
        });
      } catch (error) {
        // Here, not in a ky afterResponse hook: the new login is shared with concurrent calls.
        // A token that a login just produced for this very call is not stale: a 401 then means the
        // IP allowlist or a permission, and a second login would only repeat it.
        if (isPaymentApiErrorWithStatus(error, 401) && !lease.fresh && !refreshed) {
          refreshed = true;
          stale = lease.token;
          this.#log('info', 'token-refused', 'token refused (401), logging in again', {
            method,
            path,
            attempt,
          });
          continue;
        }
        if (mayHaveActed(error)) uncertain = error;
        if (retries >= retriesAllowed || !isTransient(error)) throw ending(error);
        const delayMs = this.#retryDelay(error, retries, 'retrying', { method, path, attempt });
        if (delayMs === undefined) throw ending(error);
        retries++;
        await sleep(delayMs, signal);
      }
    }
  }

  /**
   * The error a call ends with: `error`, unless it says the service did not act (a 3xx or 4xx
   * answer, a failed login, a connection never made, a failing `tokenStore`) while an earlier
   * attempt of the same call may have been acted on; then that attempt's error, which says
   * "maybe", and `error` is logged. A payout whose answer was lost must never be reported as one
   * the service refused.
   */
  #ending(error: unknown, uncertain: PaymentError | undefined, fields: LogFields): unknown {
    if (uncertain === undefined || mayHaveActed(error) || !isPaymentError(error)) return error;
    this.#log(
      'warn',
      'outcome-uncertain',
      'gave up after an attempt the service may have acted on',
      {
        ...fields,
        reason: isPaymentApiError(error) ? `${error.name} ${error.status}` : error.name,
      },
    );
    return uncertain;
  }

  /**
   * The wait before trying a failed login again for a call that has spent `retries` of its
   * `maxRetries`, or `undefined` when the failure is not the login's, not transient (a wrong
   * password, a redirect, an answer that breaks the contract), or the budget is spent.
   */
  #loginRetryDelay(
    error: unknown,
    retries: number,
    maxRetries: number,
    method: string,
    path: string,
  ): number | undefined {
    if (!this.#loginFailures.has(error as object) || retries >= maxRetries) return undefined;
    if (!isTransient(error)) return undefined;
    return this.#retryDelay(error, retries, 'login failed, retrying', {
      method: 'POST',
      path: '/auth/token',
      call: `${method} ${path}`,
    });
  }

  /**
   * The wait before retry `retries + 1` after a transient `error`: its `Retry-After`, or backoff
   * with jitter; logged as `message` with `fields`. `undefined` when `Retry-After` asks for
   * longer than `maxRetryAfterMs`.
   */
  #retryDelay(
    error: unknown,
    retries: number,
    message: string,
    fields: LogFields,
  ): number | undefined {
    const api = isPaymentApiError(error);
    const delayMs = retryDelay(
      retries + 1,
      this.#config.backoff,
      api ? error.retryAfterMs : undefined,
    );
    if (delayMs !== undefined) {
      this.#log('warn', 'retry', message, {
        ...fields,
        delayMs,
        reason: api ? String(error.status) : (error as PaymentError).name,
      });
    }
    return delayMs;
  }

  #settle(options: RequestOptions) {
    const { signal, timeoutMs, maxRetries } = options;
    let headers: Record<string, string> | undefined;
    const { onRawResponse } = options;
    if (
      timeoutMs !== undefined ||
      maxRetries !== undefined ||
      options.headers !== undefined ||
      onRawResponse !== undefined
    ) {
      const issues: PaymentIssue[] = [];
      checkNumber(issues, 'timeoutMs', timeoutMs, TIMEOUT_RULE);
      checkNumber(issues, 'maxRetries', maxRetries, RETRIES_RULE);
      if (onRawResponse !== undefined && typeof onRawResponse !== 'function') {
        issues.push({ path: ['onRawResponse'], message: 'must be a function' });
      }
      headers = callerHeaders(options.headers, issues);
      throwIfIssues(issues, 'Invalid request options');
    }
    signal?.throwIfAborted();
    return {
      signal,
      timeoutMs: timeoutMs ?? this.#config.timeoutMs,
      maxRetries: maxRetries ?? this.#config.maxRetries,
      headers,
    };
  }

  // One attempt, shared by every call waiting for a token, never given a caller's signal: one
  // caller giving up must not fail the others (each still stops waiting when its own signal
  // aborts). Each waiting call retries a failed login under its own budget (`request`). Its
  // errors are remembered, so that a call can tell them from a failure of its own request.
  async #login(): Promise<string> {
    try {
      return await this.#loginOnce();
    } catch (error) {
      if (typeof error === 'object' && error !== null) this.#loginFailures.add(error);
      throw error;
    }
  }

  async #loginOnce(): Promise<string> {
    const { email, password, timeoutMs } = this.#config;
    // The login's answer is read by the client's stricter schema (src/core/answers.ts).
    const operation = prepare(operations.auth.getToken, { body: { email, password } });
    const watch = this.#observer?.start(operation.method, operation.template, operation.path, true);
    try {
      const answer = await this.#attempt(operation, {
        signal: undefined,
        timeoutMs,
        headers: undefined,
        attempt: 1,
        token: undefined,
        sensitive: true,
        watch,
        onRawResponse: undefined,
      });
      watch?.end(undefined, false);
      return answer.token;
    } catch (error) {
      watch?.end(error, true);
      throw error;
    }
  }

  async #attempt<T>(operation: Operation<T>, attempt: Attempt): Promise<T> {
    const { method, path, body } = operation;
    const config = this.#config;
    const custom = config.fetch;
    if (custom === undefined && typeof globalThis.fetch !== 'function') {
      throw new PaymentError('No fetch in this runtime: pass the `fetch` option to PaymentClient');
    }
    const { token } = attempt;
    if (token !== undefined && token !== this.#sendable && UNSENDABLE.test(token)) {
      // Only a stored token can get here (a login's is checked): never quote it.
      throw new PaymentError(
        'The stored access token cannot be sent: it holds characters a header value cannot (check the tokenStore)',
      );
    }
    if (token !== undefined) this.#sendable = token;
    const { ky, isNetworkError } = kyModule ?? (await loadKy());

    // A plain object, not `Headers`: ky builds the request's own `Headers` from it once.
    const headers: Record<string, string> = { ...attempt.headers };
    headers.accept = 'application/json';
    headers['user-agent'] = config.userAgent;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers.authorization = `Bearer ${token}`;

    // One controller for the whole attempt, body included. The deadline and the caller's signal
    // abort it directly, and `readBody` cancels its reader on it: no link on the way is one that
    // garbage collection can drop (the `Request` a `fetch` builds follows a signal only weakly).
    const controller = new AbortController();
    const { signal } = controller;
    const stop = () => controller.abort();
    const timer = setTimeout(stop, attempt.timeoutMs);
    attempt.signal?.addEventListener('abort', stop, { once: true });
    // The signal goes to `fetch` as `init.signal`, not to ky: ky would join it with a signal of
    // its own through `AbortSignal.any` on every call, for a timeout and retries it does not run
    // here. Called as plain functions: a `fetch` taken off `window` throws "Illegal invocation"
    // when called as a method of another object.
    const fetchImpl: FetchLike = (input, init) => {
      const withSignal = { ...init, signal };
      return custom ? custom(input, withSignal) : globalThis.fetch(input, withSignal);
    };
    const url = config.baseUrl + path;
    const where = { method, path, url, attempts: attempt.attempt };
    const logging = config.logger !== undefined;
    const { watch } = attempt;
    const started = logging || watch !== undefined ? Date.now() : 0;
    watch?.request(attempt.attempt, body);
    let response: Response;
    let text: string | undefined;
    try {
      response = await ky(url, {
        method,
        headers,
        // Not ky's `json`: it keeps a caller's Content-Type, which the client replaces.
        body: body === undefined ? null : JSON.stringify(body),
        fetch: fetchImpl,
        // ky's retry trims a long Retry-After (ours fails fast), cannot log in again or time a body.
        retry: 0,
        // ky's timeout stops at the headers: this attempt's deadline covers the body too.
        timeout: false,
        // ky's HTTPError holds the Request (the token) and caps at 10 MiB, not maxResponseBytes.
        throwHttpErrors: false,
        // Following would replay the password or the token to wherever `Location` points.
        redirect: 'manual',
      });
      if (isRedirect(response)) discardBody(response);
      else text = await readBody(response, signal, config.maxResponseBytes);
    } catch (error) {
      const facts = { method, path, attempt: attempt.attempt };
      const durationMs = Date.now() - started;
      if (attempt.signal?.aborted) {
        if (logging) this.#log('debug', 'aborted', 'aborted', { ...facts, durationMs });
        watch?.failure(attempt.attempt, durationMs, 'aborted');
        throw attempt.signal.reason;
      }
      if (signal.aborted) {
        if (logging) this.#log('debug', 'timeout', 'timed out', { ...facts, durationMs });
        watch?.failure(attempt.attempt, durationMs, 'PaymentTimeoutError');
        throw new PaymentTimeoutError({ ...where, timeoutMs: attempt.timeoutMs });
      }
      if (logging) this.#log('debug', 'network-error', 'no response', { ...facts, durationMs });
      watch?.failure(attempt.attempt, durationMs, 'PaymentConnectionError');
      // ky's NetworkError only wraps what fetch threw, and carries the Request: keep the inner one.
      const cause = isNetworkError(error) ? error.cause : error;
      throw new PaymentConnectionError(where, {
        cause: redactCause(cause, this.#secrets(operation.secrets)),
      });
    } finally {
      clearTimeout(timer);
      attempt.signal?.removeEventListener('abort', stop);
    }
    if (logging) {
      this.#log('debug', 'response', 'response', {
        method,
        path,
        attempt: attempt.attempt,
        status: response.status,
        durationMs: Date.now() - started,
      });
    }
    watch?.response(attempt.attempt, Date.now() - started, response, text);
    if (isRedirect(response)) throw redirectError(response, url, where);
    const value = interpret(
      { ...where, schema: operation.schema, verify: operation.verify, parse: operation.parse },
      response,
      text,
      config.maxResponseBytes,
      attempt.sensitive,
      operation.secrets === undefined ? this.#secretsOnce : () => this.#secrets(operation.secrets),
    );
    if (attempt.onRawResponse !== undefined) this.#raw(attempt, response, url);
    return value;
  }

  #raw(attempt: Attempt, response: Response, url: string): void {
    const { onRawResponse } = attempt;
    callHook(
      () =>
        onRawResponse?.({
          status: response.status,
          headers: response.headers,
          requestId: response.headers.get('x-request-id') ?? undefined,
          attempt: attempt.attempt,
          url,
        }),
      () => this.#hookFailed('onRawResponse'),
    );
  }

  #hookFailed(hook: string): void {
    this.#log('warn', 'hook-failed', 'a hook failed; ignored', { hook });
  }

  // Made once, not per call: `interpret` calls it only on the way to an error.
  readonly #secretsOnce = () => this.#secrets();

  // Only called on the way to an error: the escaped forms are worked out then.
  #secrets(extra: ReadonlyArray<string> = []): string[] {
    return secretForms([this.#config.password, ...this.#tokens.seen, ...extra]);
  }

  #log(level: keyof Logger, event: LogEvent, message: string, fields: LogFields): void {
    try {
      this.#config.logger?.[level]?.(`pix-payment-sdk: ${message}`, { event, ...fields });
    } catch {
      // A failing logger must not fail a payment.
    }
  }
}
