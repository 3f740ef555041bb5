import {
  buildWithdrawal,
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  PaymentClient,
  PaymentValidationError,
  PROVIDER_WEBHOOK_ADDRESS,
  selectCurrency,
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
async function settled(status = 'PAID'): Promise<WebhookPayload> {
  const customerId = mock.customers.seeded._id;
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'a@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId: 'order-1' }),
  );
  return (await mock.withdrawals.settle(created._id, status)).payload as WebhookPayload;
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('https://shop.example/webhooks/pix', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

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
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gated = {
      deposits: client.deposits,
      withdrawals: { get: async (id: string) => gate.then(() => client.withdrawals.get(id)) },
    };
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
      { ...payload, operation: 'REFUND' },
    ];
    for (const forged of forgeries) expect((await handler(post(forged))).status).toBe(200);
    await handler.idle();
    expect(events).toEqual([]);
    // Each forgery's own outcome, whatever order the confirmations finish in.
    const reasonOf = (forged: { id: string; status: string; customerId: string }) =>
      failures.filter((failure) => failure.id === forged.id).map((failure) => failure.reason);
    expect(failures).toHaveLength(4);
    expect(reasonOf(forgeries[2]!)).toEqual(['confirmation-failed']);
    expect(reasonOf(payload).sort()).toEqual(['unconfirmed', 'unconfirmed', 'unconfirmed']);
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

  it('remembers at most rememberEvents pairs, forgetting the least recently seen', async () => {
    const payload = await settled('PAID');
    const { handler, events } = recorded({ rememberEvents: 1 });
    // The second pair pushes the first out; the first is then processed again.
    await handler(post(payload));
    await handler(post({ ...payload, status: 'PROCESSING' }));
    await handler(post(payload));
    await handler.idle();
    expect(events.map((event) => event.status)).toEqual(['PAID', 'PAID']);
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
      [{ client, onEvent, senderAddress: '127.0.0.1' }, 'senderAddress'],
    ];
    for (const [options, path] of bad) {
      const attempt = () => createWebhookHandler(options as WebhookHandlerOptions);
      expect(attempt).toThrow(PaymentValidationError);
      expect(attempt).toThrow(new RegExp(`${path}: `));
    }
  });
});
