import { fromFetchRequest, toResponse } from '../../service/request.js';
import { type MockParts, NETWORK_ERROR } from '../../service/router.js';
import { servedPath } from '../../service/served-path.js';
import type { MockFetch } from '../../types/controls.js';

/**
 * `mock.fetch`: a `fetch` that answers from the router, with no network. A URL the mock does not
 * serve, and an injected network error, reject with a `TypeError` as `fetch` does.
 */
export function mockFetchOver({ state, router }: MockParts): MockFetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const path = servedPath(state, request.url);
    if (path === undefined) {
      throw new TypeError('fetch failed', {
        cause: new Error(
          `${new URL(request.url).origin} is not served by this mock (${state.baseUrl})`,
        ),
      });
    }
    const result = await router.handle(fromFetchRequest(request), path, state.auth.callerIp);
    if (request.signal.aborted) throw request.signal.reason;
    if (result === NETWORK_ERROR) {
      throw new TypeError('fetch failed', {
        cause: new Error('network error injected by mock.faults'),
      });
    }
    // An answer to HEAD has its headers only, as `fetch` over a network gives it.
    if (request.method === 'HEAD') {
      return new Response(null, { status: result.status, headers: result.headers });
    }
    return toResponse(result);
  };
}
