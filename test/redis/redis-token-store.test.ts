import { createServer, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { PaymentClient, PaymentValidationError } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { RedisTokenStore, type RedisTokenStoreOptions } from 'pix-payment-sdk/redis';
import { describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../support/client-setup.js';
import { requireExternal } from '../support/externals.js';
import { majors, redisForSuite } from '../support/redis-clients.js';

const redisServer = requireExternal('redis');

describe('RedisTokenStore options', () => {
  it('a bad option is a PaymentValidationError naming it', () => {
    const client = { get: async () => null, set: async () => 'OK', eval: async () => 0 };
    const bad: Array<[Partial<RedisTokenStoreOptions>, string]> = [
      [{}, 'client'],
      [{ client: { get: async () => null } as never }, 'client'],
      [{ client, key: '' }, 'key'],
      [{ client, lockTtlMs: 0 }, 'lockTtlMs'],
      [{ client, commandTimeoutMs: 1.5 }, 'commandTimeoutMs'],
    ];
    for (const [options, path] of bad) {
      const attempt = () => new RedisTokenStore(options as RedisTokenStoreOptions);
      expect(attempt).toThrow(PaymentValidationError);
      expect(attempt).toThrow(new RegExp(`${path}: `));
    }
  });
});

describe.skipIf(redisServer === undefined).each(majors)('RedisTokenStore on $name', (major) => {
  const suite = redisForSuite(redisServer!, major);
  const { connect } = suite;
  let sequence = 0;

  /** A store on a key of the test's own, over a connection of its own. */
  async function store(options: Partial<RedisTokenStoreOptions> = {}) {
    const key = options.key ?? `test:${major.name}:${++sequence}:token`;
    return new RedisTokenStore({ client: (await connect()).client, ...options, key });
  }

  const ttl = (key: string) => suite.admin.sendCommand(['PTTL', key]) as Promise<number>;

  it('set: the token is stored as JSON under the key, and Redis forgets it at its exp', async () => {
    const tokens = await store();
    const expiresAt = Date.now() + 60_000;
    await tokens.set({ token: 'header.payload.signature', expiresAt });
    expect(JSON.parse(String(await suite.admin.get(tokens.key)))).toEqual({
      token: 'header.payload.signature',
      expiresAt,
    });
    const remaining = await ttl(tokens.key);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(60_000);
    expect(await tokens.get()).toEqual({ token: 'header.payload.signature', expiresAt });
  });

  it('set: a token without exp is kept without expiry; one already expired is not stored', async () => {
    const lasting = await store();
    await lasting.set({ token: 'opaque' });
    expect(await ttl(lasting.key)).toBe(-1);
    expect(await lasting.get()).toEqual({ token: 'opaque' });
    const expired = await store();
    await expired.set({ token: 'old', expiresAt: Date.now() - 1 });
    expect(await suite.admin.get(expired.key)).toBeNull();
  });

  it('get: nothing, or anything but a stored token under the key, is no token', async () => {
    const tokens = await store();
    expect(await tokens.get()).toBeUndefined();
    for (const garbage of ['not json', '42', '{"token":""}', '{"expiresAt":1}', 'null']) {
      await suite.admin.set(tokens.key, garbage);
      expect(await tokens.get()).toBeUndefined();
    }
  });

  it('delete(refused): deletes only while Redis still holds that same token', async () => {
    const tokens = await store();
    await tokens.set({ token: 'fresh-from-another-process' });
    await tokens.delete('refused');
    expect(await tokens.get()).toEqual({ token: 'fresh-from-another-process' });
    await tokens.delete('fresh-from-another-process');
    expect(await suite.admin.get(tokens.key)).toBeNull();
    await tokens.set({ token: 'any' });
    await tokens.delete();
    expect(await suite.admin.get(tokens.key)).toBeNull();
  });

  it('lock: SET NX PX lockTtlMs; a second caller waits, and is told to read again once the holder releases', async () => {
    const first = await store({ lockTtlMs: 60_000 });
    const second = new RedisTokenStore({ client: (await connect()).client, key: first.key });
    const held = await first.lock();
    expect(held).toBeDefined();
    expect(await ttl(`${first.key}:lock`)).toBeGreaterThan(0);
    expect(await ttl(`${first.key}:lock`)).toBeLessThanOrEqual(60_000);
    let settled = false;
    const waiting = second.lock().finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await held!.release();
    await expect(waiting).resolves.toBeUndefined();
    expect(await suite.admin.get(`${first.key}:lock`)).toBeNull();
  });

  it('release: a holder whose hold expired does not release the lock another has taken since', async () => {
    const first = await store({ lockTtlMs: 150 });
    const late = await first.lock();
    await vi.waitFor(async () => expect(await suite.admin.get(`${first.key}:lock`)).toBeNull(), {
      timeout: 10_000,
    });
    const second = new RedisTokenStore({ client: (await connect()).client, key: first.key });
    const current = await second.lock();
    const holder = await suite.admin.get(`${first.key}:lock`);
    expect(holder).not.toBeNull();
    await late!.release();
    expect(await suite.admin.get(`${first.key}:lock`)).toBe(holder);
    await current!.release();
    expect(await suite.admin.get(`${first.key}:lock`)).toBeNull();
  });

  it('lock: a holder that died frees the lock at its expiry, and the waiters go on', async () => {
    const tokens = await store();
    // What a killed process leaves behind: its hold, with the expiry it was taken with.
    await suite.admin.set(`${tokens.key}:lock`, 'dead-holder', { PX: 2_000 });
    await expect(tokens.lock()).resolves.toBeUndefined();
    const mine = await tokens.lock();
    expect(mine).toBeDefined();
    await mine!.release();
  });

  it('lock: a wait that reaches lockTtlMs ends with a token-lock-timeout warning', async () => {
    const logger = recordingLogger();
    const tokens = await store({ lockTtlMs: 200, logger });
    // A hold that outlasts this store's lockTtlMs (another process configured a longer one).
    await suite.admin.set(`${tokens.key}:lock`, 'slow-holder', { PX: 60_000 });
    await expect(tokens.lock()).resolves.toBeUndefined();
    expect(logger.lines).toMatchObject([
      { level: 'warn', fields: { event: 'token-lock-timeout', key: tokens.key } },
    ]);
  });

  it('clients on the same key share one login: five cold clients at once, one POST /auth/token', async () => {
    const mock = createPaymentServiceMock();
    const key = `test:${major.name}:${++sequence}:token`;
    const clients = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const tokenStore = new RedisTokenStore({ client: (await connect()).client, key });
        return new PaymentClient({
          baseUrl: mock.baseUrl,
          ...mock.credentials,
          fetch: mock.fetch,
          tokenStore,
        });
      }),
    );
    await Promise.all(clients.map((client) => client.withdrawals.listCurrencies()));
    const logins = mock.requests.filter((r) => r.path === '/auth/token');
    expect(logins).toHaveLength(1);
    const stored = JSON.parse(String(await suite.admin.get(key))) as { token: string };
    expect(await clients[4]!.getToken()).toBe(stored.token);
  });

  it('keys keep accounts apart: clients of two accounts on one Redis never share a token', async () => {
    const accounts = [createPaymentServiceMock({ seed: 1 }), createPaymentServiceMock({ seed: 2 })];
    const tokens = await Promise.all(
      accounts.map(async (mock, index) => {
        const tokenStore = await store({
          key: `shop-${index}:${++sequence}:pix-payment-sdk:token`,
        });
        const client = new PaymentClient({
          baseUrl: mock.baseUrl,
          ...mock.credentials,
          fetch: mock.fetch,
          tokenStore,
        });
        await client.withdrawals.listCurrencies();
        return (await tokenStore.get())?.token;
      }),
    );
    expect(tokens[0]).toEqual(expect.any(String));
    expect(tokens[1]).toEqual(expect.any(String));
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('a command that hangs is given up after commandTimeoutMs: no token, one warning, no secret', async () => {
    const logger = recordingLogger();
    const tokens = await store({ commandTimeoutMs: 100, logger });
    await suite.admin.sendCommand(['CLIENT', 'PAUSE', '1500', 'ALL']);
    await expect(tokens.get()).resolves.toBeUndefined();
    await tokens.set({ token: 'secret-token-value' });
    await expect(tokens.delete('secret-token-value')).resolves.toBeUndefined();
    expect(logger.lines.filter((line) => line.level === 'warn')).toMatchObject([
      {
        fields: {
          event: 'token-store-unavailable',
          operation: 'get',
          reason: expect.stringMatching(/^TimeoutError/),
        },
      },
    ]);
    expect(logger.text()).not.toContain('secret-token-value');
    // Once the pause is over, the next command answers, and the store says so.
    await vi.waitFor(
      async () => {
        await tokens.get();
        expect(logger.lines.at(-1)).toMatchObject({
          level: 'info',
          fields: { event: 'token-store-available' },
        });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('JSON.stringify and util.inspect show the key, never the client or a token', async () => {
    const tokens = await store({ key: 'shop-a:pix-payment-sdk:token' });
    await tokens.set({ token: 'secret-token-value' });
    expect(JSON.stringify(tokens)).toBe('{"key":"shop-a:pix-payment-sdk:token"}');
    expect(inspect(tokens)).toBe('RedisTokenStore {"key":"shop-a:pix-payment-sdk:token"}');
    await tokens.delete();
  });

  // ioredis queues a command sent while it reconnects and runs it once Redis is back, maybe long
  // after: a token set during an outage would then overwrite the token written since.
  if (major.name.startsWith('ioredis'))
    it('a token set while Redis is away is not queued to overwrite the key once Redis is back', async () => {
      const connection = await connect();
      const key = `test:${major.name}:${++sequence}:token`;
      // Handed over connected, the client has sent nothing for the store before Redis goes away.
      const tokens = new RedisTokenStore({ client: connection.client, key, commandTimeoutMs: 200 });
      await suite.server.stop();
      // A listener that accepts connections and never answers stands where Redis was: ioredis
      // connects and waits for Redis's reply, a state in which it queues commands for later.
      const held: Socket[] = [];
      const hole = createServer((socket) => {
        held.push(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => hole.listen(suite.server.port, '127.0.0.1', resolve));
      const status = () => (connection.client as { status: string }).status;
      await vi.waitFor(() => expect(status()).toMatch(/^connect(ing)?$/), { timeout: 15_000 });
      await tokens.set({ token: 'during.the.outage', expiresAt: Date.now() + 60_000 });
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => hole.close(resolve));
      await suite.server.restart();
      await vi.waitFor(() => expect(connection.ready()).toBe(true), { timeout: 15_000 });
      // A queued SET runs as the client gets ready; a command sent now runs after it.
      await tokens.get();
      expect(await suite.admin.get(key)).toBeNull();
    }, 40_000);

  // Last: it stops the suite.server.
  it('Redis down: the client logs in on its own and warns once, with no secret; when Redis is back, sharing resumes', async () => {
    const mock = createPaymentServiceMock();
    const key = `test:${major.name}:${++sequence}:token`;
    const logger = recordingLogger();
    const redisClients = [await connect(), await connect()];
    const clients = redisClients.map(
      ({ client }) =>
        new PaymentClient({
          baseUrl: mock.baseUrl,
          ...mock.credentials,
          fetch: mock.fetch,
          tokenStore: new RedisTokenStore({ client, key, logger }),
        }),
    );
    const logins = () => mock.requests.filter((r) => r.path === '/auth/token').length;
    await suite.server.stop();
    // Both clients must have noticed: a command sent by one that still thinks Redis is up waits in
    // ioredis's offline queue and runs when Redis is back, after this test has moved on.
    await vi.waitFor(() => expect(redisClients.every((c) => !c.ready())).toBe(true));
    for (const client of clients)
      await expect(client.withdrawals.listCurrencies()).resolves.not.toHaveLength(0);
    expect(logins()).toBe(2);
    const warnings = logger.lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(2); // once per store
    expect(warnings[0]).toMatchObject({
      fields: { event: 'token-store-unavailable', key, operation: 'get' },
    });
    expect(logger.text()).not.toContain(mock.credentials.password);
    for (const client of clients) expect(logger.text()).not.toContain(await client.getToken());

    await suite.server.restart();
    await vi.waitFor(() => expect(redisClients.every((c) => c.ready())).toBe(true), {
      timeout: 15_000,
    });
    mock.auth.expireTokens();
    await Promise.all(clients.map((client) => client.withdrawals.listCurrencies()));
    expect(logins()).toBe(3);
    expect(
      logger.lines.filter(
        (line) =>
          line.fields && (line.fields as { event?: string }).event === 'token-store-available',
      ),
    ).toHaveLength(2);
  }, 30_000);
});
