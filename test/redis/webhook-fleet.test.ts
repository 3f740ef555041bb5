import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWithdrawal, PaymentClient, selectCurrency } from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireExternal } from '../support/externals.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import {
  prepareReceivers,
  type Receiver,
  type ReceiverConfig,
  type ReceiverFleet,
  type Relay,
  startRelay,
} from '../support/webhook-fleet.js';

// Webhook receivers as a merchant runs them: separate processes, each a real HTTP server with
// createWebhookHandler and a RedisWebhookStore, behind a round-robin relay, one redis-server
// (persisting its writes, so a restart keeps them), and the mock server delivering over real HTTP.
// Each process appends what reaches onEvent to a file of its own.

const redisServer = requireExternal('redis');

interface Transaction {
  readonly operation: 'WITHDRAW' | 'DEPOSIT';
  readonly id: string;
}

const eventOf = (transaction: Transaction, status: string) =>
  `${transaction.operation} ${transaction.id} ${status}`;

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<unknown>,
) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(redisServer === undefined)('webhooks across a fleet of receiver processes', () => {
  let redis: RedisServer;
  let service: RunningMockServer;
  let fleet: ReceiverFleet;
  let records: string;
  let client: PaymentClient;
  const running: Receiver[] = [];
  let relay: Relay | undefined;
  let sequence = 0;

  beforeAll(async () => {
    [redis, service, fleet] = await Promise.all([
      startRedisServer(redisServer!, { persist: true }),
      startMockServer({ port: 0 }),
      prepareReceivers(),
    ]);
    records = mkdtempSync(join(tmpdir(), 'pix-webhooks-'));
    client = new PaymentClient({ baseUrl: service.url, ...service.mock.credentials });
    service.mock.company.setBalance({ BRL: '100000000.00' });
  }, 30_000);

  afterEach(async () => {
    await relay?.close();
    await Promise.all(running.splice(0).map((receiver) => receiver.stop()));
    service.mock.faults.clear();
  }, 30_000);

  afterAll(async () => {
    await Promise.all([redis?.close(), service?.close()]);
    fleet?.close();
    if (records) rmSync(records, { recursive: true, force: true });
  }, 30_000);

  /** Receivers on one prefix of the test's own, each recording to a file of its own. */
  async function receivers(count: number, options: Partial<ReceiverConfig> = {}) {
    const prefix = options.prefix ?? `test:${++sequence}:webhook`;
    const files = Array.from({ length: count }, () => join(records, `${++sequence}.log`));
    const started = await Promise.all(
      files.map((recordFile) =>
        fleet.start(1, {
          mockUrl: service.url,
          credentials: service.mock.credentials,
          redisUrl: redis.url,
          prefix,
          leaseMs: 3_000,
          ...options,
          recordFile,
        }),
      ),
    );
    const receivers = started.map(([receiver], i) => ({
      receiver: receiver!,
      prefix,
      file: files[i]!,
    }));
    running.push(...receivers.map(({ receiver }) => receiver));
    return receivers;
  }

  const recorded = (file: string): string[] => {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };

  async function deposits(count: number): Promise<Transaction[]> {
    const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
    const created: Transaction[] = [];
    await inBatches(Array.from({ length: count }), 20, async () => {
      const { data } = await client.deposits.create({
        amount: 5,
        customerId: service.mock.customers.seeded._id,
        currency,
      });
      created.push({ operation: 'DEPOSIT', id: data.id });
    });
    return created;
  }

  async function withdrawals(count: number): Promise<Transaction[]> {
    const customerId = service.mock.customers.seeded._id;
    const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
    const pixKey = await client.pixKeys.ensure(customerId, {
      type: 'EMAIL',
      key: 'fleet@example.com',
    });
    const created: Transaction[] = [];
    await inBatches(Array.from({ length: count }), 20, async () => {
      const withdrawal = await client.withdrawals.create(
        buildWithdrawal({
          amount: '1.00',
          customerId,
          currency,
          pixKey,
          externalId: crypto.randomUUID(),
        }),
      );
      created.push({ operation: 'WITHDRAW', id: withdrawal._id });
    });
    return created;
  }

  const settle = (transaction: Transaction, status: string) =>
    transaction.operation === 'DEPOSIT'
      ? service.mock.deposits.settle(transaction.id, status)
      : service.mock.withdrawals.settle(transaction.id, status);

  const resend = (transaction: Transaction) =>
    transaction.operation === 'DEPOSIT'
      ? client.deposits.resendWebhook(transaction.id)
      : client.withdrawals.resendWebhook(transaction.id);

  it('a receiver killed (SIGKILL) while onEvent runs: recover() in another hands that event over once more, and nothing else', async () => {
    const [hung, ...others] = await deposits(4);
    const [a] = await receivers(1, { leaseMs: 1_000, hangId: hung!.id });
    const [b] = await receivers(1, { leaseMs: 1_000, prefix: a!.prefix });
    service.mock.webhooks.setUrl(a!.receiver.url);
    for (const deposit of others) expect((await settle(deposit, 'PAID')).status).toBe(200);
    await a!.receiver.ask({});
    expect((await settle(hung!, 'PAID')).status).toBe(200);
    while (!recorded(a!.file).includes(`begin ${eventOf(hung!, 'PAID')} ${a!.receiver.pid}`)) {
      await pause(20);
    }
    a!.receiver.kill('SIGKILL');

    // The other receiver drops resends of what the dead one finished, and takes over the rest.
    service.mock.webhooks.setUrl(b!.receiver.url);
    for (const deposit of others) await resend(deposit);
    await service.mock.webhooks.flush();
    let recovered = 0;
    while (recovered === 0) {
      recovered = (await b!.receiver.ask({ recover: true })).recovered;
      if (recovered === 0) await pause(100);
    }
    expect(recovered).toBe(1);
    expect((await b!.receiver.ask({ recover: true })).recovered).toBe(0);
    await resend(hung!);
    await service.mock.webhooks.flush();
    await b!.receiver.ask({});

    expect(recorded(a!.file).sort()).toEqual(
      [
        ...others.map((deposit) => `${eventOf(deposit, 'PAID')} ${a!.receiver.pid}`),
        `begin ${eventOf(hung!, 'PAID')} ${a!.receiver.pid}`,
      ].sort(),
    );
    expect(recorded(b!.file)).toEqual([`${eventOf(hung!, 'PAID')} ${b!.receiver.pid}`]);
  }, 30_000);

  it('three receivers behind a round-robin relay, with resends, details faults and Redis stopped mid-run: every (id, status) reaches onEvent exactly once', async () => {
    const fleetOf = await receivers(3);
    relay = await startRelay(fleetOf.map(({ receiver }) => receiver.url));
    service.mock.webhooks.setUrl(relay.url);
    const [payouts, payins] = [await withdrawals(400), await deposits(620)];
    const transactions = [...payouts, ...payins];

    // Faults on the details endpoints, used up by the confirmations as they come.
    const faults = [
      { method: 'GET', pathPattern: '/withdraw/:id/details', status: 503, times: 100 },
      { method: 'GET', pathPattern: '/deposit/:id/details', status: 500, times: 100 },
      { method: 'GET', pathPattern: '/deposit/:id/details', networkError: true, times: 40 },
    ];
    for (const fault of faults) service.mock.faults.inject(fault);

    const expected = new Set<string>();
    const rounds: number[] = [];
    /** Resends what has not reached onEvent yet, as a merchant's reconciliation does, until all has. */
    async function reconcile(): Promise<void> {
      for (let round = 0; round < 40; round++) {
        await service.mock.webhooks.flush();
        await Promise.all(fleetOf.map(({ receiver }) => receiver.ask({ recover: true })));
        const seen = new Set(
          fleetOf.flatMap(({ file }) =>
            recorded(file).map((line) => line.split(' ').slice(0, 3).join(' ')),
          ),
        );
        const missing = transactions.filter((transaction) =>
          [...expected].some(
            (event) =>
              event.startsWith(`${transaction.operation} ${transaction.id} `) && !seen.has(event),
          ),
        );
        if (missing.length === 0) {
          rounds.push(round);
          return;
        }
        // A claim still held elsewhere answers 503 until it ends: give it a moment.
        if (round > 0) await pause(250);
        await inBatches(missing, 20, resend);
      }
      throw new Error('events still missing after 40 rounds of resends');
    }

    // First the withdrawals move to PROCESSING and the deposits are paid; the merchant resends
    // 300 of them besides.
    await inBatches(transactions, 25, (transaction) => {
      const status = transaction.operation === 'DEPOSIT' ? 'PAID' : 'PROCESSING';
      expected.add(eventOf(transaction, status));
      return settle(transaction, status);
    });
    await inBatches(transactions.filter((_, i) => i % 3 === 0).slice(0, 300), 20, resend);
    await reconcile();

    // Then the withdrawals are paid, and Redis stops for a while in the middle.
    const half = payouts.length / 2;
    await inBatches(payouts.slice(0, half), 25, (payout) => {
      expected.add(eventOf(payout, 'PAID'));
      return settle(payout, 'PAID');
    });
    await redis.stop();
    const duringOutage = await Promise.all(
      payouts.slice(half, half + 40).map((payout) => {
        expected.add(eventOf(payout, 'PAID'));
        return settle(payout, 'PAID');
      }),
    );
    await redis.restart();
    await inBatches(payouts.slice(half + 40), 25, (payout) => {
      expected.add(eventOf(payout, 'PAID'));
      return settle(payout, 'PAID');
    });
    await reconcile();

    // Exactly once: every expected event in one receiver's record, and nothing else.
    const lines = fleetOf.flatMap(({ file }) => recorded(file));
    const events = lines.map((line) => line.split(' ').slice(0, 3).join(' '));
    expect(events.length).toBe(expected.size);
    expect(new Set(events)).toEqual(expected);
    for (const { receiver } of fleetOf) {
      expect(lines.filter((line) => line.endsWith(` ${receiver.pid}`)).length).toBeGreaterThan(0);
    }
    // While Redis was down, deliveries were refused with 503 (and delivered again later).
    expect(duringOutage.every((delivery) => delivery.status === 503)).toBe(true);
    const reports = await Promise.all(fleetOf.map(({ receiver }) => receiver.ask({})));
    const failed = (reason: string) =>
      reports.reduce(
        (sum, report) => sum + ((report.failures as Record<string, number>)[reason] ?? 0),
        0,
      );
    expect(failed('confirmation-failed')).toBeGreaterThan(0);
    expect(failed('store-failed')).toBeGreaterThan(0);
    const deliveries = service.mock.webhooks.deliveries;
    console.info(
      `webhook fleet: ${expected.size} events of ${transactions.length} transactions, ${fleetOf.length} receivers, ` +
        `${deliveries.length} deliveries (${deliveries.filter((d) => d.trigger === 'resend').length} resends, ` +
        `${deliveries.filter((d) => d.status === 503).length} answered 503), ` +
        `${failed('confirmation-failed')} details faults reaching the handler, ${failed('store-failed')} store failures, ` +
        `reconciliation rounds ${rounds.join(' and ')}`,
    );
  }, 120_000);
});
