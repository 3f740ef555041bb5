import type { PaymentIssue } from '../errors/index.js';
import { isPaymentApiError } from '../errors/index.js';
import { redactText, secretForms } from '../seam/redact.js';
import { checkKnownOptions, isRecord } from './options.js';
import { parseLenient } from './response.js';

/**
 * What every hook event says of the call it belongs to. The `call` object is the same for every
 * event of one call, so a hook can keep per-call state in a `WeakMap` keyed by it.
 *
 * @example
 * ```ts
 * const started = new WeakMap<object, number>();
 * const hooks: PaymentHooks = {
 *   onRequest: (event) => {
 *     if (event.attempt === 1) started.set(event.call, Date.now());
 *   },
 * };
 * ```
 */
export interface HookCall {
  /** A token of the call's identity: the same object in each of its events. */
  readonly call: object;
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * The operation's path with its parameters as `{name}`, relative to the base URL:
   * `'/withdraw/{id}/details'`. Low in cardinality, so fit for a metric's label.
   */
  readonly pathTemplate: string;
  /** The path as sent, relative to the base URL, parameters filled in and percent-encoded. */
  readonly path: string;
  /** The whole URL: base URL and path. Never carries credentials (`baseUrl` cannot hold any). */
  readonly url: string;
  /** When the call started, in milliseconds since the epoch (`Date.now()`). */
  readonly startTime: number;
}

/**
 * An attempt about to be sent: {@link PaymentHooks.onRequest}.
 *
 * @example
 * ```ts
 * const onRequest = (event: HookRequestEvent) => console.log(`${event.method} ${event.pathTemplate} #${event.attempt}`);
 * ```
 */
export interface HookRequestEvent extends HookCall {
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  readonly attempt: number;
  /**
   * The body of the request (in `onRequest`) or of its answer (in `onResponse`, parsed where it
   * is JSON), redacted, when the hooks set `includeBodies`; `undefined` otherwise, without a body,
   * and always for the login (its request holds the password, its answer the token).
   */
  readonly body?: unknown;
}

/**
 * The end of one attempt: an answer (`status`) or none (`error`). {@link PaymentHooks.onResponse}.
 *
 * @example
 * ```ts
 * const onResponse = (event: HookResponseEvent) =>
 *   metrics.timing('pix.attempt', event.durationMs, { route: `${event.method} ${event.pathTemplate}`, status: event.status ?? event.error });
 * ```
 */
export interface HookResponseEvent extends HookRequestEvent {
  /** From sending the request to reading the whole answer (or giving up), in milliseconds. */
  readonly durationMs: number;
  /** The HTTP status; `undefined` when no answer came. */
  readonly status?: number | undefined;
  /** The answer's `x-request-id` header, to quote to the provider's support. */
  readonly requestId?: string | undefined;
  /**
   * Why no answer came: `'PaymentTimeoutError'`, `'PaymentConnectionError'` or `'aborted'` (the
   * caller's signal). `undefined` when an answer came, whatever its status.
   */
  readonly error?: 'PaymentTimeoutError' | 'PaymentConnectionError' | 'aborted' | undefined;
}

/**
 * The end of a call, after its last attempt: {@link PaymentHooks.onCallEnd}.
 *
 * @example
 * ```ts
 * const onCallEnd = (event: HookCallEndEvent) => {
 *   if (event.errorType !== undefined) console.warn(`${event.method} ${event.pathTemplate} failed: ${event.errorType}`);
 * };
 * ```
 */
export interface HookCallEndEvent extends HookCall {
  /** Attempts sent (0 when the call failed before sending, on its login for example). */
  readonly attempts: number;
  /** From the start of the call to its end, waits for the token and between retries included. */
  readonly durationMs: number;
  /** The last answer's HTTP status; `undefined` when no answer came. */
  readonly status?: number | undefined;
  /** The last answer's `x-request-id` header. */
  readonly requestId?: string | undefined;
  /**
   * A short, low-cardinality name of the failure: the HTTP status as text (`'503'`) for an error
   * answer, else the error's class name (`'PaymentTimeoutError'`, `'PaymentResponseError'`), or
   * `'aborted'` when the caller's signal stopped the call. `undefined` when it succeeded.
   */
  readonly errorType?: string | undefined;
}

/**
 * Functions the client calls as it works, to count, time and trace its calls: before each
 * attempt, after each attempt, and when a call ends. Events carry the method, path template, URL,
 * attempt, status, duration and request id; never a header, the token or the password, and a
 * body only when `includeBodies` is set, then redacted. The login (`POST /auth/token`) is a call
 * of its own, shared by the calls waiting for it, and its bodies are never included.
 *
 * Hooks run synchronously, in the call's own flow: keep them quick (the client does not wait
 * for a promise one returns). One that throws, or returns a promise that rejects, is ignored (the
 * client logs it as `hook-failed`, `warn`, when it has a `logger`): a hook never fails a payment.
 *
 * @example
 * ```ts
 * const client = new PaymentClient({
 *   baseUrl, email, password,
 *   hooks: {
 *     onResponse: (event) => console.log(`${event.method} ${event.pathTemplate} ${event.status ?? event.error} ${event.durationMs}ms`),
 *     onCallEnd: (event) => metrics.increment('pix.calls', { route: event.pathTemplate, outcome: event.errorType ?? 'ok' }),
 *   },
 * });
 * ```
 */
export interface PaymentHooks {
  /** Before each attempt is sent, the first and every retry. */
  readonly onRequest?: ((event: HookRequestEvent) => void) | undefined;
  /** After each attempt: its answer's status, or why none came. */
  readonly onResponse?: ((event: HookResponseEvent) => void) | undefined;
  /** Once per call, when it succeeds or fails, after every retry. */
  readonly onCallEnd?: ((event: HookCallEndEvent) => void) | undefined;
  /**
   * Adds the request and answer bodies to the events, parsed and redacted: the password, the
   * tokens and any value under a key that names a secret (`password`, `token`, `secret`,
   * `authorization`) become `'[redacted]'`. Bodies hold personal data (names, tax ids, Pix keys):
   * use this for debugging, not in production logs.
   * @default false
   */
  readonly includeBodies?: boolean | undefined;
}

const HOOK_OPTIONS = Object.keys({
  onRequest: 0,
  onResponse: 0,
  onCallEnd: 0,
  includeBodies: 0,
} satisfies Record<keyof PaymentHooks, 0>);

/**
 * Checks the client's `hooks` option: one {@link PaymentHooks} object or an array of them.
 *
 * @internal
 */
export function checkHooks(value: unknown, issues: PaymentIssue[]): void {
  if (value === undefined) return;
  const list = Array.isArray(value) ? value : [value];
  list.forEach((hooks: unknown, index) => {
    const at = Array.isArray(value) ? ['hooks', String(index)] : ['hooks'];
    if (!isRecord(hooks)) {
      issues.push({ path: at, message: 'must be an object of hook functions' });
      return;
    }
    checkKnownOptions(issues, hooks, HOOK_OPTIONS, at);
    for (const name of ['onRequest', 'onResponse', 'onCallEnd'] as const) {
      if (hooks[name] !== undefined && typeof hooks[name] !== 'function') {
        issues.push({ path: [...at, name], message: 'must be a function' });
      }
    }
  });
}

/**
 * Runs a hook and reports its failure, whether it throws or returns a promise that rejects (an
 * `async` hook): a rejection nobody handles would end a Node.js process.
 *
 * @internal
 */
export function callHook(run: () => unknown, failed: (error: unknown) => void): void {
  try {
    const result = run();
    if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
      (result as PromiseLike<unknown>).then(undefined, failed);
    }
  } catch (error) {
    failed(error);
  }
}

const REDACTED = '[redacted]';
// Keys whose value is a secret wherever they appear in a body.
const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|api[-_]?key/i;
const MAX_DEPTH = 32;

/** A deep copy of a body with every secret value and every value under a secret's key removed. */
function redactBody(value: unknown, secrets: ReadonlyArray<string>, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactBody(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[redactText(key, secrets)] = SECRET_KEY.test(key)
      ? REDACTED
      : redactBody(item, secrets, depth + 1);
  }
  return copy;
}

// The strings a request body holds under a secret's key (a sub-account's password): a service
// that echoes the request may quote them anywhere in its answer.
function secretValues(value: unknown, found: string[], depth = 0): string[] {
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return found;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && SECRET_KEY.test(key)) found.push(item);
    else secretValues(item, found, depth + 1);
  }
  return found;
}

// What a failed call is called in `errorType`: the status of an error answer, else the class.
function errorTypeOf(error: unknown, aborted: boolean): string {
  if (aborted) return 'aborted';
  if (isPaymentApiError(error)) return String(error.status);
  if (error instanceof Error) return error.name;
  return 'unknown';
}

interface Dispatch {
  readonly hooks: ReadonlyArray<PaymentHooks>;
  readonly secrets: () => string[];
  readonly failed: (hook: string, error: unknown) => void;
}

/**
 * One call under observation, made by {@link Observer.start} only when hooks are set: the
 * transport holds `undefined` otherwise and pays one check per step.
 *
 * @internal
 */
export class CallWatch {
  readonly #dispatch: Dispatch;
  readonly #facts: HookCall;
  readonly #sensitive: boolean;
  #attempts = 0;
  // The request body as the caller gave it, for the secrets an answer may echo.
  #sent: unknown;
  #status: number | undefined;
  #requestId: string | undefined;

  constructor(dispatch: Dispatch, facts: Omit<HookCall, 'call' | 'startTime'>, sensitive: boolean) {
    this.#dispatch = dispatch;
    this.#facts = { call: {}, ...facts, startTime: Date.now() };
    this.#sensitive = sensitive;
  }

  // Emits `event` to each hook `name`; those with `includeBodies` get it with `body` added, read
  // (and redacted) once, only if one of them asks.
  #emit<E extends object>(
    name: 'onRequest' | 'onResponse' | 'onCallEnd',
    event: E,
    body?: () => unknown,
  ): void {
    let withBody: E | undefined;
    const failed = (error: unknown) => this.#dispatch.failed(name, error);
    for (const hooks of this.#dispatch.hooks) {
      const hook = hooks[name] as ((event: E) => unknown) | undefined;
      if (hook === undefined) continue;
      callHook(() => {
        if (body === undefined || hooks.includeBodies !== true || this.#sensitive)
          return hook(event);
        withBody ??= { ...event, body: redactBody(body(), this.#secrets()) };
        return hook(withBody);
      }, failed);
    }
  }

  #secrets(): string[] {
    const echoed = secretForms(secretValues(this.#sent, []));
    return [...this.#dispatch.secrets(), ...echoed].sort((a, b) => b.length - a.length);
  }

  /** An attempt is about to be sent with `body` (not yet serialised). */
  request(attempt: number, body: unknown): void {
    this.#attempts = attempt;
    this.#sent = body;
    this.#emit<HookRequestEvent>(
      'onRequest',
      { ...this.#facts, attempt },
      body === undefined ? undefined : () => body,
    );
  }

  /** An attempt got an answer; `text` is its body, `undefined` when unread (too large, a redirect). */
  response(attempt: number, durationMs: number, response: Response, text: string | undefined) {
    this.#status = response.status;
    this.#requestId = response.headers.get('x-request-id') ?? undefined;
    this.#emit<HookResponseEvent>(
      'onResponse',
      { ...this.#facts, attempt, durationMs, status: response.status, requestId: this.#requestId },
      text === undefined ? undefined : () => parseLenient(text),
    );
  }

  /** An attempt got no answer. */
  failure(attempt: number, durationMs: number, error: NonNullable<HookResponseEvent['error']>) {
    this.#status = undefined;
    this.#requestId = undefined;
    this.#emit<HookResponseEvent>('onResponse', { ...this.#facts, attempt, durationMs, error });
  }

  /** The call ended: `error` is what it rejects with, `undefined` on success. */
  end(error: unknown, failed: boolean, aborted = false): void {
    this.#emit<HookCallEndEvent>('onCallEnd', {
      ...this.#facts,
      attempts: this.#attempts,
      durationMs: Date.now() - this.#facts.startTime,
      status: this.#status,
      requestId: this.#requestId,
      errorType: failed ? errorTypeOf(error, aborted) : undefined,
    });
  }
}

/**
 * The client's hooks, checked and gathered: starts a {@link CallWatch} per call.
 *
 * @internal
 */
export class Observer {
  readonly #dispatch: Dispatch;
  readonly #baseUrl: string;

  /** `undefined` for no hooks, so that the transport holds nothing to call. */
  static of(
    option: PaymentHooks | ReadonlyArray<PaymentHooks> | undefined,
    baseUrl: string,
    secrets: () => string[],
    failed: (hook: string, error: unknown) => void,
  ): Observer | undefined {
    if (option === undefined) return undefined;
    const hooks = Array.isArray(option) ? [...option] : [option as PaymentHooks];
    if (hooks.length === 0) return undefined;
    return new Observer({ hooks, secrets, failed }, baseUrl);
  }

  private constructor(dispatch: Dispatch, baseUrl: string) {
    this.#dispatch = dispatch;
    this.#baseUrl = baseUrl;
  }

  /** A call starts. `sensitive`: its bodies hold secrets (the login's), never included. */
  start(
    method: HookCall['method'],
    pathTemplate: string,
    path: string,
    sensitive: boolean,
  ): CallWatch {
    return new CallWatch(
      this.#dispatch,
      { method, pathTemplate, path, url: this.#baseUrl + path },
      sensitive,
    );
  }
}

/**
 * The raw answer of a call that succeeded, beside the value the method returns: its status and
 * headers, for `RequestOptions.onRawResponse`.
 *
 * @example
 * ```ts
 * let raw: RawResponse | undefined;
 * const details = await client.withdrawals.get(id, { onRawResponse: (response) => (raw = response) });
 * console.log(raw?.status, raw?.requestId, raw?.headers.get('x-ratelimit-remaining'));
 * ```
 */
export interface RawResponse {
  /** The HTTP status of the successful answer (a 2xx). */
  readonly status: number;
  /** The answer's headers, as received (read-only). */
  readonly headers: Headers;
  /** The answer's `x-request-id` header. */
  readonly requestId: string | undefined;
  /** The attempt that succeeded: 1 unless retries were needed. */
  readonly attempt: number;
  /** The URL the request went to. */
  readonly url: string;
}
