// One Redis, several accounts and environments: each client finds its own token under a key of its
// own account and base URL, and never sends another's.
import { PaymentClient } from 'pix-payment-sdk';
import { startMockServer } from 'pix-payment-sdk/mock';
import { RedisTokenStore } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsServer, accountsServer } from '../support/accounts-server.js';
import { requireExternal } from '../support/externals.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

const redisServer = requireExternal('redis');

const SHOP_A = 'finance@shop-a.example';
const SHOP_B = 'finance@shop-b.example';
const ACCOUNTS: Readonly<Record<string, string>> = {
  [SHOP_A]: 'pass-of-shop-a',
  [SHOP_B]: 'pass-of-shop-b',
};

/** What the test needs of a connected client of the redis package. */
interface Redis {
  get(key: string): Promise<unknown>;
  set(key: string, value: string): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  keys(pattern: string): Promise<string[]>;
  flushAll(): Promise<unknown>;
  destroy(): void;
}

// node-redis needs an 'error' listener, or a lost connection crashes the process.
const connect = async (url: string) =>
  (await createClient({ url })
    .on('error', () => undefined)
    .connect()) as unknown as Redis;

describe.skipIf(redisServer === undefined)(
  'RedisTokenStore shared by accounts and environments',
  () => {
    let server: RedisServer;
    let admin: Redis;
    const opened: Redis[] = [];
    let sandbox: AccountsServer;
    let production: AccountsServer;

    beforeAll(async () => {
      server = await startRedisServer(redisServer!);
      admin = await connect(server.url);
      sandbox = await accountsServer(ACCOUNTS);
      production = await accountsServer(ACCOUNTS);
    }, 30_000);

    afterAll(async () => {
      for (const client of [admin, ...opened]) client?.destroy();
      await server?.close();
      await sandbox?.close();
      await production?.close();
    });

    afterEach(async () => {
      await admin.flushAll();
      for (const service of [sandbox, production]) {
        service.logins.length = 0;
        service.uses.length = 0;
      }
    });

    /** A store over a connection of its own, as each process has. */
    async function store(): Promise<RedisTokenStore> {
      const client = await connect(server.url);
      opened.push(client);
      return new RedisTokenStore({ client });
    }

    function clientOf(email: string, tokenStore: RedisTokenStore, baseUrl = sandbox.url) {
      const client = new PaymentClient({
        baseUrl,
        email,
        password: ACCOUNTS[email]!,
        tokenStore,
        maxRetries: 0,
      });
      const shop = email === SHOP_A ? 'a' : 'b';
      return () => client.withdrawals.listCurrencies({ headers: { 'x-shop': shop } });
    }

    function expectOwnTokensOnly(service: AccountsServer, calls: number): void {
      expect(service.uses).toHaveLength(calls);
      for (const use of service.uses) {
        expect(use.account, `a call of shop ${use.shop}`).toBe(use.shop === 'a' ? SHOP_A : SHOP_B);
      }
    }

    const tokenKeys = async () =>
      (await admin.keys('pix-payment-sdk:token*')).filter((key) => !key.endsWith(':lock')).sort();

    it('two accounts, one store: each runs as itself, logs in once, and keeps its token under a key of its own', async () => {
      const shared = await store();
      await clientOf(SHOP_A, shared)();
      // Processes started later, of both accounts, all at once.
      const later = await Promise.all(
        Array.from({ length: 12 }, async (_, index) =>
          clientOf(index % 2 === 0 ? SHOP_B : SHOP_A, index < 6 ? shared : await store()),
        ),
      );
      await Promise.all(later.map((call) => call()));
      expectOwnTokensOnly(sandbox, 13);
      expect(sandbox.logins.sort()).toEqual([SHOP_A, SHOP_B]);

      const keys = await tokenKeys();
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key).toMatch(/^pix-payment-sdk:token:[0-9a-f]{64}$/);
        const value = String(await admin.get(key));
        for (const secret of [SHOP_A, SHOP_B, ...Object.values(ACCOUNTS)]) {
          expect(key + value).not.toContain(secret);
        }
      }
    });

    it('a main account and its sub-account on one mock service: each client acts on its own account', async () => {
      const running = await startMockServer({ port: 0 });
      try {
        const sub = running.mock.company.createSubAccount();
        const make = (
          credentials: { email: string; password: string },
          tokenStore: RedisTokenStore,
        ) => new PaymentClient({ baseUrl: running.url, ...credentials, tokenStore });
        await make(running.mock.credentials, await store()).withdrawals.listCurrencies();
        const mainCustomers = running.mock.customers.list().length;
        await make(sub.credentials, await store()).customers.create({
          name: 'Cliente da Loja B',
          document: '52998224725',
        });
        expect(running.mock.account(sub._id).customers.list()).toHaveLength(1);
        expect(running.mock.customers.list()).toHaveLength(mainCustomers);
        expect(await tokenKeys()).toHaveLength(2);
      } finally {
        await running.close();
      }
    });

    it('one e-mail against two base URLs: each environment only ever receives the token it issued', async () => {
      const shared = await store();
      for (let round = 0; round < 2; round++) {
        await clientOf(SHOP_A, shared, sandbox.url)();
        await clientOf(SHOP_A, await store(), production.url)();
      }
      // A token issued by the other environment would be unknown here: `account` undefined.
      expectOwnTokensOnly(sandbox, 2);
      expectOwnTokensOnly(production, 2);
      expect(sandbox.logins).toEqual([SHOP_A]);
      expect(production.logins).toEqual([SHOP_A]);
      expect(await tokenKeys()).toHaveLength(2);
    });
  },
);
