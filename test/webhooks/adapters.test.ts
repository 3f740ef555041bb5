import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import {
  buildWithdrawal,
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  nodeSenderAddress,
  PaymentClient,
  PaymentValidationError,
  PROVIDER_WEBHOOK_ADDRESS,
  selectCurrency,
  toFastifyHandler,
  toNodeListener,
  type WebhookHandler,
  type WebRequestHandler,
} from 'pix-payment-sdk';
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawExchange } from '../support/raw-http.js';

// The Node.js adapters (toNodeListener, toFastifyHandler) and the frameworks that take the
// web-standard handler as it is, each on a real server on 127.0.0.1: the mock's own dispatcher
// delivers, the client confirms each delivery with the mock's details endpoint.

interface Served {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const PATH = '/webhooks/pix';

async function listening(server: ReturnType<typeof createServer>): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Express 5, the listener as the route, no body parser. */
async function serveExpress(handler: WebRequestHandler): Promise<Served> {
  const app = express();
  app.post(PATH, toNodeListener(handler));
  return listening(createServer(app));
}

/** Fastify 5, in a scope whose content-type parser leaves the body unread. */
async function serveFastify(
  handler: WebRequestHandler,
  options: { trustProxy?: string } = {},
): Promise<Served> {
  const app = Fastify(options);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post(PATH, toFastifyHandler(handler));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${PATH}`, port, close: () => app.close() };
}

/** Plain node:http, the listener as the server's. */
function serveNodeHttp(handler: WebRequestHandler): Promise<Served> {
  return listening(createServer(toNodeListener(handler)));
}

/** Hono, the handler as it is on its route, the app's fetch served by the Node listener. */
function serveHono(handler: WebRequestHandler): Promise<Served> {
  const app = new Hono();
  app.post(PATH, (c) => handler(c.req.raw));
  return listening(createServer(toNodeListener(app.fetch)));
}

const frameworks = [
  { name: 'Express 5', serve: serveExpress },
  { name: 'Fastify 5', serve: serveFastify },
  { name: 'node:http', serve: serveNodeHttp },
  { name: 'Hono (over the Node listener)', serve: serveHono },
];

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function mockAndClient() {
  const mock: PaymentServiceMock = createPaymentServiceMock({ seed: 5 });
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
  });
  const customerId = mock.customers.seeded._id;
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'a@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '3.00', customerId, currency, pixKey }),
  );
  return { mock, client, created };
}

/** A handler that records what it hands over; `allowedSenders: null` makes no sender check. */
function recording(client: PaymentClient, allowedSenders: string[] | null = ['127.0.0.1']) {
  const events: ConfirmedWebhookEvent[] = [];
  const handler = createWebhookHandler({
    client,
    onEvent: (event) => {
      events.push(event);
    },
    ...(allowedSenders === null ? {} : { senderAddress: nodeSenderAddress, allowedSenders }),
    onError: () => undefined,
  });
  return { handler, events };
}

const TEN_MB = 10 * 1024 * 1024;

describe.each(frameworks)('webhooks in $name', ({ serve }) => {
  async function setUp(allowedSenders: string[] = ['127.0.0.1']) {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client, allowedSenders);
    served = await serve(handler);
    mock.webhooks.setUrl(served.url);
    return { mock, handler, events, created, served };
  }

  it('a delivery from the mock is answered 200 and handed over once; a forged one and a repeat are not', async () => {
    const { mock, handler, events, created, served } = await setUp();
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
    const forged = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...delivery.payload, status: 'REFUND_APPROVED' }),
    });
    expect(forged.status).toBe(200);
    await mock.withdrawals.settle(created._id, 'PAID');
    await handler.idle();
    expect(events.map((event) => [event.id, event.status])).toEqual([[created._id, 'PAID']]);
  });

  it('a sender that is not the provider gets 403, and X-Forwarded-For naming the provider does not change that', async () => {
    const { mock, handler, events, created, served } = await setUp([PROVIDER_WEBHOOK_ADDRESS]);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'rejected', status: 403 });
    const spoofed = await fetch(served.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': PROVIDER_WEBHOOK_ADDRESS,
        'x-real-ip': PROVIDER_WEBHOOK_ADDRESS,
      },
      body: JSON.stringify(delivery.payload),
    });
    expect(spoofed.status).toBe(403);
    await handler.idle();
    expect(events).toEqual([]);
  });

  it('a body that is not a delivery gets 400, saying why', async () => {
    const { served } = await setUp();
    const answer = await fetch(served.url, { method: 'POST', body: '[1,2]' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/received array/);
  });

  it('a GET gets 405 from the handler', async () => {
    const { served } = await setUp();
    // Express and Fastify route POST only; node:http and Hono hand every method to the handler.
    const answer = await fetch(served.url);
    expect([404, 405]).toContain(answer.status);
  });

  // Only the first 128 KiB of ten megabytes are sent, and the rest never comes: an adapter that
  // waited for the whole body would never answer.
  const head = (framing: string) =>
    `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
  const chunk = `${(65_536).toString(16)}\r\n${'x'.repeat(65_536)}\r\n`;
  it.each([
    {
      framing: 'announced by Content-Length gets 413 before it is sent',
      bytes: head(`Content-Length: ${TEN_MB}`) + 'x'.repeat(131_072),
    },
    {
      framing: 'sent chunked gets 413 once the limit is passed',
      bytes: head('Transfer-Encoding: chunked') + chunk + chunk,
    },
  ])('a 10 MB body $framing, and the connection closes', async ({ bytes }) => {
    const { handler, events, served } = await setUp();
    const exchange = await rawExchange(served.port, bytes);
    expect(exchange.statuses).toEqual([413]);
    expect(exchange.closedByServer).toBe(true);
    await handler.idle();
    expect(events).toEqual([]);
  });

  it('a sender that hangs up mid-body is dropped without an error logged, and the next delivery is answered', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client);
    let reading!: () => void;
    const called = new Promise<void>((resolve) => {
      reading = resolve;
    });
    served = await serve((request) => {
      reading();
      return handler(request);
    });
    mock.webhooks.setUrl(served.url);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const socket = connect(served.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(`${head('Content-Length: 1000')}{"id":`);
      await called;
      socket.destroy();
      await handler.idle();
      const delivery = await mock.withdrawals.settle(created._id, 'PAID');
      expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
      await handler.idle();
      expect(events.map((event) => event.status)).toEqual(['PAID']);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('a whole 10 MB body sent at once is refused with 413 or cut short, and never handed over', async () => {
    const { handler, events, served } = await setUp();
    const answer = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(TEN_MB),
    }).catch((error: unknown) => error);
    // The server closes the connection after its answer; the upload may be cut short by it.
    if (answer instanceof Response) expect(answer.status).toBe(413);
    else expect(String((answer as Error).cause ?? answer)).toMatch(/closed|reset|EPIPE|socket/i);
    await handler.idle();
    expect(events).toEqual([]);
  });
});

describe('a body parser that ran first', () => {
  it('Express with express.json() in front: a PaymentValidationError reaches the error handler, nothing is handed over', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client);
    const errors: unknown[] = [];
    const app = express();
    app.post(PATH, express.json(), toNodeListener(handler));
    app.use(
      (
        error: unknown,
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        errors.push(error);
        res.status(500).type('text/plain').send('body parser misconfigured');
      },
    );
    served = await listening(createServer(app));
    mock.webhooks.setUrl(served.url);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'rejected', status: 500 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(PaymentValidationError);
    expect((errors[0] as Error).message).toMatch(/already consumed/);
    expect((errors[0] as PaymentValidationError).issues[0]?.message).toMatch(
      /body parser \(express\.json\(\)/,
    );
    await handler.idle();
    expect(events).toEqual([]);
  });

  it('Express with express.raw() in front: its bytes are the body, and the delivery is handed over', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client);
    const app = express();
    app.post(PATH, express.raw({ type: () => true, limit: '16kb' }), toNodeListener(handler));
    served = await listening(createServer(app));
    mock.webhooks.setUrl(served.url);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
    await handler.idle();
    expect(events.map((event) => event.status)).toEqual(['PAID']);
  });

  it("Fastify with its own JSON parser: 500 with the error's message, nothing is handed over", async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client);
    const app = Fastify();
    const errors: unknown[] = [];
    app.setErrorHandler((error, _request, reply) => {
      errors.push(error);
      return reply.code(500).send('body parser misconfigured');
    });
    app.post(PATH, toFastifyHandler(handler));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    served = { url: `http://127.0.0.1:${port}${PATH}`, port, close: () => app.close() };
    mock.webhooks.setUrl(served.url);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'rejected', status: 500 });
    expect(errors[0]).toBeInstanceOf(PaymentValidationError);
    expect((errors[0] as PaymentValidationError).issues[0]?.message).toMatch(
      /addContentTypeParser/,
    );
    await handler.idle();
    expect(events).toEqual([]);
  });
});

describe('the sender address the framework is configured to trust', () => {
  const trusting = [
    {
      name: "Express with 'trust proxy' set to loopback",
      serve: (handler: WebhookHandler) => {
        const app = express();
        app.set('trust proxy', 'loopback');
        app.post(PATH, toNodeListener(handler));
        return listening(createServer(app));
      },
    },
    {
      name: "Fastify with trustProxy: '127.0.0.1'",
      serve: (handler: WebhookHandler) => serveFastify(handler, { trustProxy: '127.0.0.1' }),
    },
  ];
  it.each(trusting)(
    '$name: X-Forwarded-For from that proxy names the sender',
    async ({ serve }) => {
      const { mock, client, created } = await mockAndClient();
      const { handler, events } = recording(client, [PROVIDER_WEBHOOK_ADDRESS]);
      served = await serve(handler);
      const { payload } = await mock.withdrawals.settle(created._id, 'PAID');
      const answer = await fetch(served.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': PROVIDER_WEBHOOK_ADDRESS,
        },
        body: JSON.stringify(payload),
      });
      expect(answer.status).toBe(200);
      await handler.idle();
      expect(events.map((event) => event.status)).toEqual(['PAID']);
    },
  );

  it('nodeSenderAddress knows no address for a Request the adapters did not build', () => {
    expect(nodeSenderAddress(new Request('http://localhost/'))).toBeUndefined();
  });
});

describe('frameworks that take the handler as it is', () => {
  it('Hono: app.request reaches the handler through c.req.raw', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client);
    const app = new Hono();
    app.post(PATH, (c) => handler(c.req.raw));
    const { payload } = await mock.withdrawals.settle(created._id, 'PAID');
    // No socket under app.request: the sender check finds no address and refuses.
    const answer = await app.request(PATH, { method: 'POST', body: JSON.stringify(payload) });
    expect(answer.status).toBe(403);
    const { handler: unchecked, events: handedOver } = recording(client, null);
    const open = new Hono();
    open.post(PATH, (c) => unchecked(c.req.raw));
    expect(
      (await open.request(PATH, { method: 'POST', body: JSON.stringify(payload) })).status,
    ).toBe(200);
    await Promise.all([handler.idle(), unchecked.idle()]);
    expect(events).toEqual([]);
    expect(handedOver.map((event) => event.status)).toEqual(['PAID']);
  });

  // Next.js is not installed here: the App Router calls a route's `POST` export with a Request
  // (a NextRequest, which extends it), so a plain Request as Next builds one stands in for it.
  it('a Next.js App Router route (export const POST = handler): 200 and handed over once', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client, null);
    const route = { POST: handler };
    const { payload } = await mock.withdrawals.settle(created._id, 'PAID');
    const next = () =>
      new Request('http://localhost:3000/api/webhooks/pix', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost:3000' },
        body: JSON.stringify(payload),
      });
    expect((await route.POST(next())).status).toBe(200);
    await handler.idle();
    expect((await route.POST(next())).status).toBe(200);
    await handler.idle();
    expect(events.map((event) => [event.id, event.status])).toEqual([[created._id, 'PAID']]);
  });
});

describe('Workers: export default { fetch: handler }', () => {
  it('the handler takes (request, env, ctx) and keeps the worker alive with ctx.waitUntil until onEvent ran', async () => {
    const { mock, client, created } = await mockAndClient();
    const { handler, events } = recording(client, null);
    const worker = { fetch: handler };
    const kept: Array<Promise<unknown>> = [];
    const { payload } = await mock.withdrawals.settle(created._id, 'PAID');
    const env = { PAYMENT_BASE_URL: mock.baseUrl };
    const answer = await worker.fetch(
      new Request('https://worker.example/webhooks/pix', {
        method: 'POST',
        body: JSON.stringify(payload),
      }),
      env,
      { waitUntil: (promise) => kept.push(promise) },
    );
    expect(answer.status).toBe(200);
    expect(kept).toHaveLength(1);
    await Promise.all(kept);
    expect(events.map((event) => event.status)).toEqual(['PAID']);
  });
});

describe('the adapters refuse what is not a handler', () => {
  it('toNodeListener and toFastifyHandler throw a PaymentValidationError for a non-function', () => {
    expect(() => toNodeListener(undefined as never)).toThrow(PaymentValidationError);
    expect(() => toFastifyHandler({} as never)).toThrow(PaymentValidationError);
  });
});
