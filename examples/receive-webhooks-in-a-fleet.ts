/**
 * Webhook receivers in a fleet, on Redis: `npx tsx examples/receive-webhooks-in-a-fleet.ts`
 *
 * Two receivers (two HTTP servers, each with its own Redis connection, as two pods would have)
 * give `createWebhookHandler` one `RedisWebhookStore`. The embedded mock, served over real HTTP,
 * delivers to the first one; the proof then runs in this order:
 *
 *  1. a paid deposit reaches `onEvent` once, and its resend, sent to the other receiver, is
 *     dropped there (the store says it is done);
 *  2. the first receiver "dies" while `onEvent` runs for a second deposit (its onEvent never
 *     finishes and its claim is no longer renewed); once the lease runs out, `handler.recover()` in
 *     the other receiver hands that event over, once.
 *
 * `onEvent` records each (id, status) in a set, as a merchant would in a table with a unique
 * (id, status) key: that record is what makes the event idempotent across crashes.
 *
 * Redis: REDIS_URL when set; otherwise a throwaway `redis-server` on a free loopback port, when one
 * is installed; otherwise the example says so and stops.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createWebhookHandler,
  PaymentClient,
  selectCurrency,
  type WebhookHandler,
} from 'pix-payment-sdk';
import { startMockServer } from 'pix-payment-sdk/mock';
import { RedisWebhookStore } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';
import { redisForExample } from '../test/support/redis-server.js';

const LEASE_MS = 1_000;

/** Serves `handler` on 127.0.0.1; resolves with its URL and a way to stop it. */
async function serve(handler: WebhookHandler) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await handler(
      new Request('http://localhost/webhooks/pix', { method: 'POST', body: Buffer.concat(chunks) }),
    );
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const { url: redisUrl, throwaway } = await redisForExample();
if (redisUrl === undefined) {
  // redisForExample said why.
} else {
  const url: string = redisUrl;
  const service = await startMockServer({ port: 0 });
  const prefix = `example:${crypto.randomUUID()}:webhook`;
  const handled = new Set<string>(); // in production: a table with a unique (id, status) key
  let dying = '';

  /** One receiver: its own client, its own Redis connection, the shared store. */
  async function receiver(name: string) {
    const redis = await createClient({ url })
      .on('error', () => undefined)
      .connect();
    const handler = createWebhookHandler({
      client: new PaymentClient({ baseUrl: service.url, ...service.mock.credentials }),
      store: new RedisWebhookStore({
        client: redis,
        prefix,
        leaseMs: LEASE_MS,
        // Receiver A's renewals fail once it has "died" (its connection closed): not worth a warning here.
        ...(name === 'receiver A' ? {} : { logger: console }),
      }),
      onEvent: async ({ id, status }) => {
        if (id === dying && name === 'receiver A') {
          console.log(`[${name}] onEvent ${id} ${status} started… and the process dies`);
          await new Promise(() => undefined);
        }
        const fresh = !handled.has(`${id}:${status}`);
        handled.add(`${id}:${status}`);
        console.log(
          `[${name}] onEvent ${id} ${status}${fresh ? '' : ' (a repeat: skipped by the unique row)'}`,
        );
      },
    });
    return { name, handler, redis, ...(await serve(handler)) };
  }

  const a = await receiver('receiver A');
  const b = await receiver('receiver B');
  const client = new PaymentClient({ baseUrl: service.url, ...service.mock.credentials });
  const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
  const deposit = async () =>
    (
      await client.deposits.create({
        amount: 5,
        customerId: service.mock.customers.seeded._id,
        currency,
      })
    ).data.id;

  try {
    // 1. One delivery to A, its resend to B.
    const first = await deposit();
    service.mock.webhooks.setUrl(a.url);
    await service.mock.deposits.settle(first, 'PAID');
    await a.handler.idle();
    service.mock.webhooks.setUrl(b.url);
    await client.deposits.resendWebhook(first);
    await service.mock.webhooks.flush();
    await b.handler.idle();
    console.log(`resend of ${first} to receiver B: dropped (handled ${handled.size} event)`);

    // 2. A dies while onEvent runs; B recovers the event once its lease has run out.
    dying = await deposit();
    service.mock.webhooks.setUrl(a.url);
    await service.mock.deposits.settle(dying, 'PAID');
    a.close();
    a.redis.destroy(); // no more renewals: the claim runs out after LEASE_MS
    let recovered = 0;
    while (recovered === 0) {
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 2));
      recovered = await b.handler.recover();
    }
    console.log(`receiver B recovered ${recovered} event; handled: ${[...handled].join(', ')}`);
    if (!handled.has(`${dying}:PAID`) || handled.size !== 2) throw new Error('an event was lost');
  } finally {
    b.close();
    b.redis.destroy();
    await service.close();
    await throwaway?.close();
  }
}
