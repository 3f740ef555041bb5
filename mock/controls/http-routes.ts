// The control routes over HTTP: a request under `/__mock/` is matched against the table
// (./routes.ts), read into its control's arguments, and answered with what the control returns,
// or with its error mapped to a status here, once. The mock's composition root (mock/create.ts)
// plugs this into the router.

import {
  HttpError,
  json,
  jsonText,
  reasonHeader,
  reasonPhrase,
  type ServiceAnswer,
} from '../service/answers.js';
import { isRecord, own } from '../service/body-fields.js';
import {
  type MockRefusalCode,
  MockRefusalError,
  refusalStatus,
  UnknownIdError,
} from '../service/control-refusal.js';
import { type MockRequest, utf8 } from '../service/request.js';
import { matchPath, splitPath } from '../service/route.js';
import type { ControlRouteHandler } from '../service/router.js';
import type { ServiceState } from '../service/state/service-state.js';
import { accountControls, accountOf } from './account.js';
import {
  type ArgPlace,
  CONTROL_ROUTES,
  type ControlRoute,
  type ControlScope,
  Encoded,
} from './routes.js';
import { serviceControls } from './service.js';

/**
 * Every control route, as the server matches them and the bin's `--help` lists them.
 *
 * @internal
 */
export const controlRoutes: ReadonlyArray<ControlRoute> = Object.values(CONTROL_ROUTES);

/** How deeply a control's JSON body may nest: far more than any control takes. */
const MAX_BODY_DEPTH = 32;

/** Keys no control takes, which code that copies objects could mistake for the prototype. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Why a control's JSON body is refused before any control sees it, or `undefined`: it nests
 * deeper than {@link MAX_BODY_DEPTH}, holds a key of {@link PROTOTYPE_KEYS}, or a number JSON
 * writes but cannot hold (`1e999` reads as Infinity). Walked without recursion.
 */
function bodyProblem(value: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item === 'number' && !Number.isFinite(item)) {
      return 'body holds a number too large to be finite';
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_BODY_DEPTH) return `body nests deeper than ${MAX_BODY_DEPTH} levels`;
    for (const [key, child] of Object.entries(item)) {
      if (PROTOTYPE_KEYS.has(key))
        return `body holds the key ${JSON.stringify(key)}, which no control takes`;
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** The JSON body of a control request; `undefined` when it has none. */
async function bodyOf(state: ServiceState, request: MockRequest): Promise<unknown> {
  const text = utf8(await request.bytes(state.maxBodyBytes));
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
  const problem = bodyProblem(body);
  if (problem !== undefined) throw new HttpError(400, problem);
  return body;
}

/** The body as an object (an absent one is empty); a `TypeError` for any other JSON value. */
function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isRecord(body)) throw new TypeError('the body must be a JSON object');
  return body;
}

/** The control's arguments, read from the request as the route's places say. */
function argumentsOf(
  places: ReadonlyArray<ArgPlace>,
  params: Readonly<Record<string, string>>,
  body: unknown,
): unknown[] {
  const named = new Set(places.flatMap((place) => ('field' in place ? [place.field] : [])));
  return places.map((place) => {
    if ('path' in place) return params[place.path] ?? '';
    if ('rest' in place) {
      return Object.fromEntries(
        Object.entries(objectBody(body)).filter(([key]) => !named.has(key)),
      );
    }
    const value = 'field' in place ? own(objectBody(body), place.field) : body;
    if ('body' in place && value !== undefined) objectBody(value);
    return place.json ? place.json.fromJson(value) : value;
  });
}

/**
 * The answer to a control's error: a refusal of the customer's side with its status and `code`,
 * an unknown id 404, any other `TypeError` or `RangeError` (a bad argument) 400, a failure of the
 * mock itself 500. The reason is in the body's `detail` and, as the service's answers have it, in
 * the `X-Mock-Reason` header.
 */
function errorAnswer(error: unknown): ServiceAnswer {
  let status = 500;
  let code: MockRefusalCode | undefined;
  if (error instanceof HttpError) status = error.status;
  else if (error instanceof MockRefusalError) {
    status = refusalStatus(error.code);
    code = error.code;
  } else if (error instanceof UnknownIdError) status = 404;
  else if (error instanceof TypeError || error instanceof RangeError) status = 400;
  const detail =
    error instanceof HttpError
      ? error.detail
      : error instanceof Error
        ? error.message
        : String(error);
  return json(
    status,
    { message: reasonPhrase(status), detail, ...(code === undefined ? {} : { code }) },
    reasonHeader(detail),
  );
}

/**
 * The handler of the control routes of one mock's state, for the router.
 *
 * @internal
 */
export function controlRouteHandler(state: ServiceState): ControlRouteHandler {
  const service = serviceControls(state);
  return async (request, path) => {
    const segments = splitPath(path);
    try {
      // `?account=<id>` addresses a sub-account; without it, the main account.
      const accountId = new URL(request.url).searchParams.get('account') ?? undefined;
      const of = () => accountOf(state, accountId);
      of();
      for (const route of segments ? controlRoutes : []) {
        if (route.method !== request.method) continue;
        const params = matchPath(route.path, segments ?? []);
        if (!params) continue;
        const body = route.args.some((place) => !('path' in place))
          ? await bodyOf(state, request)
          : undefined;
        const scope: ControlScope = {
          state,
          account: of,
          controls: accountControls(state, of),
          service,
        };
        const args = argumentsOf(route.args, params, body);
        const result = await (route.run as (scope: ControlScope, ...args: unknown[]) => unknown)(
          scope,
          ...args,
        );
        const status = route.status ?? 200;
        return result instanceof Encoded
          ? jsonText(status, result.text, { ...result.headers })
          : json(status, result ?? { ok: true });
      }
      throw new HttpError(404, `no control route ${request.method} ${path}`);
    } catch (error) {
      return errorAnswer(error);
    }
  };
}
