import type { MockServerListenOptions, RunningMockServer } from '../../types/server.js';
import type { ServedMock } from './server.js';

/**
 * Stands in for `server.ts` in the browser build of `pix-payment-sdk/mock` (the `browser` export
 * condition) and in its build for Workers and edge functions, so that bundling the mock for a web
 * page or a worker never meets `node:http`.
 *
 * @internal
 */
export async function startServer(
  _options: MockServerListenOptions,
  _mount: (url: string) => ServedMock,
): Promise<RunningMockServer> {
  throw new Error(
    'startMockServer needs Node.js (node:http). In a browser, serve the mock with setupWorker(...mock.handlers) from msw/browser; in Workers and edge functions, pass fetch: mock.fetch to the client.',
  );
}
