// The checks every runtime runs, on the BUILT package (its `exports`, as the runtime or the bundler
// resolves them). Each returns what it saw; the vitest file that spawned the runtime asserts.
import {
  buildWithdrawal,
  createWebhookHandler,
  PaymentClient,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

/** Registers a key and creates a withdrawal: the status the service answered. */
export async function payOut(client, customerId) {
  const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'rt@example.com' });
  const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
  const created = await client.withdrawals.create(
    buildWithdrawal({ amount: '1.23', customerId, currency, pixKey }),
  );
  return { id: created._id, status: created.status };
}

/** The client against the mock server the test started (real HTTP to 127.0.0.1). */
export async function overServer({ url, email, password, customerId }) {
  const client = new PaymentClient({ baseUrl: url, email, password });
  return (await payOut(client, customerId)).status;
}

/** The client over `mock.fetch`, in this runtime, with no network at all. */
export async function overMockFetch() {
  const mock = createPaymentServiceMock({ seed: 1 });
  const client = new PaymentClient({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    fetch: mock.fetch,
  });
  return (await payOut(client, mock.customers.seeded._id)).status;
}

/**
 * `mock.handlers`, which loads msw on first use: how many handlers, or what it said. This
 * repository has msw 3, whose setupServer does not intercept in Bun or Deno, so only the loading
 * is checked here; the package smoke test runs msw 2's setupServer in both.
 */
export function readHandlers() {
  try {
    return createPaymentServiceMock().handlers.length;
  } catch (error) {
    return error.message;
  }
}

/**
 * The webhook handler served by this runtime: `serve(handler)` starts a server on 127.0.0.1 and
 * resolves with its URL and a way to stop it. The mock settles a withdrawal and delivers over real
 * HTTP; a forged delivery follows. Returns the statuses `onEvent` received.
 */
export async function webhookHandler(serve) {
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
      events.push(`${event.id === created.id ? 'own' : 'other'}:${event.status}`);
    },
    onError: () => undefined,
  });
  const created = await payOut(client, mock.customers.seeded._id);
  const server = await serve(handler);
  try {
    mock.webhooks.setUrl(server.url);
    const delivery = await mock.withdrawals.settle(created.id, 'PAID');
    const forged = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify({ ...delivery.payload, status: 'REFUND_APPROVED' }),
    });
    await forged.text();
    await handler.idle();
    return { delivered: delivery.outcome, forged: forged.status, events };
  } finally {
    await server.stop();
  }
}

/** Runs the named checks; each one's value, or its error as text. */
export async function runChecks(checks) {
  const results = {};
  for (const [name, check] of Object.entries(checks)) {
    try {
      results[name] = await check();
    } catch (error) {
      results[name] = `error: ${error?.stack ?? error}`;
    }
  }
  return results;
}
