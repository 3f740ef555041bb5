import { reasonPhrase } from './http.js';

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
 * @example
 * ```ts
 * mock.faults.inject({ method: 'GET', path: '/withdraw/company/currencies', status: 500 });
 * mock.faults.inject({ path: /^\/pix\/customer\//, networkError: true, times: 2 });
 * mock.faults.inject({ path: '/auth/token', delayMs: 200, times: Infinity });
 * mock.faults.inject({ method: 'POST', path: '/withdraw', networkError: true, phase: 'after' });
 * ```
 */
export interface FaultSpec {
  /** HTTP method to match, any case. Default: every method. */
  readonly method?: string | undefined;
  /**
   * Path to match, relative to `baseUrl` and without the query: a string matches exactly, a
   * `RegExp` is tested against it. Default: every path.
   */
  readonly path?: string | RegExp | undefined;
  /** Status to answer with. */
  readonly status?: number | undefined;
  /** JSON body to answer with `status`. Default `{ message: <reason phrase> }`. */
  readonly body?: unknown;
  /** Extra response headers, for example `{ 'retry-after': '1' }`. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Milliseconds (real time) to wait before answering. */
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
 * What the matched fault makes the router do.
 *
 * @internal
 */
export type FaultAction =
  | { readonly kind: 'network-error' }
  | { readonly kind: 'respond'; readonly response: () => Response }
  | { readonly kind: 'pass' };

interface ActiveFault {
  readonly id: string;
  readonly spec: FaultSpec;
  hits: number;
  remaining: number;
}

/**
 * The faults in force for one mock.
 *
 * @internal
 */
export class FaultRegistry {
  #faults: ActiveFault[] = [];
  #next = 1;

  inject(spec: FaultSpec): FaultHandle {
    const fault = validateFault(spec, `f${this.#next++}`);
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
    const fault = this.#faults.find((candidate) => matches(candidate.spec, method, path));
    if (!fault) return undefined;
    fault.hits += 1;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.remove(fault.id);
    return {
      id: fault.id,
      delayMs: fault.spec.delayMs ?? 0,
      phase: fault.spec.phase ?? 'before',
      action: actionOf(fault.spec),
    };
  }
}

function matches(spec: FaultSpec, method: string, path: string): boolean {
  if (spec.method !== undefined && spec.method.toUpperCase() !== method.toUpperCase()) return false;
  if (spec.path === undefined) return true;
  if (typeof spec.path === 'string') return spec.path === path;
  spec.path.lastIndex = 0;
  return spec.path.test(path);
}

function actionOf(spec: FaultSpec): FaultAction {
  if (spec.networkError) return { kind: 'network-error' };
  if (spec.malformedBody) {
    const status = spec.status ?? 200;
    return {
      kind: 'respond',
      response: () =>
        new Response('{"message": "truncated', {
          status,
          headers: { 'content-type': 'application/json; charset=utf-8', ...spec.headers },
        }),
    };
  }
  if (spec.status === undefined && spec.delayMs !== undefined && spec.body === undefined) {
    return { kind: 'pass' };
  }
  const status = spec.status ?? 500;
  return {
    kind: 'respond',
    response: () =>
      new Response(
        JSON.stringify(spec.body === undefined ? { message: reasonPhrase(status) } : spec.body),
        { status, headers: { 'content-type': 'application/json; charset=utf-8', ...spec.headers } },
      ),
  };
}

function validateFault(spec: FaultSpec, id: string): ActiveFault {
  if (typeof spec !== 'object' || spec === null) {
    throw new TypeError('faults.inject(spec): spec must be an object');
  }
  const times = spec.times ?? 1;
  if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times > 0))) {
    throw new TypeError('faults.inject: times must be a positive integer or Infinity');
  }
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 200 && spec.status <= 599)
  ) {
    throw new TypeError('faults.inject: status must be an integer from 200 to 599');
  }
  if (
    spec.delayMs !== undefined &&
    !(typeof spec.delayMs === 'number' && Number.isFinite(spec.delayMs) && spec.delayMs >= 0)
  ) {
    throw new TypeError('faults.inject: delayMs must be a finite number, not negative');
  }
  if (spec.networkError && (spec.status !== undefined || spec.malformedBody)) {
    throw new TypeError(
      'faults.inject: networkError cannot be combined with status or malformedBody',
    );
  }
  if (spec.phase !== undefined && spec.phase !== 'before' && spec.phase !== 'after') {
    throw new TypeError("faults.inject: phase must be 'before' or 'after'");
  }
  if (spec.path !== undefined && typeof spec.path !== 'string' && !(spec.path instanceof RegExp)) {
    throw new TypeError('faults.inject: path must be a string or a RegExp');
  }
  const copy: FaultSpec = { ...spec, times };
  return { id, spec: copy, hits: 0, remaining: times };
}
