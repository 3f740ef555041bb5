// Deno: the client against the mock server and over mock.fetch, and the webhook handler as is in
// Deno.serve. With msw installed, the process must end by itself once the work is done.
import { overMockFetch, overServer, runChecks, webhookHandler } from './flow.mjs';

const env = JSON.parse(Deno.env.get('RUNTIME_CHECK'));
const results = await runChecks({
  server: () => overServer(env),
  mockFetch: () => overMockFetch(),
  webhook: () =>
    webhookHandler(async (handler) => {
      const server = Deno.serve(
        { port: 0, hostname: '127.0.0.1', onListen: () => undefined },
        (request) => handler(request),
      );
      return {
        url: `http://127.0.0.1:${server.addr.port}/webhooks/pix`,
        stop: () => server.shutdown(),
      };
    }),
});
console.log(JSON.stringify(results));
