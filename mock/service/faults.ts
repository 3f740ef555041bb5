import { MAX_TIMER_MS } from '../../src/seam/limits.js';
import { jsonText, reasonPhrase, type ServiceAnswer } from './answers.js';
import { fieldsOf } from './body-fields.js';
import { compilePathPattern, type PathMatcher } from './path-pattern.js';

/**
 * A failure to inject into the requests that match it. Every field is optional.
 *
 * What the matching request gets, in this order of precedence:
 * - `networkError: true`: no answer at all (`fetch` rejects with a `TypeError`; the server
 *   destroys the socket);
 * - `malformedBody: true`: status `status` (default 200) with a body that is not JSON;
 * - `status`: that status with `body` (default `{ message: <reason phrase> }`) and `headers`;
 * - only `delayMs`: the real answer, `delayMs` later;
 * - nothing: 500 `{ message: 'Internal Server Error' }`.
 *
 * `delayMs` delays any of them. Faults never apply to the `/__mock/` control routes. By default
 * (`phase: 'before'`) they come before authentication, like a failure at the edge of the service,
 * and the request changes nothing. With `phase: 'after'` the request is processed first, as
 * usual (a withdrawal it creates stays created), and then the fault replaces or delays its
 * answer: the service did the work but the caller never hears of it.
 *
 * The whole spec is checked before anything changes: a field that could not make a well-formed
 * answer throws an {@link InvalidFaultError} naming it, and the faults in force stay as they were.
 *
 * @example
 * ```ts
 * mock.faults.inject({ method: 'GET', path: '/withdraw/company/currencies', status: 500 });
 * mock.faults.inject({ pathPattern: '/pix/customer/:id/key', networkError: true, times: 2 });
 * mock.faults.inject({ path: '/auth/token', delayMs: 200, times: Infinity });
 * mock.faults.inject({ method: 'POST', path: '/withdraw', networkError: true, phase: 'after' });
 * ```
 */
export interface FaultSpec {
  /** HTTP method to match, any case. Default: every method. */
  readonly method?: string | undefined;
  /**
   * Path to match, relative to `baseUrl` and without the query: a string (starting with `/`)
   * matches exactly, a `RegExp` is tested against it (it runs in your process as written: keep
   * it simple, or use `pathPattern`). Default: every path.
   */
  readonly path?: string | RegExp | undefined;
  /**
   * A path pattern, as the control route takes it: `/`-separated segments, each literal text,
   * `:name` (any one non-empty segment) or `*` (one or more segments), as in `URLPattern`.
   * `'/withdraw/:id/details'`, `'/pix/*'`. Matched segment by segment, never by a regular
   * expression, so no path can make it slow. Not together with `path`.
   */
  readonly pathPattern?: string | undefined;
  /** Status to answer with, 200 to 599 (204, 205 and 304 answer without a body). */
  readonly status?: number | undefined;
  /**
   * JSON body to answer with `status`. Default `{ message: <reason phrase> }`. Serialised when
   * the fault is injected: a value `JSON.stringify` refuses (a `BigInt`, a cycle, a function) is
   * refused then.
   */
  readonly body?: unknown;
  /**
   * Extra response headers, for example `{ 'retry-after': '1' }`. Names are HTTP tokens, values
   * have no CR, LF or NUL; the framing and hop-by-hop headers (`content-length`,
   * `transfer-encoding`, `connection`, `keep-alive`, `upgrade`, `te`, `trailer`,
   * `proxy-connection`) are the server's and are refused.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Milliseconds (real time) to wait before answering, at most 2147483647 (a timer's limit). */
  readonly delayMs?: number | undefined;
  /** Answer with no response at all. */
  readonly networkError?: boolean | undefined;
  /** Answer with a body that is not valid JSON (status `status`, default 200). */
  readonly malformedBody?: boolean | undefined;
  /**
   * When the fault strikes: `'before'` the request is handled (at the edge: the request changes
   * nothing), or `'after'` it has been processed (its effects stay; only the answer is lost,
   * replaced or delayed). The journal entry then records the status the caller got, and in
   * `detail` the status the processing produced.
   *
   * @default 'before'
   */
  readonly phase?: 'before' | 'after' | undefined;
  /**
   * How many matching requests the fault applies to; then it removes itself.
   *
   * @default 1
   */
  readonly times?: number | undefined;
}

/**
 * A fault in force, returned by `mock.faults.inject()`.
 *
 * @example
 * ```ts
 * const fault = mock.faults.inject({ path: '/deposit', status: 503, times: Infinity });
 * // … exercise the client …
 * expect(fault.hits).toBeGreaterThan(0);
 * fault.remove();
 * ```
 */
export interface FaultHandle {
  /** Identifier of the fault (also in the journal entries it answered, as `fault`). */
  readonly id: string;
  /** How many requests it has answered so far. */
  readonly hits: number;
  /** How many more requests it will answer (`Infinity` for a permanent fault). */
  readonly remaining: number;
  /** Removes the fault now. Removing it twice is harmless. */
  remove(): void;
}

/**
 * What `mock.faults.inject()` throws for a fault that cannot be injected: `field` names the
 * offending field and `reason` says why. A refused fault changes nothing. It is a `TypeError`,
 * as every other invalid argument of the mock's controls.
 *
 * @example
 * ```ts
 * try {
 *   mock.faults.inject({ path: '/deposit', headers: { 'content-length': '0' } });
 * } catch (error) {
 *   if (error instanceof InvalidFaultError) console.log(error.field); // 'headers'
 * }
 * ```
 */
export class InvalidFaultError extends TypeError {
  /** Always `'InvalidFaultError'`. */
  override readonly name = 'InvalidFaultError';
  /** The field of the spec that was refused, such as `'headers'` or `'pathPattern'`. */
  readonly field: string;
  /** Why, without the field's name. */
  readonly reason: string;

  /**
   * @param field - the refused field
   * @param reason - why it was refused
   */
  constructor(field: string, reason: string) {
    super(`faults.inject: ${field} ${reason}`);
    this.field = field;
    this.reason = reason;
  }
}

/**
 * What the matched fault makes the router do.
 *
 * @internal
 */
export type FaultAction =
  | { readonly kind: 'network-error' }
  | { readonly kind: 'respond'; readonly response: () => ServiceAnswer }
  | { readonly kind: 'pass' };

interface ActiveFault {
  readonly id: string;
  readonly spec: FaultSpec;
  readonly matchesPath: PathMatcher;
  readonly action: FaultAction;
  hits: number;
  remaining: number;
}

/** More faults than any suite needs; each request is checked against every fault in force. */
const MAX_FAULTS = 1000;

/**
 * The faults in force for one mock.
 *
 * @internal
 */
export class FaultRegistry {
  #faults: ActiveFault[] = [];
  #next = 1;

  inject(spec: FaultSpec): FaultHandle {
    const checked = checkFault(spec);
    if (this.#faults.length >= MAX_FAULTS) {
      throw new RangeError(`faults.inject: ${MAX_FAULTS} faults are already in force`);
    }
    const fault: ActiveFault = { id: `f${this.#next++}`, ...checked, hits: 0 };
    this.#faults.push(fault);
    const registry = this;
    return {
      id: fault.id,
      get hits() {
        return fault.hits;
      },
      get remaining() {
        return fault.remaining;
      },
      remove() {
        registry.remove(fault.id);
      },
    };
  }

  remove(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((fault) => fault.id !== id);
    return this.#faults.length !== before;
  }

  clear(): void {
    this.#faults = [];
  }

  list(): ReadonlyArray<{ id: string; spec: FaultSpec; hits: number; remaining: number }> {
    return this.#faults.map(({ id, spec, hits, remaining }) => ({ id, spec, hits, remaining }));
  }

  /** The first fault matching the request, consumed once; `undefined` when none matches. */
  take(
    method: string,
    path: string,
  ): { id: string; delayMs: number; phase: 'before' | 'after'; action: FaultAction } | undefined {
    const upper = method.toUpperCase();
    const fault = this.#faults.find(
      (candidate) =>
        (candidate.spec.method === undefined || candidate.spec.method === upper) &&
        candidate.matchesPath(path),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.remove(fault.id);
    return {
      id: fault.id,
      delayMs: fault.spec.delayMs ?? 0,
      phase: fault.spec.phase ?? 'before',
      action: fault.action,
    };
  }
}

function pathMatcher(spec: FaultSpec): PathMatcher {
  const { path, pathPattern } = spec;
  if (pathPattern !== undefined) return compilePathPattern(pathPattern);
  if (path === undefined) return () => true;
  if (typeof path === 'string') return (candidate) => candidate === path;
  return (candidate) => {
    path.lastIndex = 0;
    return path.test(candidate);
  };
}

// Statuses whose answers have no body (the Fetch `Response` refuses one).
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function responder(status: number, body: string | null, spec: FaultSpec): FaultAction {
  // The spec's headers may replace the content type, never the declared length (`checkHeaders`
  // refuses framing headers); names lower-cased, as `Headers` keeps them.
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    extra[name.toLowerCase()] = value.replace(/^[\t ]+|[\t ]+$/g, '');
  }
  const answer: ServiceAnswer =
    body === null ? { status, headers: extra, body: null } : jsonText(status, body, extra);
  return { kind: 'respond', response: () => answer };
}

function actionOf(spec: FaultSpec, bodyText: string | undefined): FaultAction {
  if (spec.networkError) return { kind: 'network-error' };
  if (spec.malformedBody) return responder(spec.status ?? 200, '{"message": "truncated', spec);
  if (spec.status === undefined && spec.delayMs !== undefined && spec.body === undefined) {
    return { kind: 'pass' };
  }
  const status = spec.status ?? 500;
  if (NULL_BODY_STATUSES.has(status)) return responder(status, null, spec);
  return responder(status, bodyText ?? JSON.stringify({ message: reasonPhrase(status) }), spec);
}

// RFC 9110 `token`: the characters a method or a header name may have.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What a header value may hold on the wire (as node:http checks it): no CR, LF, NUL or other
// control character but tab, nothing above U+00FF.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Framing and hop-by-hop headers: the server computes them; a fault's copy would corrupt framing.
const SERVER_HEADERS = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// The fields of a fault: one it does not have is refused rather than left to make a fault that
// quietly does something else (`statsu: 503` would answer 500).
const FAULT_FIELDS: ReadonlyArray<string> = fieldsOf<FaultSpec>()([
  'method',
  'path',
  'pathPattern',
  'status',
  'body',
  'headers',
  'delayMs',
  'networkError',
  'malformedBody',
  'phase',
  'times',
]);

function fail(field: string, reason: string): never {
  throw new InvalidFaultError(field, reason);
}

function optional<T>(
  spec: FaultSpec,
  field: keyof FaultSpec,
  check: (value: unknown) => value is T,
  reason: string,
): T | undefined {
  const value = spec[field];
  if (value !== undefined && !check(value)) fail(field, reason);
  return value as T | undefined;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isString = (value: unknown): value is string => typeof value === 'string';

/** The most headers a fault's answer may add: an answer past a client's header limits tests nothing. */
const MAX_FAULT_HEADERS = 100;

function checkHeaders(headers: unknown): void {
  if (headers === undefined) return;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    fail('headers', 'must be an object of header names to string values');
  }
  if (Object.keys(headers).length > MAX_FAULT_HEADERS) {
    fail('headers', `must hold at most ${MAX_FAULT_HEADERS} headers`);
  }
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    const shown = JSON.stringify(name);
    if (!TOKEN.test(name)) fail('headers', `name ${shown} is not a valid header name`);
    const lower = name.toLowerCase();
    if (SERVER_HEADERS.has(lower)) {
      fail('headers', `${shown} is a framing or hop-by-hop header the server sets itself`);
    }
    if (seen.has(lower)) fail('headers', `name ${shown} is given twice`);
    seen.add(lower);
    if (typeof value !== 'string') fail('headers', `${shown} must be a string`);
    if (!HEADER_VALUE.test(value)) {
      fail('headers', `${shown} has a character a header value cannot carry (CR, LF, NUL, …)`);
    }
  }
}

function serialiseBody(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    fail(
      'body',
      `cannot be serialised as JSON (${error instanceof Error ? error.message : error})`,
    );
  }
  if (text === undefined)
    fail('body', 'cannot be serialised as JSON (JSON.stringify gives nothing)');
  return text;
}

/** Checks every field, then builds the fault; throws before anything is kept. */
function checkFault(
  spec: FaultSpec,
): Pick<ActiveFault, 'spec' | 'matchesPath' | 'action' | 'remaining'> {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    fail('spec', 'must be an object');
  }
  const unknown = Object.keys(spec).find((key) => !FAULT_FIELDS.includes(key));
  if (unknown !== undefined) {
    fail(unknown.slice(0, 40), `is not a field of a fault (it has ${FAULT_FIELDS.join(', ')})`);
  }
  const method = optional(spec, 'method', isString, 'must be a string');
  if (method !== undefined && !TOKEN.test(method)) fail('method', 'is not an HTTP method token');
  const { path, pathPattern } = spec;
  if (path !== undefined && pathPattern !== undefined) {
    fail('pathPattern', 'cannot be combined with path');
  }
  if (path !== undefined && !(path instanceof RegExp)) {
    if (typeof path !== 'string') fail('path', 'must be a string or a RegExp');
    if (!path.startsWith('/')) fail('path', 'must start with "/" (it is relative to baseUrl)');
  }
  optional(spec, 'pathPattern', isString, 'must be a string');
  const status = optional(
    spec,
    'status',
    (value): value is number =>
      Number.isInteger(value) && Number(value) >= 200 && Number(value) <= 599,
    'must be an integer from 200 to 599',
  );
  optional(
    spec,
    'delayMs',
    (value): value is number =>
      typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_TIMER_MS,
    `must be a finite number from 0 to ${MAX_TIMER_MS}`,
  );
  const networkError = optional(spec, 'networkError', isBoolean, 'must be a boolean');
  const malformedBody = optional(spec, 'malformedBody', isBoolean, 'must be a boolean');
  if (networkError && (status !== undefined || malformedBody)) {
    fail('networkError', 'cannot be combined with status or malformedBody');
  }
  optional(
    spec,
    'phase',
    (value): value is string => value === 'before' || value === 'after',
    "must be 'before' or 'after'",
  );
  const times = spec.times ?? 1;
  if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times > 0))) {
    fail('times', 'must be a positive integer or Infinity');
  }
  checkHeaders(spec.headers);
  const bodyText = serialiseBody(spec.body);
  const answered = malformedBody ? (status ?? 200) : (status ?? 500);
  if (NULL_BODY_STATUSES.has(answered) && (bodyText !== undefined || malformedBody)) {
    fail('body', `cannot be sent with status ${answered}, which has no body`);
  }
  let matchesPath: PathMatcher;
  try {
    matchesPath = pathMatcher(spec);
  } catch (error) {
    fail('pathPattern', error instanceof Error ? error.message : String(error));
  }
  // A copy, so changing the caller's object later changes nothing; headers are copied too.
  const copy: FaultSpec = {
    ...spec,
    ...(method !== undefined ? { method: method.toUpperCase() } : {}),
    ...(spec.headers !== undefined ? { headers: { ...spec.headers } } : {}),
    times,
  };
  return { spec: copy, matchesPath, action: actionOf(copy, bodyText), remaining: times };
}
