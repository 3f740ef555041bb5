import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireExternal } from '../support/externals.js';
import { type Fleet, prepareFleet, type Worker } from '../support/redis-fleet.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import type { WorkerRedisClient, WorkerReport } from '../support/redis-worker.js';

// Separate processes, as a merchant's pods and workers are: each its own PaymentClient, its own
// Redis connection and a RedisTokenStore on one shared key, against the mock over real HTTP and a
// real redis-server. The mock's journal counts the logins.

const redisServer = requireExternal('redis');
const FLEET = 20;
const connect = (url: string) =>
  createClient({ url })
    .on('error', () => undefined)
    .connect();

describe.skipIf(redisServer === undefined)('RedisTokenStore across processes', () => {
  let redis: RedisServer;
  let service: RunningMockServer;
  let admin: Awaited<ReturnType<typeof connect>>;
  let workerFleet: Fleet;
  const workers: Worker[] = [];

  beforeAll(async () => {
    [redis, service, workerFleet] = await Promise.all([
      startRedisServer(redisServer!),
      startMockServer({ port: 0 }),
      prepareFleet(),
    ]);
    admin = await connect(redis.url);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    admin?.destroy();
    await Promise.all([redis?.close(), service?.close()]);
    workerFleet?.close();
  }, 30_000);

  async function fleet(
    count: number,
    key: string,
    lockTtlMs: number,
    client: WorkerRedisClient = 'redis6',
  ): Promise<Worker[]> {
    const started = await workerFleet.start(count, {
      mockUrl: service.url,
      credentials: service.mock.credentials,
      redisUrl: redis.url,
      key,
      lockTtlMs,
      client,
    });
    workers.push(...started);
    return started;
  }

  const logins = () =>
    service.mock.requests.filter((r) => r.method === 'POST' && r.path === '/auth/token');

  function expectAllSucceeded(reports: WorkerReport[], calls: number): void {
    expect(reports.flatMap((report) => report.failed)).toEqual([]);
    expect(reports.map((report) => report.succeeded)).toEqual(reports.map(() => calls));
  }

  function expectNoSecretLogged(reports: WorkerReport[]): void {
    const tokens = new Set(reports.map((report) => report.token));
    for (const report of reports) {
      expect(report.log).not.toContain(service.mock.credentials.password);
      for (const token of tokens) expect(report.log).not.toContain(token);
    }
  }

  it('a lock holder killed with SIGKILL while logging in: the others go on after its lock expires, with one login', async () => {
    service.mock.reset();
    const key = 'killed-holder:pix-payment-sdk:token';
    const [holder, ...others] = await fleet(6, key, 2_000);
    // The holder's login hangs at the service until the holder is gone.
    service.mock.faults.inject({ method: 'POST', path: '/auth/token', delayMs: 120_000 });
    holder!.run(1).catch(() => undefined);
    await vi.waitFor(
      async () => {
        expect(await admin.get(`${key}:lock`)).not.toBeNull();
        expect(logins()).toHaveLength(1);
      },
      { timeout: 20_000, interval: 20 },
    );
    const reports = Promise.all(others.map((worker) => worker.run(2)));
    holder!.kill('SIGKILL');
    expectAllSucceeded(await reports, 2);
    const [killed, ...after] = logins();
    expect(killed?.status).not.toBe(200);
    expect(after.map((entry) => entry.status)).toEqual([200]);
    expect((await reports).reduce((sum, report) => sum + report.logins, 0)).toBe(1);
  }, 60_000);

  it('five processes on one key, with node-redis 5 and 6 and ioredis 5 and 6: one login, one token', async () => {
    service.mock.reset();
    const key = 'mixed:pix-payment-sdk:token';
    const libraries: WorkerRedisClient[] = ['ioredis6', 'ioredis5', 'redis6', 'redis5', 'ioredis6'];
    const mixed = (
      await Promise.all(libraries.map((library) => fleet(1, key, 10_000, library)))
    ).flat();
    const reports = await Promise.all(mixed.map((worker) => worker.run(3)));
    expectAllSucceeded(reports, 3);
    expect(logins()).toHaveLength(1);
    expect(new Set(reports.map((report) => report.token)).size).toBe(1);
    expect(reports.flatMap((report) => report.events)).not.toContain('token-store-unavailable');
    expectNoSecretLogged(reports);
  }, 60_000);

  it(`${FLEET} processes started at once: one login; one again after the service expires the token; with Redis stopped, every call succeeds and says Redis is unavailable`, async () => {
    service.mock.reset();
    const fleetOf = await fleet(FLEET, 'fleet:pix-payment-sdk:token', 10_000);

    // Cold: every process finds no token at the same moment.
    const cold = await Promise.all(fleetOf.map((worker) => worker.run(3)));
    expectAllSucceeded(cold, 3);
    expect(logins()).toHaveLength(1);
    expect(new Set(cold.map((report) => report.token)).size).toBe(1);

    // The service refuses the shared token: each process learns it from a 401.
    service.mock.auth.expireTokens();
    const refreshed = await Promise.all(fleetOf.map((worker) => worker.run(3)));
    expectAllSucceeded(refreshed, 3);
    expect(logins()).toHaveLength(2);
    expect(new Set(refreshed.map((report) => report.token)).size).toBe(1);

    // Redis stops: each process logs in on its own, and says why.
    await redis.stop();
    service.mock.auth.expireTokens();
    const alone = await Promise.all(fleetOf.map((worker) => worker.run(3)));
    expectAllSucceeded(alone, 3);
    expect(logins()).toHaveLength(2 + FLEET);
    for (const report of alone) expect(report.events).toContain('token-store-unavailable');
    expectNoSecretLogged([...cold, ...refreshed, ...alone]);
  }, 90_000);
});
