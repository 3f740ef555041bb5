import type { HttpHandler } from 'msw';
import { fromFetchRequest, toResponse } from '../../service/request.js';
import { type MockParts, NETWORK_ERROR } from '../../service/router.js';
import { servedPath } from '../../service/served-path.js';
import { loadMsw } from './msw.js';

/**
 * `mock.handlers`: one MSW handler for every URL under the mock's base URL, answered by the
 * router. Loads msw, the optional peer this transport alone needs.
 */
export function mswHandlersOver({ state, router }: MockParts): ReadonlyArray<HttpHandler> {
  const { http, HttpResponse } = loadMsw();
  return Object.freeze([
    http.all(
      ({ request }) => servedPath(state, request.url) !== undefined,
      async ({ request }) => {
        const result = await router.handle(
          fromFetchRequest(request),
          servedPath(state, request.url) ?? '/',
          state.auth.callerIp,
        );
        return result === NETWORK_ERROR ? HttpResponse.error() : toResponse(result);
      },
    ),
  ]);
}
