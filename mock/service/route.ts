import type { ServiceAnswer } from './answers.js';
import type { OperationId, ServiceOperation } from './operations.js';
import type { MockRequest } from './request.js';
import type { AccountState } from './state/accounts.js';
import type { ServiceState } from './state/service-state.js';

/**
 * What a resolver gets: the state of the account whose token called it (the main account for
 * the operations without a token), the decoded path parameters, the parsed JSON body when the
 * operation reads one, and the caller address (the router has checked the allowlist and the token
 * and read the body before). A resolver reads and writes `state` alone, so it cannot reach
 * another account; the two that must see every account, logging in and creating a sub-account,
 * read `service`.
 *
 * @internal
 */
export interface RouteContext {
  readonly state: AccountState;
  readonly service: ServiceState;
  readonly request: MockRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly callerIp: string;
}

/**
 * Answers one operation. Resolvers validate everything before they change anything, so a request
 * that fails leaves the state as it was.
 *
 * @internal
 */
export type Resolver = (context: RouteContext) => ServiceAnswer | Promise<ServiceAnswer>;

/**
 * One resolver per operation of the table, by id.
 *
 * @internal
 */
export type Resolvers = { readonly [Id in OperationId]: Resolver };

/**
 * An operation of the table as the router matches it.
 *
 * @internal
 */
export interface ServiceRoute {
  readonly method: ServiceOperation['method'];
  /** Segments; `:name` captures one decoded segment. */
  readonly path: string;
  readonly operation: OperationId;
  /** Whether the route needs `Authorization: Bearer <token>`. */
  readonly auth: boolean;
  /** Whether the route reads a JSON body. */
  readonly body: boolean;
  readonly handle: Resolver;
}

/**
 * The route of an operation: its path with each `{name}` turned into the router's `:name`, and
 * the body read only where the service requires one.
 *
 * @internal
 */
export function routeOf(spec: ServiceOperation, resolver: Resolver): ServiceRoute {
  return {
    method: spec.method,
    path: spec.path.replace(/\{(\w+)\}/g, ':$1'),
    operation: spec.id,
    auth: spec.auth,
    body: spec.request !== undefined && spec.optionalRequest !== true,
    handle: resolver,
  };
}

// Route patterns are few and fixed: split each once, not on every request.
const PATTERN_PARTS = new Map<string, ReadonlyArray<string>>();

function patternParts(pattern: string): ReadonlyArray<string> {
  let parts = PATTERN_PARTS.get(pattern);
  if (parts === undefined) {
    parts = pattern.split('/').filter(Boolean);
    PATTERN_PARTS.set(pattern, parts);
  }
  return parts;
}

/**
 * Matches a decoded path (segments) against a route pattern.
 *
 * @internal
 */
export function matchPath(
  pattern: string,
  segments: ReadonlyArray<string>,
): Record<string, string> | undefined {
  const parts = patternParts(pattern);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = Object.create(null);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}

/**
 * Splits a path into decoded segments; `undefined` when a segment is not valid percent-encoding.
 * One trailing slash is ignored. An encoded slash stays inside its segment, so it never adds one.
 *
 * @internal
 */
export function splitPath(path: string): string[] | undefined {
  const raw = path.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 1 && raw[0] === '') return [];
  try {
    // Without a `%` there is nothing to decode (and nothing that could fail to decode).
    return raw.map((segment) => (segment.includes('%') ? decodeURIComponent(segment) : segment));
  } catch {
    return undefined;
  }
}
