/**
 * Recover webhooks missed while your receiver was down: `npx tsx examples/recover-missed-webhooks.ts`
 *
 * The provider does not retry deliveries (none is published): a notification sent while your
 * receiver is down, restarting or timing out is simply lost. This shows:
 * - the receiver down while withdrawals settle → every delivery fails (`mock.webhooks.deliveries`
 *   is the mock's journal of them: outcome `failed`);
 * - the receiver back up, and a reconciliation job that asks again, with
 *   `withdrawals.resendWebhook(id)`, for each withdrawal of yours not yet confirmed in a final
 *   status — the resent notifications go through the normal receiver (which confirms each with
 *   the details endpoint, as it always should);
 * - a withdrawal still PENDING stays on the list for the next run.
 *
 * Run the job on a schedule (and at start-up). A job that only reads `withdrawals.get(id)` would
 * reconcile too; resending instead keeps a single code path (the receiver) for status changes.
 *
 * Mock only: it needs `mock.withdrawals.settle` and a receiver it can stop.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildWithdrawal,
  isCryptoTransaction,
  PaymentClient,
  parseWebhookPayload,
  selectCurrency,
} from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';

const FINAL = new Set(['PAID', 'ERROR', 'REJECTED']);

const mock = createPaymentServiceMock();
const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials, fetch: mock.fetch });

/** Your payouts table: externalId → the withdrawal and the last status confirmed by the details endpoint. */
const payouts = new Map<string, { withdrawalId: string; confirmed?: string }>();

/** Confirmations under way in the receiver, so the job can wait for them. */
const inFlight = new Set<Promise<void>>();

/** Reads the details before recording anything: the payload only says "look at this one". */
async function confirm(body: string): Promise<void> {
  const payload = parseWebhookPayload(body);
  const details = await client.withdrawals.get(payload.id);
  const payout = details.externalId === undefined ? undefined : payouts.get(details.externalId);
  if (payout?.withdrawalId !== details._id || isCryptoTransaction(details)) return;
  payout.confirmed = details.currency.status;
  console.log(`  [receiver] ${details.externalId}: confirmed ${details.currency.status}`);
}

/** The receiver (see receive-webhooks.ts for every check): answers 200 at once, confirms after. */
function startReceiver(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200).end();
      const work = confirm(Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        console.log(`  [receiver] not confirmed now (the next reconcile run asks again): ${error}`);
      });
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

// Set up: a receiver whose URL is registered (the dashboard setting), three payouts.
let receiver = await startReceiver(0);
const { port } = receiver.address() as AddressInfo;
mock.webhooks.setUrl(`http://127.0.0.1:${port}/webhooks/pix`);
const customerId = mock.customers.create({ name: 'Ana Souza' })._id;
const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
for (const [externalId, amount] of [
  ['payout-1', '10.00'],
  ['payout-2', '25.50'],
  ['payout-3', '99.90'],
] as const) {
  const { _id } = await client.withdrawals.create(
    buildWithdrawal({ amount, customerId, currency, pixKey, externalId }),
  );
  payouts.set(externalId, { withdrawalId: _id });
}

// 1. The receiver goes down (a deploy, a crash) while the provider settles two of them.
await stop(receiver);
console.log('receiver DOWN; the provider settles payout-1 (PAID) and payout-2 (ERROR)');
await mock.withdrawals.settle(payouts.get('payout-1')!.withdrawalId, 'PAID');
await mock.withdrawals.settle(payouts.get('payout-2')!.withdrawalId, 'ERROR');
for (const d of mock.webhooks.deliveries) {
  console.log(
    `  delivery #${d.id} (${d.trigger}) ${d.payload.externalId} ${d.payload.status} → ${d.outcome}: ${d.error}`,
  );
}

// 2. The receiver is back, on the same address. Nothing arrives by itself.
receiver = await startReceiver(port);
console.log('receiver UP again');

// 3. The reconciliation job: every payout not confirmed in a final status, ask for its webhook again.
async function reconcile(): Promise<string[]> {
  const open = [...payouts].filter(([, p]) => !FINAL.has(p.confirmed ?? ''));
  console.log(
    `reconcile: ${open.length} payouts not confirmed: ${open.map(([id]) => id).join(', ')}`,
  );
  for (const [, payout] of open) await client.withdrawals.resendWebhook(payout.withdrawalId);
  await mock.webhooks.flush(); // the service answers the resend at once and delivers after
  await Promise.all([...inFlight]); // and the receiver has confirmed what it got
  return [...payouts].filter(([, p]) => !FINAL.has(p.confirmed ?? '')).map(([id]) => id);
}
const stillOpen = await reconcile();
console.log(
  `still open after this run: ${stillOpen.join(', ') || 'none'} (PENDING: next run asks again)`,
);

console.log('deliveries journal now:');
for (const d of mock.webhooks.deliveries) {
  console.log(
    `  #${d.id} ${d.trigger.padEnd(6)} ${d.payload.externalId} ${d.payload.status.padEnd(7)} → ${d.outcome}`,
  );
}
await stop(receiver);
if (stillOpen.join() !== 'payout-3') throw new Error(`unexpected: ${stillOpen.join()}`);
