// msw for the ES module build (Node.js, Bun, Deno, and the sources under vitest): loaded the first
// time `mock.handlers` is read, through a require rooted at this file (msw.require.ts), so that
// importing the mock never loads msw. An import of msw as the mock loads would keep `deno run`
// from exiting, and is wasted on every program that uses only `mock.fetch` or the HTTP server.
//
// One exception: Jest (it sets JEST_WORKER_ID in each of its processes). Its module system cannot
// require an ES module on Node.js 22 (msw 3, and dependencies that an msw 2 install pulls in
// today), but it can import one. Under Jest, msw is therefore imported as this module loads, and
// its absence remembered, not thrown.

import { loadMsw as requireMsw } from './msw.require.js';
import { type MswApi, mswFrom } from './msw-api.js';

const underJest =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.JEST_WORKER_ID !== undefined;

let failure: unknown;
const imported: unknown = underJest
  ? await import('msw').catch((error: unknown) => {
      failure = error;
      return undefined;
    })
  : undefined;

/**
 * msw, loaded on first use (imported already under Jest). Throws an `Error` saying how to install
 * it when it is absent.
 *
 * @internal
 */
export function loadMsw(): MswApi {
  return underJest ? mswFrom(imported, failure) : requireMsw();
}
