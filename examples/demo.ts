/**
 * The whole merchant flow, step by step: `npm run demo`.
 *
 * Log in, read the balance, find or create a customer, register a Pix key, pay out to it, receive
 * the webhook on a local `node:http` receiver, confirm the status with the details endpoint, read
 * the balance again, ask for the webhook again, then take a deposit and print its Pix
 * copy-and-paste code. Each step prints what was
 * called (method and route, captured through the client's `logger` option), what came back and
 * how long it took.
 *
 * With no configuration it runs against the embedded mock (`createPaymentServiceMock()`, given to
 * the client as its `fetch`: no global patching, nothing leaves the machine). Set
 * PAYMENT_BASE_URL, PAYMENT_EMAIL and PAYMENT_PASSWORD (and optionally PAYMENT_CUSTOMER_ID) and
 * the same run goes against a real service; the mock-only step (settling the withdrawal) is then
 * skipped, and webhooks go to the URL set in your dashboard (WEBHOOK_PORT fixes the local
 * receiver's port, for a tunnel or a dashboard pointing at it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  brlBalance,
  buildDeposit,
  buildWithdrawal,
  formatCents,
  isCryptoTransaction,
  isValidCpf,
  type LogFields,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
  UnauthorizedError,
  type WebhookPayload,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const { PAYMENT_BASE_URL, PAYMENT_EMAIL, PAYMENT_PASSWORD, PAYMENT_CUSTOMER_ID } = process.env;
const real = Boolean(PAYMENT_BASE_URL && PAYMENT_EMAIL && PAYMENT_PASSWORD);
const mock = real ? undefined : createPaymentServiceMock();

// ---- output helpers --------------------------------------------------------------------------
const tty = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
const paint = (code: number) => (text: string) => (tty ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = paint(1);
const dim = paint(2);
const say = (line = '') => process.stdout.write(`${line}\n`);

// Every HTTP attempt the client makes, as its logger reports it (method, path, status, duration;
// the logger never sees headers, bodies or secrets).
const calls: string[] = [];
let totalCalls = 0;
const logger = {
  debug(message: string, fields?: LogFields) {
    if (!fields) return;
    const outcome = fields.status ?? message.replace('pix-payment-sdk: ', '');
    calls.push(`${fields.method} ${fields.path} → ${outcome} (${fields.durationMs} ms)`);
  },
  warn(message: string, fields?: LogFields) {
    calls.push(`${message.replace('pix-payment-sdk: ', '')} ${JSON.stringify(fields)}`);
  },
};

let stepNo = 0;
/** Runs one step and prints its title, the HTTP calls it made, a short result and its time. */
async function step<T>(
  title: string,
  run: () => Promise<T> | T,
  show: (value: T) => string | string[],
): Promise<T> {
  stepNo++;
  calls.length = 0;
  const started = performance.now();
  const value = await run();
  const ms = (performance.now() - started).toFixed(1);
  say(`${bold(`${String(stepNo).padStart(2)}. ${title}`)} ${dim(`${ms} ms`)}`);
  for (const call of calls) say(`    → ${call}`);
  for (const line of [show(value)].flat()) say(`    ← ${line}`);
  totalCalls += calls.length;
  return value;
}

/** A receiver on 127.0.0.1 recording payloads (receive-webhooks.ts shows the checks to add). */
async function startReceiver(port: number) {
  const received: WebhookPayload[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        received.push(parseWebhookPayload(Buffer.concat(chunks).toString('utf8')));
      } catch {
        // not a payload: ignored
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
    received,
    /** Waits until `count` payloads arrived or `ms` passed. */
    async waitFor(count: number, ms: number): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (received.length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.length >= count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A random valid CPF, for creating a demo customer on a real service. */
function randomCpf(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    for (const length of [9, 10]) {
      const sum = digits.reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
      digits.push(((sum * 10) % 11) % 10);
    }
    const cpf = digits.join('');
    if (isValidCpf(cpf)) return cpf;
  }
}

const compact = (payload: WebhookPayload | undefined) => JSON.stringify(payload);

/** The BRL balance in cents, or why it could not be read (the balance route's own IP allowlist). */
async function readBalance(): Promise<string> {
  try {
    const brl = brlBalance(await client.company.getBalance());
    return brl === undefined
      ? 'no BRL balance'
      : `BRL available R$ ${formatCents(brl.availableCents)}, held R$ ${formatCents(brl.heldCents)}`;
  } catch (error) {
    if (error instanceof UnauthorizedError) return `not readable from here: ${error.message}`;
    throw error;
  }
}
const started = performance.now();
const client = new PaymentClient(
  mock
    ? { baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch, logger }
    : { baseUrl: PAYMENT_BASE_URL!, email: PAYMENT_EMAIL!, password: PAYMENT_PASSWORD!, logger },
);
const receiver = await startReceiver(Number(process.env.WEBHOOK_PORT ?? 0));
try {
  say(
    bold(
      `pix-payment-sdk demo against ${mock ? 'the embedded mock (no network)' : client.baseUrl}`,
    ),
  );
  say(dim(`webhook receiver listening on ${receiver.url}`));
  if (mock)
    mock.webhooks.setUrl(receiver.url); // the mock's equivalent of the dashboard setting
  else
    say(dim('(webhooks go to the dashboard URL: this receiver sees them only if it points here)'));
  say();

  await step(
    'Log in: client.getToken()',
    () => client.getToken(),
    (token) =>
      `a JWT of ${token.length} characters (not printed; cached and shared by every later call)`,
  );

  await step('Read the balance: company.getBalance() + brlBalance()', readBalance, (line) => line);

  const customerId = await step(
    'Find or create a customer',
    async () => {
      if (mock) return mock.customers.create({ name: 'Ana Souza' })._id; // a mock control, no HTTP
      if (PAYMENT_CUSTOMER_ID) return (await client.customers.get(PAYMENT_CUSTOMER_ID))._id;
      const created = await client.customers.create({ name: 'Demo', document: randomCpf() });
      return created.customer._id;
    },
    (id) =>
      `customer ${id} (${mock ? 'mock.customers.create()' : PAYMENT_CUSTOMER_ID ? 'PAYMENT_CUSTOMER_ID' : 'client.customers.create()'})`,
  );

  const pixKey = await step(
    'Register the Pix key, or find it: pixKeys.ensure()',
    () =>
      client.pixKeys.ensure(customerId, {
        type: 'EMAIL',
        key: `ana.${customerId.slice(-6)}@example.com`,
      }),
    (key) => `${key.type} ${key.key}, _id ${key._id}`,
  );

  const currency = await step(
    'Pick the withdrawal currency: withdrawals.listCurrencies() + selectCurrency()',
    async () => selectCurrency(await client.withdrawals.listCurrencies(), 'BRL'),
    (brl) => `${brl.name} (${brl.symbol}), _id ${brl._id}: sent whole in the withdrawal`,
  );

  const externalId = `demo-payout-${Date.now()}`;
  const withdrawal = await step(
    'Pay out R$ 150.75: buildWithdrawal() + withdrawals.create()',
    () =>
      client.withdrawals.create(
        buildWithdrawal({ amount: '150.75', customerId, currency, pixKey, externalId }),
      ),
    (w) => [
      `${w.status}: ${w.message}, _id ${w._id}`,
      `externalId ${w.externalId} (your reference and idempotency key)`,
    ],
  );

  if (mock) {
    await step(
      'The provider pays it and notifies you: mock.withdrawals.settle(id, "PAID")',
      () => mock.withdrawals.settle(withdrawal._id, 'PAID'),
      (d) => [
        `delivery #${d.id} ${d.outcome} (${d.status}) in ${d.durationMs} ms`,
        `receiver got ${compact(receiver.received.at(-1))}`,
      ],
    );
  } else {
    say(`${bold(`${String(++stepNo).padStart(2)}. Settle the withdrawal`)} ${dim('skipped')}`);
    say('    ← a real service settles it on its own; there is nothing to call');
  }

  await step(
    'Confirm with the details endpoint: withdrawals.get()',
    () => client.withdrawals.get(withdrawal._id),
    (d) =>
      isCryptoTransaction(d)
        ? `a crypto operation: ${d.cryptocurrency.status}`
        : `${d.currency.status}, ${d.currency.name} ${d.currency.amount.toFixed(2)}, externalId ${d.externalId}`,
  );

  await step('The balance after the payout: company.getBalance()', readBalance, (line) => line);

  const before = receiver.received.length;
  await step(
    'Ask for the webhook again: withdrawals.resendWebhook()',
    async () => {
      const answer = await client.withdrawals.resendWebhook(withdrawal._id);
      if (mock) await mock.webhooks.flush(); // the service answers at once and delivers after
      return { answer, arrived: await receiver.waitFor(before + 1, mock ? 0 : 5_000) };
    },
    ({ answer, arrived }) => [
      answer.message,
      arrived
        ? `arrived again: ${compact(receiver.received.at(-1))}`
        : 'nothing arrived here within 5 s',
    ],
  );

  const depositCurrency = await step(
    'Pick the deposit currency: deposits.listCurrencies() + selectCurrency()',
    async () => selectCurrency(await client.deposits.listCurrencies(), 'BRL'),
    (brl) => `${brl.name}, _id ${brl._id} (not the withdrawal BRL object)`,
  );

  const deposit = await step(
    'Take a deposit of R$ 49.90: buildDeposit() + deposits.create()',
    () =>
      client.deposits.create(
        buildDeposit({ amount: { cents: 4990 }, customerId, currency: depositCurrency }),
      ),
    ({ message, data }) => [
      `${data.status}: ${message}, id ${data.id}`,
      'Pix copy-and-paste code:',
      data.code,
    ],
  );

  say();
  say(
    bold(
      `OK: ${stepNo} steps, ${totalCalls} HTTP calls, ${receiver.received.length} webhooks received, ` +
        `withdrawal ${withdrawal._id}, deposit ${deposit.data.id}, ${Math.round(performance.now() - started)} ms`,
    ),
  );
} catch (error) {
  console.error('demo failed:', error);
  process.exitCode = 1;
} finally {
  await receiver.close();
}
