import {
  buildWithdrawal,
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  InMemoryWebhookStore,
  PaymentClient,
  PaymentValidationError,
  PROVIDER_WEBHOOK_ADDRESS,
  selectCurrency,
  type WebhookEventStore,
  type WebhookFailureReason,
  type WebhookHandlerOptions,
  type WebhookPayload,
} from 'pix-payment-sdk';
import { createPaymentServiceMock, type PaymentServiceMock } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';

// The handler takes web-standard Requests; the client behind it confirms each delivery with the
// mock's details endpoint through mock.fetch.

let mock: PaymentServiceMock;
let client: PaymentClient;

beforeEach(() => {
  mock = createPaymentServiceMock({ seed: 7 });
  client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });
});

/** A withdrawal moved to `status` in the mock, and the delivery the service would send. */
async function settled(status = 'PAID', externalId = 'order-1'): Promise<WebhookPayload> {
  const created = await pending(externalId);
  return (await mock.withdrawals.settle(created.id, status)).payload as WebhookPayload;
}

/** A withdrawal still pending in the mock, and the delivery a forger would send for it. */
async function pending(externalId = 'order-1'): Promise<WebhookPayload> {
  const customerId = mock.customers.seeded._id;
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'a@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId }),
  );
  return {
    id: created._id,
    customerId,
    status: 'PENDING',
    name: 'BRL',
    type: 'PIX',
    amount: 10.5,
    operation: 'WITHDRAW',
    externalId,
  } as WebhookPayload;
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('https://shop.example/webhooks/pix', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A client whose withdrawal details wait until `open()` is called. */
function gatedClient() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gated = {
    deposits: client.deposits,
    withdrawals: { get: async (id: string) => gate.then(() => client.withdrawals.get(id)) },
  };
  return { gated, open };
}

function recorded(options: Partial<WebhookHandlerOptions> = {}) {
  const events: ConfirmedWebhookEvent[] = [];
  const failures: Array<{ reason: WebhookFailureReason; id: string; error: unknown }> = [];
  const handler = createWebhookHandler({
    client,
    onEvent: (event) => {
      events.push(event);
    },
    onError: (error, reason, payload) => failures.push({ reason, id: payload.id, error }),
    ...options,
  });
  return { handler, events, failures };
}

describe('createWebhookHandler', () => {
  it('a real delivery: 200, then onEvent once with the status the details endpoint confirms; a repeat is dropped', async () => {
    const payload = await settled('PAID');
    const { handler, events, failures } = recorded();
    const response = await handler(post(payload));
    expect(response.status).toBe(200);
    await handler.idle();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      operation: 'WITHDRAW',
      id: payload.id,
      status: 'PAID',
      details: { _id: payload.id, externalId: 'order-1', currency: { status: 'PAID' } },
      payload,
    });
    expect((await handler(post(payload))).status).toBe(200);
    await handler.idle();
    expect(events).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('answers 200 before the confirmation is done', async () => {
    const payload = await settled('PAID');
    const { gated, open } = gatedClient();
    const { handler, events } = recorded({ client: gated });
    expect((await handler(post(payload))).status).toBe(200);
    expect(events).toHaveLength(0);
    open();
    await handler.idle();
    expect(events).toHaveLength(1);
  });

  it('a forged delivery never reaches onEvent: another status, another customer, an unknown id', async () => {
    const payload = await settled('PENDING');
    const { handler, events, failures } = recorded();
    const forgeries = [
      { ...payload, status: 'PAID' },
      { ...payload, customerId: '0123456789abcdef01234567' },
      { ...payload, id: '0123456789abcdef01234567' },
    ];
    for (const forged of forgeries) expect((await handler(post(forged))).status).toBe(200);
    await handler.idle();
    expect(events).toEqual([]);
    // Each forgery's own outcome, whatever order the confirmations finish in.
    const reasonOf = (forged: { id: string; status: string; customerId: string }) =>
      failures.filter((failure) => failure.id === forged.id).map((failure) => failure.reason);
    expect(failures).toHaveLength(3);
    expect(reasonOf(forgeries[2]!)).toEqual(['confirmation-failed']);
    expect(reasonOf(payload).sort()).toEqual(['unconfirmed', 'unconfirmed']);
  });

  it('a client whose answer has neither currency nor cryptocurrency: unconfirmed, nothing unhandled', async () => {
    const payload = await settled('PAID');
    const odd = {
      deposits: client.deposits,
      withdrawals: {
        // The right id and customer, and no currency at all.
        get: async () =>
          ({ _id: payload.id, customerId: payload.customerId }) as Awaited<
            ReturnType<PaymentClient['withdrawals']['get']>
          >,
      },
    };
    const { handler, events, failures } = recorded({ client: odd });
    expect((await handler(post(payload))).status).toBe(200);
    await handler.idle();
    expect(events).toEqual([]);
    expect(failures).toMatchObject([
      { reason: 'unconfirmed', error: { message: expect.stringContaining('no Pix side') } },
    ]);
  });

  it('a deposit is confirmed with the deposits details endpoint', async () => {
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const { data } = await client.deposits.create({
      amount: 5,
      customerId: mock.customers.seeded._id,
      currency,
    });
    const delivery = await mock.deposits.settle(data.id, 'PAID');
    const { handler, events } = recorded();
    await handler(post(delivery.payload));
    await handler.idle();
    expect(events).toMatchObject([{ operation: 'DEPOSIT', status: 'PAID' }]);
  });

  it('onEvent throws: onError says handler-failed, and a resend of the event is processed again', async () => {
    const payload = await settled('PAID');
    let calls = 0;
    const { handler, failures } = recorded({
      onEvent: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    await handler(post(payload));
    await handler.idle();
    expect(failures).toMatchObject([
      { reason: 'handler-failed', error: { message: 'database down' } },
    ]);
    await handler(post(payload));
    await handler.idle();
    expect(calls).toBe(2);
  });

  it('remembers at most rememberEvents handled pairs, forgetting the least recently seen', async () => {
    const first = await settled('PAID', 'order-1');
    const second = await settled('PAID', 'order-2');
    const { handler, events } = recorded({ rememberEvents: 1 });
    // The second pair pushes the first out; the first is then processed again.
    for (const delivery of [first, second, first]) {
      await handler(post(delivery));
      await handler.idle();
    }
    expect(events.map((event) => event.id)).toEqual([first.id, second.id, first.id]);
  });

  it('refuses what is not a delivery: 405, 413, 400 naming the issue, without confirming', async () => {
    const { handler, events, failures } = recorded({ maxBodyBytes: 64 });
    const get = await handler(new Request('https://shop.example/webhooks/pix'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await handler(post({ padding: 'x'.repeat(100) }))).status).toBe(413);
    const bad = await handler(post({ id: 'x' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/customerId is required/);
    expect((await handler(post('{not json'))).status).toBe(400);
    await handler.idle();
    expect(events).toEqual([]);
    expect(failures).toEqual([]);
    expect(mock.requests.filter((r) => r.path.endsWith('/details'))).toEqual([]);
  });

  it('with senderAddress: only the provider’s published address (or allowedSenders) gets through', async () => {
    const payload = await settled('PAID');
    const from = (request: Request) => request.headers.get('x-test-peer') ?? undefined;
    const { handler, events } = recorded({ senderAddress: from });
    expect(PROVIDER_WEBHOOK_ADDRESS).toBe('107.23.39.46');
    expect((await handler(post(payload, { 'x-test-peer': '203.0.113.9' }))).status).toBe(403);
    expect((await handler(post(payload))).status).toBe(403);
    const ok = await handler(
      post(payload, { 'x-test-peer': `::ffff:${PROVIDER_WEBHOOK_ADDRESS}` }),
    );
    expect(ok.status).toBe(200);
    const own = recorded({ senderAddress: from, allowedSenders: ['127.0.0.1'] });
    expect(
      (await own.handler(post(payload, { 'x-test-peer': PROVIDER_WEBHOOK_ADDRESS }))).status,
    ).toBe(403);
    expect((await own.handler(post(payload, { 'x-test-peer': '127.0.0.1' }))).status).toBe(200);
    await Promise.all([handler.idle(), own.handler.idle()]);
    expect(events).toHaveLength(1);
    expect(own.events).toHaveLength(1);
  });

  it('a bad option is a PaymentValidationError naming it', () => {
    const onEvent = () => undefined;
    const bad: Array<[unknown, string]> = [
      [{ onEvent }, 'client'],
      [{ client }, 'onEvent'],
      [{ client, onEvent, allowedSenders: '107.23.39.46' }, 'allowedSenders'],
      [{ client, onEvent, maxBodyBytes: 0 }, 'maxBodyBytes'],
      [{ client, onEvent, rememberEvents: 1.5 }, 'rememberEvents'],
      [{ client, onEvent, maxInFlight: 0 }, 'maxInFlight'],
      [{ client, onEvent, store: {} }, 'store'],
      [{ client, onEvent, store: new InMemoryWebhookStore(), rememberEvents: 5 }, 'rememberEvents'],
      [{ client, onEvent, account: '' }, 'account'],
      [{ client, onEvent, senderAddress: '127.0.0.1' }, 'senderAddress'],
    ];
    for (const [options, path] of bad) {
      const attempt = () => createWebhookHandler(options as WebhookHandlerOptions);
      expect(attempt).toThrow(PaymentValidationError);
      expect(attempt).toThrow(new RegExp(`${path}: `));
    }
  });
});

describe('createWebhookHandler: what it remembers, and how much it takes on', () => {
  it('a forged PAID for a pending withdrawal is forgotten: the genuine PAID later reaches onEvent', async () => {
    const early = { ...(await pending()), status: 'PAID' } as WebhookPayload;
    const { handler, events, failures } = recorded();
    expect((await handler(post(early))).status).toBe(200);
    await handler.idle();
    expect(failures.map((failure) => failure.reason)).toEqual(['unconfirmed']);
    const genuine = (await mock.withdrawals.settle(early.id, 'PAID')).payload;
    expect((await handler(post(genuine))).status).toBe(200);
    await handler.idle();
    expect(events.map((event) => [event.id, event.status])).toEqual([[early.id, 'PAID']]);
  });

  it('an operation it cannot confirm is refused 400 and takes no room from handled events', async () => {
    const handled = await settled('PAID');
    const { handler, events } = recorded({ rememberEvents: 2 });
    await handler(post(handled));
    await handler.idle();
    const junk = await handler(post({ ...handled, operation: 'REFUND' }));
    expect(junk.status).toBe(400);
    expect(await junk.text()).toMatch(/operation must be DEPOSIT or WITHDRAW/);
    // Deliveries the service does not confirm (unknown ids, wrong statuses) are not remembered.
    for (let i = 0; i < 20; i++) {
      await handler(post({ ...handled, id: `0123456789abcdef0123${String(i).padStart(4, '0')}` }));
      await handler(post({ ...handled, status: 'ERROR' }));
    }
    await handler.idle();
    await handler(post(handled));
    await handler.idle();
    expect(events).toHaveLength(1);
  });

  it('a delivery that arrives after a later status is reported superseded, never handed over', async () => {
    const paid = await settled('PAID');
    const { handler, events, failures } = recorded();
    await handler(post({ ...paid, status: 'PROCESSING' }));
    await handler.idle();
    expect(events).toEqual([]);
    expect(failures).toMatchObject([
      { reason: 'superseded', id: paid.id, error: { message: expect.stringMatching(/says PAID/) } },
    ]);
  });

  it('beyond maxInFlight deliveries under way: 503 with Retry-After, no details call, and the rest still handled', async () => {
    const payload = await settled('PAID');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let detailsCalls = 0;
    const slow = {
      deposits: client.deposits,
      withdrawals: {
        get: async (id: string) => {
          detailsCalls += 1;
          await gate;
          return client.withdrawals.get(id);
        },
      },
    };
    const { handler, events, failures } = recorded({ client: slow, maxInFlight: 5 });
    const forged = Array.from({ length: 40 }, (_, i) => ({
      ...payload,
      id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
    }));
    const answers = await Promise.all(forged.map((delivery) => handler(post(delivery))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 503)).toHaveLength(35);
    expect(answers.find((answer) => answer.status === 503)?.headers.get('retry-after')).toBe('5');
    expect(detailsCalls).toBe(5);
    // The genuine delivery is refused while the handler is full, and accepted once it has room.
    expect((await handler(post(payload))).status).toBe(503);
    open();
    await handler.idle();
    expect((await handler(post(payload))).status).toBe(200);
    await handler.idle();
    expect(events.map((event) => event.id)).toEqual([payload.id]);
    expect(failures.filter((failure) => failure.reason === 'confirmation-failed')).toHaveLength(5);
  });

  it('a second delivery of an event another delivery is confirming now gets 503, and the event is handed over once', async () => {
    const payload = await settled('PAID');
    const { gated, open } = gatedClient();
    const { handler, events } = recorded({ client: gated });
    expect((await handler(post(payload))).status).toBe(200);
    const again = await handler(post(payload));
    expect(again.status).toBe(503);
    expect(again.headers.get('retry-after')).toBe('5');
    open();
    await handler.idle();
    expect((await handler(post(payload))).status).toBe(200);
    await handler.idle();
    expect(events).toHaveLength(1);
  });

  it('the store failing to claim: 503 with Retry-After, onError says store-failed, nothing handed over', async () => {
    const payload = await settled('PAID');
    const broken = new InMemoryWebhookStore();
    const store: WebhookEventStore = {
      leaseMs: broken.leaseMs,
      claim: async () => {
        throw new Error('connection refused');
      },
      done: (key, token) => broken.done(key, token),
      release: (key, token) => broken.release(key, token),
      takeExpired: (account, limit) => broken.takeExpired(account, limit),
    };
    const { handler, events, failures } = recorded({ store });
    const answer = await handler(post(payload));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    await handler.idle();
    expect(events).toEqual([]);
    expect(failures).toMatchObject([{ reason: 'store-failed', id: payload.id }]);
  });
});

describe('createWebhookHandler: accounts', () => {
  it("keys events by the client's account, so handlers of two accounts sharing a store each hand over their own", async () => {
    const payload = await settled('PAID');
    const store = new InMemoryWebhookStore();
    const claims: string[] = [];
    const watched: WebhookEventStore = {
      claim: (key, delivery) => {
        claims.push(key.account);
        return store.claim(key, delivery);
      },
      done: (key, token) => store.done(key, token),
      release: (key, token) => store.release(key, token),
      takeExpired: (account, limit) => store.takeExpired(account, limit),
    };
    const ours = recorded({ store: watched });
    const theirs = recorded({ store: watched, account: 'another-account' });
    for (const { handler } of [ours, theirs, ours]) {
      expect((await handler(post(payload))).status).toBe(200);
      await handler.idle();
    }
    expect(claims).toEqual([await client.account(), 'another-account', await client.account()]);
    expect(claims[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(ours.events).toHaveLength(1);
    expect(theirs.events).toHaveLength(1);
  });
});

describe('InMemoryWebhookStore', () => {
  const key = (id: string, status = 'PAID') => ({
    account: 'a',
    operation: 'DEPOSIT',
    id,
    status,
  });

  it('a flood of distinct events keeps at most rememberEvents done and maxClaims claimed', async () => {
    const store = new InMemoryWebhookStore({ rememberEvents: 100, maxClaims: 50 });
    for (let i = 0; i < 5_000; i++) {
      const claim = await store.claim(key(`id-${i}`), '{}');
      if (claim.outcome === 'claimed') await store.done(key(`id-${i}`), claim.token);
    }
    expect(store.size).toEqual({ done: 100, claims: 0 });
    for (let i = 0; i < 50; i++) await store.claim(key(`held-${i}`), '{}');
    await expect(store.claim(key('one-more'), '{}')).rejects.toThrow(/holds 50 claims/);
    expect(store.size).toEqual({ done: 100, claims: 50 });
  });

  it('claim, busy, done, release and takeExpired act only for the token that holds the claim', async () => {
    const store = new InMemoryWebhookStore({ leaseMs: 20 });
    const first = await store.claim(key('x'), '{"id":"x"}');
    expect(first.outcome).toBe('claimed');
    expect((await store.claim(key('x'), '{}')).outcome).toBe('busy');
    await store.release(key('x'), 'not-the-token');
    expect((await store.claim(key('x'), '{}')).outcome).toBe('busy');
    expect(await store.takeExpired('a', 10)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await store.takeExpired('b', 10)).toEqual([]);
    const [taken] = await store.takeExpired('a', 10);
    expect(taken?.payload).toBe('{"id":"x"}');
    // The first holder lost its claim: its done is ignored; the new holder's counts.
    await store.done(key('x'), (first as { token: string }).token);
    expect(store.size).toEqual({ done: 0, claims: 1 });
    expect(await store.renew(key('x'), (first as { token: string }).token)).toBe(false);
    await store.done(key('x'), taken!.token);
    expect((await store.claim(key('x'), '{}')).outcome).toBe('done');
  });
});
