import type { JournalEntry } from '../types/records.js';
import { errorResponse, HttpError, refusalResponse, type ServiceAnswer } from './answers.js';
import { authResolvers } from './handlers/auth.js';
import { companyResolvers } from './handlers/company.js';
import { cryptoResolvers } from './handlers/crypto.js';
import { customerResolvers } from './handlers/customers.js';
import { depositResolvers } from './handlers/deposits.js';
import { pixKeyResolvers } from './handlers/pix-keys.js';
import { transactionResolvers } from './handlers/transactions.js';
import { withdrawalResolvers } from './handlers/withdrawals.js';
import { type OperationId, SERVICE_OPERATIONS } from './operations.js';
import { isJsonContentType, type MockRequest, utf8 } from './request.js';
import { matchPath, type Resolvers, routeOf, type ServiceRoute, splitPath } from './route.js';
import type { AccountState } from './state/accounts.js';
import { journalBody } from './state/journal.js';
import type { ServiceState } from './state/service-state.js';

/**
 * What the router answers instead of a response when a fault asks for a network error; each
 * transport turns it into its own kind of failure.
 *
 * @internal
 */
export const NETWORK_ERROR: unique symbol = Symbol('pix-payment-mock.network-error');

/** @internal */
export type RouterResult = ServiceAnswer | typeof NETWORK_ERROR;

// One resolver per operation id; the type makes a missing or unknown id a compile error.
const RESOLVERS: Resolvers = {
  ...authResolvers,
  ...pixKeyResolvers,
  ...transactionResolvers,
  ...withdrawalResolvers,
  ...depositResolvers,
  ...customerResolvers,
  ...companyResolvers,
  ...cryptoResolvers,
};

/**
 * The service's routes: one per operation of the table, answered by that operation's resolver.
 *
 * @internal
 */
export const SERVICE_ROUTES: ReadonlyArray<ServiceRoute> = SERVICE_OPERATIONS.map((spec) =>
  routeOf(spec, RESOLVERS[spec.id]),
);

/**
 * The one request router every transport calls (MSW handlers, `mock.fetch` and the HTTP server),
 * so the service answers alike through each. The HTTP server alone also answers what only a socket
 * brings, before the router and so without a journal entry: the refusals of its access rules
 * (`Host`, `Origin`, the control token), a body over `maxBodyBytes` (413), a request it cannot
 * read (400), and `GET /openapi.json`.
 *
 * @internal
 */
export interface Router {
  /**
   * Answers a request. `path` is relative to the base URL (without the query), `callerIp` the
   * address the allowlist is checked against.
   */
  handle(request: MockRequest, path: string, callerIp: string): Promise<RouterResult>;
}

/** What the HTTP server serves of a mock: its state (for its limits) and its router. */
export interface MockParts {
  readonly state: ServiceState;
  readonly router: Router;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `new URL(url).search` of an already normalised URL, without parsing it again. */
function queryOf(url: string): string {
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const at = url.indexOf('?');
  return at === -1 || at >= end - 1 ? '' : url.slice(at, end);
}

function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** The account of the request's token, when it may call `operation`, or why not. */
async function authenticate(
  state: ServiceState,
  request: MockRequest,
  operation: OperationId,
): Promise<AccountState | string> {
  const header = request.header('authorization');
  if (header === null) return 'missing Authorization header';
  // A promise used as a token: `mock.auth.issueToken()` without `await`.
  if (header.includes('[object Promise]')) {
    return 'the token is "[object Promise]": await mock.auth.issueToken()';
  }
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match?.[1]) return 'Authorization is not "Bearer <token>"';
  const verdict = await state.auth.verify(match[1]);
  if ('refused' in verdict) return verdict.refused;
  const account = state.accounts.get(verdict.accountId);
  if (account === undefined) return 'token of an unknown account';
  if (verdict.serial < account.tokensFrom) {
    return 'token of an account that a reset removed (issued before this account was created)';
  }
  if (account.deniedActions.has(operation)) return `not authorized for ${operation}`;
  return account;
}

function parseJson(request: MockRequest, bytes: Uint8Array): unknown {
  if (!isJsonContentType(request.header('content-type'))) {
    // The mock's choice: a body must be declared as JSON, as a JSON body parser requires.
    throw new HttpError(400, 'Content-Type must be application/json');
  }
  const text = utf8(bytes);
  if (text.trim() === '') throw new HttpError(400, 'body is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
}

/**
 * Answers a request under `/__mock/` (`path` as the router's): the mock's own control routes,
 * which the mock's composition root plugs in, so that the service knows nothing of its controls.
 *
 * @internal
 */
export type ControlRouteHandler = (request: MockRequest, path: string) => Promise<ServiceAnswer>;

/** Without control routes plugged in, every path under `/__mock/` is unknown. */
const NO_CONTROL_ROUTES: ControlRouteHandler = async (request, path) =>
  refusalResponse(404, `no control route ${request.method} ${path}`);

/**
 * The router of one mock's state; `controls` answers the paths under `/__mock/`.
 *
 * @internal
 */
export function createRouter(
  state: ServiceState,
  controls: ControlRouteHandler = NO_CONTROL_ROUTES,
): Router {
  return {
    async handle(request, path, rawCallerIp) {
      const callerIp = normaliseIp(rawCallerIp);
      if (path === '/__mock' || path.startsWith('/__mock/')) return controls(request, path);
      const method = request.method;
      const query = queryOf(request.url);
      const segments = splitPath(path);
      let route: ServiceRoute | undefined;
      let params: Record<string, string> | undefined;
      for (const candidate of segments ? SERVICE_ROUTES : []) {
        if (candidate.method !== method) continue;
        params = matchPath(candidate.path, segments ?? []);
        if (params) {
          route = candidate;
          break;
        }
      }
      const entry: { -readonly [K in keyof JournalEntry]: JournalEntry[K] } = {
        id: state.journal.nextRequestId(),
        method,
        path,
        query,
        operation: route?.operation ?? null,
        status: 0,
        time: state.nowIso(),
        callerIp,
      };
      state.journal.add(entry);

      const fault = state.faults.take(method, path);
      if (fault) entry.fault = fault.id;
      if (fault?.phase === 'before') {
        await sleep(fault.delayMs, request.signal);
        // A caller that gave up while the request was held at the edge never reached the
        // service: nothing is processed, as the docs promise for every fault before processing.
        if (request.signal.aborted) {
          entry.detail = `the caller gave up during fault ${fault.id}'s delay; not processed`;
          return NETWORK_ERROR;
        }
        if (fault.action.kind === 'network-error') return NETWORK_ERROR;
        if (fault.action.kind === 'respond') {
          const response = fault.action.response();
          entry.status = response.status;
          return response;
        }
      }

      let response: ServiceAnswer;
      try {
        response = await answer(state, request, route, params, callerIp, entry);
        entry.status = response.status;
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        entry.status = status;
        entry.detail = error instanceof Error ? error.message : String(error);
        // The reason goes out in a header; a failure of the mock itself (500) stays unexplained.
        response =
          error instanceof HttpError
            ? refusalResponse(status, error.detail, error.bodyMessage)
            : errorResponse(status);
      }
      if (fault?.phase !== 'after') return response;

      // The request has been processed; the fault decides what, if anything, the caller hears.
      entry.detail = `processed (${entry.status}) before fault ${fault.id} took the answer${entry.detail === undefined ? '' : `; ${entry.detail}`}`;
      await sleep(fault.delayMs, request.signal);
      if (fault.action.kind === 'network-error') {
        entry.status = 0;
        return NETWORK_ERROR;
      }
      if (fault.action.kind === 'respond') {
        const replaced = fault.action.response();
        entry.status = replaced.status;
        return replaced;
      }
      return response;
    },
  };
}

async function answer(
  state: ServiceState,
  request: MockRequest,
  route: ServiceRoute | undefined,
  params: Record<string, string> | undefined,
  callerIp: string,
  entry: {
    path: string;
    authFailure?: string;
    account?: string;
    body?: unknown;
    bodyBytes?: number;
    truncated?: true;
  },
): Promise<ServiceAnswer> {
  // The size limit comes first, as at the edge of a real service: 413 before 404 or 401.
  const bytes = await request.bytes(state.maxBodyBytes);
  if (bytes.byteLength > 0) entry.bodyBytes = bytes.byteLength;
  if (!route || !params) {
    throw new HttpError(404, `no operation ${request.method} ${entry.path} under ${state.baseUrl}`);
  }
  // The allowlist applies to every operation, the token endpoint included (the mock's choice).
  if (!state.auth.allows(callerIp)) {
    entry.authFailure = `caller ${callerIp} not in the allowlist`;
    throw new HttpError(401, entry.authFailure);
  }
  // The account of the token: the resolver is handed its state alone.
  const main = state.accounts.main;
  let account = main;
  if (route.auth) {
    const found = await authenticate(state, request, route.operation);
    if (typeof found === 'string') {
      entry.authFailure = found;
      throw new HttpError(401, found);
    }
    account = found;
    if (account !== main) entry.account = account.id;
  }
  let body: unknown;
  if (route.body) {
    body = parseJson(request, bytes);
    Object.assign(entry, journalBody(body));
  }
  return route.handle({ state: account, service: state, request, params, body, callerIp });
}
