import type { ServedMock } from './server.js';
import type { MockServerListenOptions, RunningMockServer } from './types.js';

/**
 * Stands in for `server.ts` in the browser build of `pix-payment-sdk/mock` (the `browser` export
 * condition), so that bundling the mock for a web page never meets `node:http`.
 *
 * @internal
 */
export async function startServer(
  _options: MockServerListenOptions,
  _mount: (url: string) => ServedMock,
): Promise<RunningMockServer> {
  throw new Error(
    'startMockServer needs Node.js (node:http). In a browser, serve the mock with setupWorker(...mock.handlers) from msw/browser.',
  );
}
