import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import {
  buildWithdrawal,
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  PaymentClient,
  selectCurrency,
  type WebhookHandler,
} from 'pix-payment-sdk';
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it } from 'vitest';

// The webhook handler behind Express 5 and Fastify 5, wired as docs/webhooks.md shows, on real
// servers on 127.0.0.1: the mock's own dispatcher delivers, and the sender check reads the
// socket's address.

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** docs/webhooks.md, Express: the raw body (express.raw) and the socket's address. */
async function serveExpress(handler: WebhookHandler, peers: WeakMap<Request, string>) {
  const app = express();
  app.post('/webhooks/pix', express.raw({ type: () => true, limit: '16kb' }), async (req, res) => {
    const request = new Request('http://localhost/webhooks/pix', {
      method: 'POST',
      body: req.body,
    });
    peers.set(request, req.socket.remoteAddress ?? '');
    const answer = await handler(request);
    res
      .status(answer.status)
      .type('text/plain')
      .send(await answer.text());
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** docs/webhooks.md, Fastify: the raw body as a Buffer in a scope of its own. */
async function serveFastify(handler: WebhookHandler, peers: WeakMap<Request, string>) {
  const app = Fastify();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/webhooks/pix', { bodyLimit: 16_384 }, async (req, reply) => {
      const request = new Request('http://localhost/webhooks/pix', {
        method: 'POST',
        body: req.body as BodyInit,
      });
      peers.set(request, req.socket.remoteAddress ?? '');
      const answer = await handler(request);
      return reply
        .code(answer.status)
        .type('text/plain')
        .send(await answer.text());
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/pix`,
    close: () => app.close(),
  };
}

const frameworks = [
  { name: 'Express 5', serve: serveExpress },
  { name: 'Fastify 5', serve: serveFastify },
];

describe.each(frameworks)('the webhook handler in $name', ({ serve }) => {
  let served: Served | undefined;
  afterEach(() => served?.close());

  async function setUp(allowedSenders: string[]) {
    const mock: PaymentServiceMock = createPaymentServiceMock({ seed: 3 });
    const client = new PaymentClient({
      baseUrl: mock.baseUrl,
      ...mock.credentials,
      fetch: mock.fetch,
    });
    const events: ConfirmedWebhookEvent[] = [];
    const peers = new WeakMap<Request, string>();
    const handler = createWebhookHandler({
      client,
      onEvent: (event) => {
        events.push(event);
      },
      senderAddress: (request) => peers.get(request),
      allowedSenders,
      onError: () => undefined,
    });
    served = await serve(handler, peers);
    mock.webhooks.setUrl(served.url);
    const customerId = mock.customers.seeded._id;
    const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'a@example.com' });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const created = await client.withdrawals.create(
      buildWithdrawal({ amount: '2.00', customerId, currency, pixKey }),
    );
    return { mock, handler, events, created, url: served.url };
  }

  it('a delivery from the mock is answered 200 and confirmed; a forged one and a repeat are not handed over', async () => {
    const { mock, handler, events, created, url } = await setUp(['127.0.0.1']);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'delivered', status: 200 });
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...delivery.payload, status: 'REFUND_APPROVED' }),
    });
    expect(forged.status).toBe(200);
    await mock.withdrawals.settle(created._id, 'PAID');
    await handler.idle();
    expect(events.map((event) => [event.id, event.status])).toEqual([[created._id, 'PAID']]);
  });

  it('the sender check reads the socket: a sender off the list gets 403', async () => {
    const { mock, handler, events, created } = await setUp(['203.0.113.9']);
    const delivery = await mock.withdrawals.settle(created._id, 'PAID');
    expect(delivery).toMatchObject({ outcome: 'rejected', status: 403 });
    await handler.idle();
    expect(events).toEqual([]);
  });

  it('a body that is not a delivery gets 400, saying why', async () => {
    const { url } = await setUp(['127.0.0.1']);
    const answer = await fetch(url, { method: 'POST', body: '[1,2]' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/received array/);
  });
});
