// A Cloudflare worker (workerd, through miniflare) and a Vercel edge function (edge-runtime):
// bundled with the runtime's export conditions, it runs the client against the mock server and
// over mock.fetch, and reads mock.handlers to see what it says.
import { createWebhookHandler, PaymentClient } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { overMockFetch, overServer, payOut, readHandlers, runChecks } from './flow.mjs';

export function checks(env) {
  return runChecks({
    server: () => overServer(env),
    mockFetch: () => overMockFetch(),
    handlers: readHandlers,
  });
}

/**
 * A worker whose webhook route is `createWebhookHandler` as it is, with the request's context:
 * `GET /setup` settles a withdrawal in an in-worker mock and answers the delivery's payload,
 * `POST /webhooks/pix` is the handler, `GET /events` lists what `onEvent` received.
 */
export function webhookWorker() {
  // Made at the first request: a worker may not generate random values at its top level.
  let state;
  const start = () => {
    const mock = createPaymentServiceMock({ seed: 1 });
    const client = new PaymentClient({
      baseUrl: mock.baseUrl,
      ...mock.credentials,
      fetch: mock.fetch,
    });
    const events = [];
    const handler = createWebhookHandler({
      client,
      onEvent: (event) => {
        events.push(event.status);
      },
      onError: () => undefined,
    });
    return { mock, client, events, handler };
  };
  // Called as Workers call `fetch` (`export default { fetch: handler }`): request, env, ctx.
  return async (request, env, ctx) => {
    state ??= start();
    const { mock, client, events, handler } = state;
    const { pathname } = new URL(request.url);
    if (pathname === '/webhooks/pix') return handler(request, env, ctx);
    if (pathname === '/events') return Response.json(events);
    const created = await payOut(client, mock.customers.seeded._id);
    return Response.json((await mock.withdrawals.settle(created.id, 'PAID')).payload);
  };
}
