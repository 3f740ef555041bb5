// Bun: the client against the mock server and over mock.fetch, mock.handlers (msw loaded on first
// use), and the webhook handler in a Hono app served by Bun.serve.
import { Hono } from 'hono';
import { overMockFetch, overServer, readHandlers, runChecks, webhookHandler } from './flow.mjs';

const env = JSON.parse(process.env.RUNTIME_CHECK);
const results = await runChecks({
  server: () => overServer(env),
  mockFetch: () => overMockFetch(),
  handlers: readHandlers,
  hono: () =>
    webhookHandler(async (handler) => {
      const app = new Hono();
      app.post('/webhooks/pix', (c) => handler(c.req.raw));
      const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
      return {
        url: `http://127.0.0.1:${server.port}/webhooks/pix`,
        stop: () => server.stop(true),
      };
    }),
});
console.log(JSON.stringify(results));
