/**
 * A webhook receiver that checks before it trusts: `npx tsx examples/receive-webhooks.ts`
 *
 * Deliveries are NOT signed (per the provider's public docs). The provider tells receivers to
 * accept deliveries only from its fixed sending address and to confirm a status by reading the
 * details endpoint. So this receiver, in order:
 *  1. accepts only senders on an allowlist (403 otherwise) — configurable, WEBHOOK_ALLOWED_SENDERS;
 *  2. accepts only POST (405), a JSON content type (415) and a bounded body (413);
 *  3. checks the body's shape with the package's `parseWebhookPayload` (400);
 *  4. answers 200 AT ONCE, then processes in the background, one delivery at a time:
 *  5. reads the details (`withdrawals.get` / `deposits.get`) — the payload is only a hint — and
 *     compares amount and customer with the payload and with your own order record;
 *  6. acts once per transaction id + confirmed status (duplicates and resends are no-ops).
 *
 * By default it runs against the embedded mock and drives itself: `mock.withdrawals.settle` and
 * `mock.deposits.settle` send real deliveries, a resend sends a duplicate, and forged requests
 * show each check refusing. With PAYMENT_BASE_URL, PAYMENT_EMAIL and PAYMENT_PASSWORD set it
 * just listens on WEBHOOK_PORT (default 8080) until Ctrl-C: point the dashboard at it.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildDeposit,
  buildWithdrawal,
  isCryptoTransaction,
  isPaymentValidationError,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
  type TransactionDetails,
  toCents,
  type WebhookPayload,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

/** What you recorded when you created the withdrawal or deposit, keyed by your externalId. */
interface Order {
  readonly customerId: string;
  readonly amountCents: number;
  status: string;
}

interface ReceiverOptions {
  readonly client: PaymentClient;
  /** The provider's sending address(es). Behind a proxy, take the address your proxy reports, never a header the caller sets. */
  readonly allowedSenders: ReadonlyArray<string>;
  readonly orders: Map<string, Order>;
  readonly maxBodyBytes?: number;
  readonly log?: (line: string) => void;
}

function createWebhookReceiver(options: ReceiverOptions) {
  const { client, allowedSenders, orders, maxBodyBytes = 16 * 1024, log = console.log } = options;
  const processed = new Set<string>(); // in production: a table with a unique (id, status) key
  let queue: Promise<void> = Promise.resolve();

  const refuse = (res: ServerResponse, status: number, why: string, headers = {}) => {
    log(`[receiver] ${status} ${why}`);
    res.writeHead(status, { ...headers, connection: 'close' }).end();
  };

  async function confirm(payload: WebhookPayload): Promise<void> {
    // The provider advises enabling every event: USDT operations and conversions arrive too,
    // without `type`. This shop sells in BRL over Pix only.
    if (isCryptoTransaction(payload))
      return log(`[worker]   ${payload.id}: ${payload.name}, not Pix — ignored`);
    const details: TransactionDetails =
      payload.operation === 'DEPOSIT'
        ? await client.deposits.get(payload.id)
        : await client.withdrawals.get(payload.id);
    if (isCryptoTransaction(details)) return log(`[worker]   ${payload.id}: no Pix side — ignored`);
    const status = details.currency.status;
    const key = `${details._id}:${status}`;
    if (processed.has(key)) return log(`[worker]   ${key} already processed — duplicate ignored`);
    const problems: string[] = [];
    if (status !== payload.status)
      problems.push(`payload says ${payload.status}, details say ${status}`);
    if (details.currency.amount !== payload.amount)
      problems.push(`payload amount ${payload.amount} ≠ ${details.currency.amount}`);
    if (details.customerId !== payload.customerId)
      problems.push('payload customer ≠ details customer');
    const order = details.externalId === undefined ? undefined : orders.get(details.externalId);
    if (!order) problems.push(`no order of ours has externalId ${details.externalId}`);
    else if (
      order.customerId !== details.customerId ||
      order.amountCents !== toCents(details.currency.amount)
    )
      problems.push('amount or customer differs from our order');
    if (problems.length > 0)
      return log(`[worker]   NOT acting on ${payload.id}: ${problems.join('; ')}`);
    processed.add(key);
    order!.status = status;
    log(`[worker]   confirmed by details: order ${details.externalId} is now ${status}`);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const sender = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (!allowedSenders.includes(sender)) return refuse(res, 403, `sender ${sender} not allowed`);
    if (req.method !== 'POST') return refuse(res, 405, `method ${req.method}`, { allow: 'POST' });
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return refuse(res, 415, `content type "${type}"`);
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes)
      return refuse(res, 413, 'declared body too large');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        refuse(res, 413, 'body too large');
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      let payload: WebhookPayload;
      try {
        payload = parseWebhookPayload(Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        if (!isPaymentValidationError(error)) throw error;
        return refuse(res, 400, error.message);
      }
      res.writeHead(200).end(); // at once: the work happens after the answer
      log(`[receiver] 200 ${payload.operation} ${payload.id} ${payload.status}, queued`);
      queue = queue
        .then(() => confirm(payload))
        .catch((error: unknown) => {
          // Details unreachable: do nothing now; a resend or the reconciliation job retries later.
          log(`[worker]   could not confirm ${payload.id}: ${String(error)}`);
        });
    });
  });

  server.requestTimeout = 10_000; // a sender that trickles its body is cut off, not waited for

  return {
    server,
    /** Resolves when every delivery received so far has been processed. */
    idle: () => queue,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await queue;
    },
  };
}

/** A raw request from a chosen local address, the way an attacker (or a confused proxy) would send one. */
function send(url: string, init: { method?: string; type?: string; body?: string; from?: string }) {
  return new Promise<number | string>((resolve) => {
    const req = request(url, {
      method: init.method ?? 'POST',
      headers: { 'content-type': init.type ?? 'application/json' },
      ...(init.from ? { localAddress: init.from } : {}),
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(init.body);
  });
}

const env = process.env;
const allowedSenders = (env.WEBHOOK_ALLOWED_SENDERS ?? '127.0.0.1,::1')
  .split(',')
  .map((s) => s.trim());

if (env.PAYMENT_BASE_URL && env.PAYMENT_EMAIL && env.PAYMENT_PASSWORD) {
  // Real service: listen and wait. Orders would come from your database; here there are none, so
  // every confirmed delivery is reported as "no order of ours".
  const client = new PaymentClient({
    baseUrl: env.PAYMENT_BASE_URL,
    email: env.PAYMENT_EMAIL,
    password: env.PAYMENT_PASSWORD,
  });
  const receiver = createWebhookReceiver({ client, allowedSenders, orders: new Map() });
  const port = Number(env.WEBHOOK_PORT ?? 8080);
  receiver.server.listen(port, '0.0.0.0', () =>
    console.log(
      `listening on :${port}, senders allowed: ${allowedSenders.join(', ')} (Ctrl-C stops)`,
    ),
  );
  process.once('SIGINT', () => void receiver.close());
} else {
  const mock = createPaymentServiceMock();
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
  });
  const orders = new Map<string, Order>();
  // The mock delivers from this machine, so the allowlist is 127.0.0.1 here.
  const receiver = createWebhookReceiver({ client, allowedSenders, orders });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhooks/pix`;
  mock.webhooks.setUrl(url);
  try {
    const customerId = mock.customers.create({ name: 'Ana Souza' })._id;
    const pixKey = await client.pixKeys.ensure(customerId, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const payout = async (externalId: string, amount: string) => {
      orders.set(externalId, { customerId, amountCents: toCents(amount), status: 'PENDING' });
      return client.withdrawals.create(
        buildWithdrawal({ amount, customerId, currency, pixKey, externalId }),
      );
    };

    console.log(
      '\n— a withdrawal is paid: the service delivers, the receiver confirms with the details',
    );
    const first = await payout('payout-1', '150.75');
    await mock.withdrawals.settle(first._id, 'PAID');
    await receiver.idle();

    console.log(
      '\n— the same webhook again (resend, or the provider retrying): processed once only',
    );
    await client.withdrawals.resendWebhook(first._id);
    await mock.webhooks.flush();
    await receiver.idle();

    console.log('\n— a deposit is paid');
    const depositCurrency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    orders.set('order-7', { customerId, amountCents: 4990, status: 'WAITING_PAYMENT' });
    const { data } = await client.deposits.create(
      buildDeposit({
        amount: { cents: 4990 },
        customerId,
        currency: depositCurrency,
        externalId: 'order-7',
      }),
    );
    await mock.deposits.settle(data.id, 'PAID');
    await receiver.idle();

    console.log(
      '\n— a forged "PAID" from an allowed address: the details say otherwise, nothing happens',
    );
    const second = await payout('payout-2', '20.00');
    const forged = {
      id: second._id,
      customerId,
      status: 'PAID',
      name: 'BRL',
      type: 'PIX',
      amount: 20000,
      operation: 'WITHDRAW',
    };
    await send(url, { body: JSON.stringify(forged) });
    await receiver.idle();

    console.log('\n— requests refused before anything is processed');
    await send(url, { method: 'GET' });
    await send(url, { type: 'text/plain', body: 'status=PAID' });
    await send(url, { body: JSON.stringify({ padding: 'x'.repeat(64 * 1024) }) });
    await send(url, { body: JSON.stringify({ id: 'x', status: 'PAID' }) });
    const fromOther = await send(url, { body: JSON.stringify(forged), from: '127.0.0.2' });
    if (typeof fromOther === 'string')
      console.log(`[receiver] (sender check not shown: 127.0.0.2 unavailable here: ${fromOther})`);

    console.log(
      `\norders: ${JSON.stringify(Object.fromEntries([...orders].map(([id, o]) => [id, o.status])))}`,
    );
    const deliveries = mock.webhooks.deliveries.map((d) => `#${d.id} ${d.trigger} ${d.outcome}`);
    console.log(`mock deliveries: ${deliveries.join(', ')}`);
    if (orders.get('payout-1')?.status !== 'PAID' || orders.get('payout-2')?.status !== 'PENDING') {
      throw new Error('unexpected order states');
    }
  } finally {
    await receiver.close();
  }
}
