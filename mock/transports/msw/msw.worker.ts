import type { MswApi } from './msw-api.js';

/**
 * Stands in for `msw.ts` in the build of `pix-payment-sdk/mock` for Workers and edge functions
 * (the `workerd`, `worker` and `edge-light` export conditions): msw is never imported there, so
 * the worker starts and bundles whether msw is installed or not. msw's request interception
 * (`setupServer`, `setupWorker`) does not run in those runtimes; `mock.fetch` does.
 *
 * @internal
 */
export function loadMsw(): MswApi {
  throw new Error(
    'mock.handlers is not available in Workers and edge functions, where msw does not run: pass fetch: mock.fetch to the client instead.',
  );
}
