// msw for the ES module build in Node (and for the sources under vitest). The import starts when
// this module loads and its absence is remembered, not thrown: only `mock.handlers` needs msw.
// It is awaited here rather than required lazily because require() of an ES module (msw 3, and
// dependencies that an msw 2 install pulls in today) is refused by test runners with their own
// module system, such as Jest on Node 22, where an import works.
import { type MswApi, mswFrom } from './msw-api.js';

let failure: unknown;
const loaded: unknown = await import('msw').catch((error: unknown) => {
  failure = error;
  return undefined;
});

/**
 * msw, checked. Throws an `Error` saying how to install it when it is absent.
 *
 * @internal
 */
export function loadMsw(): MswApi {
  return mswFrom(loaded, failure);
}
