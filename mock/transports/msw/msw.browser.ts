import { HttpResponse, http } from 'msw';
import type { MswApi } from './msw-api.js';

/**
 * Stands in for `msw.ts` in the browser build of `pix-payment-sdk/mock` (the `browser` export
 * condition): web bundlers must see msw as a plain import to bundle it beside `setupWorker`.
 *
 * @internal
 */
export function loadMsw(): MswApi {
  return { http, HttpResponse };
}
