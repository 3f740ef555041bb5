import {
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  PaymentClient,
  PaymentValidationError,
  selectCurrency,
  type WebhookFailureReason,
  type WebhookPayload,
} from 'pix-payment-sdk';
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { RedisWebhookStore, type RedisWebhookStoreOptions } from 'pix-payment-sdk/redis';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../support/client-setup.js';
import { requireExternal } from '../support/externals.js';
import { majors, redisForSuite } from '../support/redis-clients.js';

// RedisWebhookStore against a real redis-server, through a client of each supported library;
// the handlers confirm deliveries with the in-process mock (mock.fetch).

const redisServer = requireExternal('redis');

describe('RedisWebhookStore options', () => {
  it('a bad option is a PaymentValidationError naming it', () => {
    const client = { get: async () => null, set: async () => 'OK', eval: async () => 0 };
    const bad: Array<[Partial<RedisWebhookStoreOptions>, string]> = [
      [{}, 'client'],
      [{ client, prefix: '' }, 'prefix'],
      [{ client, leaseMs: 0 }, 'leaseMs'],
      [{ client, doneTtlMs: 1.5 }, 'doneTtlMs'],
      [{ client, commandTimeoutMs: -1 }, 'commandTimeoutMs'],
    ];
    for (const [options, path] of bad) {
      const attempt = () => new RedisWebhookStore(options as RedisWebhookStoreOptions);
      expect(attempt).toThrow(PaymentValidationError);
      expect(attempt).toThrow(new RegExp(`${path}: `));
    }
  });
});

describe.skipIf(redisServer === undefined).each(majors)('RedisWebhookStore on $name', (major) => {
  const suite = redisForSuite(redisServer!, major);
  const { connect } = suite;
  let mock: PaymentServiceMock;
  let sequence = 0;

  beforeEach(() => {
    mock = createPaymentServiceMock({ seed: 11 });
  });

  /** A store on a prefix of the test's own, over a connection of its own. */
  async function store(options: Partial<RedisWebhookStoreOptions> = {}) {
    const connection = await connect();
    const prefix = `test:${major.name}:${++sequence}:webhook`;
    return {
      connection,
      prefix,
      store: new RedisWebhookStore({ client: connection.client, prefix, ...options }),
    };
  }

  const key = (id: string, account = 'shop-a') => ({
    account,
    operation: 'DEPOSIT',
    id,
    status: 'PAID',
  });

  /** A receiver process: its own client of the mock, and a handler on `webhooks`. */
  function receiver(webhooks: RedisWebhookStore, events: ConfirmedWebhookEvent[]) {
    const failures: WebhookFailureReason[] = [];
    const client = new PaymentClient({
      baseUrl: mock.baseUrl,
      ...mock.credentials,
      fetch: mock.fetch,
    });
    const handler = createWebhookHandler({
      client,
      store: webhooks,
      onEvent: (event) => {
        events.push(event);
      },
      onError: (_error, reason) => failures.push(reason),
    });
    return { client, handler, failures };
  }

  /** A deposit paid in the mock, and its delivery. */
  async function paidDeposit(client: PaymentClient): Promise<WebhookPayload> {
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const { data } = await client.deposits.create({
      amount: 5,
      customerId: mock.customers.seeded._id,
      currency,
    });
    return (await mock.deposits.settle(data.id, 'PAID')).payload as WebhookPayload;
  }

  const post = (payload: unknown) =>
    new Request('http://127.0.0.1/webhooks/pix', { method: 'POST', body: JSON.stringify(payload) });

  it('claim, busy, done and release act only for the token that holds the claim; the done record lives doneTtlMs', async () => {
    const { store: events, prefix } = await store({ doneTtlMs: 60_000 });
    const first = await events.claim(key('a'), '{"id":"a"}');
    expect(first.outcome).toBe('claimed');
    expect((await events.claim(key('a'), '{}')).outcome).toBe('busy');
    // Another account's event of the same id is its own.
    expect((await events.claim(key('a', 'shop-b'), '{}')).outcome).toBe('claimed');
    await events.release(key('a'), 'not-the-token');
    await events.done(key('a'), 'not-the-token');
    expect((await events.claim(key('a'), '{}')).outcome).toBe('busy');
    const token = (first as { token: string }).token;
    expect(await events.renew(key('a'), token)).toBe(true);
    await events.done(key('a'), token);
    expect((await events.claim(key('a'), '{}')).outcome).toBe('done');
    const eventKey = `${prefix}:{shop-a}:event:DEPOSIT:a:PAID`;
    expect(await suite.admin.get(eventKey)).toBe('done');
    const remaining = Number(await suite.admin.sendCommand(['PTTL', eventKey]));
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(60_000);
    // Nothing of the claim is left but the done record.
    expect(await suite.admin.sendCommand(['ZCARD', `${prefix}:{shop-a}:claims`])).toBe(0);
    expect(await suite.admin.sendCommand(['HLEN', `${prefix}:{shop-a}:deliveries`])).toBe(0);

    const second = await events.claim(key('b'), '{}');
    await events.release(key('b'), (second as { token: string }).token);
    expect((await events.claim(key('b'), '{}')).outcome).toBe('claimed');
  });

  it('takeExpired hands over a claim whose lease ran out, with its delivery, once, and the old holder can no longer finish it', async () => {
    // A lease long enough that the handed-over claim is still held when it is checked below, on a
    // busy machine too.
    const { store: events } = await store({ leaseMs: 400 });
    const first = await events.claim(key('c'), '{"id":"c"}');
    expect(await events.takeExpired('shop-a', 10)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await events.takeExpired('shop-b', 10)).toEqual([]);
    const taken = await events.takeExpired('shop-a', 10);
    expect(taken).toEqual([{ token: expect.any(String), payload: '{"id":"c"}' }]);
    expect(await events.takeExpired('shop-a', 10)).toEqual([]);
    await events.done(key('c'), (first as { token: string }).token);
    expect((await events.claim(key('c'), '{}')).outcome).toBe('busy');
    await events.done(key('c'), taken[0]!.token);
    expect((await events.claim(key('c'), '{}')).outcome).toBe('done');
  });

  it('two receivers sharing the store: a resend reaching the other one is dropped; a forged early PAID does not hide the genuine one', async () => {
    const { store: webhooks, prefix } = await store();
    const events: ConfirmedWebhookEvent[] = [];
    const a = receiver(webhooks, events);
    // The other receiver: its own connection, the same prefix.
    const b = receiver(new RedisWebhookStore({ client: (await connect()).client, prefix }), events);
    const paid = await paidDeposit(a.client);
    expect((await a.handler(post(paid))).status).toBe(200);
    await a.handler.idle();
    expect((await b.handler(post(paid))).status).toBe(200);
    await b.handler.idle();
    expect(events.map((event) => event.id)).toEqual([paid.id]);

    const currency = selectCurrency(await a.client.deposits.listCurrencies(), 'BRL');
    const { data } = await a.client.deposits.create({
      amount: 7,
      customerId: mock.customers.seeded._id,
      currency,
    });
    const forged = { ...paid, id: data.id, amount: 7 };
    expect((await a.handler(post(forged))).status).toBe(200);
    await a.handler.idle();
    expect(a.failures).toEqual(['unconfirmed']);
    const genuine = (await mock.deposits.settle(data.id, 'PAID')).payload;
    expect((await b.handler(post(genuine))).status).toBe(200);
    await b.handler.idle();
    expect(events.map((event) => event.id)).toEqual([paid.id, data.id]);
  });

  it('Redis stopped: deliveries are answered 503 with Retry-After and logged once; once it is back they are processed', async () => {
    const logger = recordingLogger();
    const { store: webhooks, connection } = await store({ logger, commandTimeoutMs: 500 });
    const events: ConfirmedWebhookEvent[] = [];
    const { client, handler, failures } = receiver(webhooks, events);
    const paid = await paidDeposit(client);
    await suite.server.stop();
    for (let i = 0; i < 3; i++) {
      const answer = await handler(post(paid));
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
    }
    expect(events).toEqual([]);
    expect(failures).toEqual(['store-failed', 'store-failed', 'store-failed']);
    const warnings = logger.lines.filter((line) => line.level === 'warn');
    expect(warnings).toMatchObject([
      { fields: { event: 'webhook-store-unavailable', operation: 'claim' } },
    ]);
    await suite.server.restart();
    while (!connection.ready()) await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await handler(post(paid))).status).toBe(200);
    await handler.idle();
    expect(events.map((event) => event.id)).toEqual([paid.id]);
    expect(logger.lines.at(-1)).toMatchObject({
      level: 'info',
      fields: { event: 'webhook-store-available' },
    });
  }, 30_000);
});
