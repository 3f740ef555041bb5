// msw for the CommonJS build and the bin: required the first time `mock.handlers` is read, so
// that neither loads msw unless it is used. A require rooted at this file resolves msw from the
// merchant's node_modules; msw 3 is ES modules only and loads through require(esm), which every
// Node release that msw 3 supports has.
import { createRequire } from 'node:module';
import { type MswApi, mswFrom } from './msw-api.js';

let loaded: MswApi | undefined;

/**
 * msw, loaded on first use. Throws an `Error` saying how to install it when it is absent.
 *
 * @internal
 */
export function loadMsw(): MswApi {
  if (loaded) return loaded;
  let module: unknown;
  let failure: unknown;
  try {
    module = createRequire(import.meta.url)('msw');
  } catch (error) {
    failure = error;
  }
  loaded = mswFrom(module, failure);
  return loaded;
}
