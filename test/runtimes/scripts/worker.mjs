// A Cloudflare worker (workerd, through miniflare) and a Vercel edge function (edge-runtime):
// bundled with the runtime's export conditions, it runs the client against the mock server and
// over mock.fetch, and reads mock.handlers to see what it says.
import { overMockFetch, overServer, readHandlers, runChecks } from './flow.mjs';

export function checks(env) {
  return runChecks({
    server: () => overServer(env),
    mockFetch: () => overMockFetch(),
    handlers: readHandlers,
  });
}
