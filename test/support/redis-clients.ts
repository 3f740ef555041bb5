// The Redis clients the stores are tested with: one of each supported major of node-redis and of
// ioredis, connected as merchants connect them.
import { Redis as IoRedis5 } from 'ioredis5';
import { Redis as IoRedis6 } from 'ioredis6';
import type { IoRedisTokenStoreClient, RedisTokenStoreOptions } from 'pix-payment-sdk/redis';
import { createClient } from 'redis';
import { createClient as createClient5 } from 'redis5';
import { afterAll, beforeAll } from 'vitest';
import { type RedisServer, startRedisServer } from './redis-server.js';

/** A connected client of the `redis` package, as the test's own admin connection uses it. */
export interface Admin {
  get(key: string): Promise<unknown>;
  set(key: string, value: string, options?: object): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  destroy(): void;
}

/** A connected client handed to a store, whatever its library. */
export interface Connection {
  readonly client: RedisTokenStoreOptions['client'];
  /** Whether the client is connected (node-redis `isReady`, ioredis `status === 'ready'`). */
  ready(): boolean;
  close(): void;
}

const nodeRedis = (create: typeof createClient) => async (url: string) => {
  // node-redis needs an 'error' listener, or a lost connection crashes the process.
  const client = await create({ url })
    .on('error', () => undefined)
    .connect();
  return { client, ready: () => client.isReady, close: () => client.destroy() };
};

// ioredis, as merchants create it; it reconnects on its own. An 'error' listener keeps a lost
// connection from being reported as an unhandled error. The client goes to the store uncast.
interface IoRedisLike extends IoRedisTokenStoreClient {
  connect(): Promise<unknown>;
  disconnect(): void;
}
const ioredis = (create: (url: string) => IoRedisLike) => async (url: string) => {
  const client = create(url);
  await client.connect();
  return { client, ready: () => client.status === 'ready', close: () => client.disconnect() };
};

// The store runs against a client of each supported major of node-redis (the peer range, 5 or 6)
// and of ioredis (5 or 6).
export const majors: ReadonlyArray<{ name: string; connect(url: string): Promise<Connection> }> = [
  { name: 'redis 6', connect: nodeRedis(createClient) },
  { name: 'redis 5', connect: nodeRedis(createClient5 as unknown as typeof createClient) },
  {
    name: 'ioredis 6',
    connect: ioredis((url) =>
      new IoRedis6(url, { lazyConnect: true }).on('error', () => undefined),
    ),
  },
  {
    name: 'ioredis 5',
    connect: ioredis((url) =>
      new IoRedis5(url, { lazyConnect: true }).on('error', () => undefined),
    ),
  },
];

/** A redis-server of one suite's own, its admin connection, and connections of one library. */
export interface RedisSuite {
  /** The server (started before the suite's tests). */
  readonly server: RedisServer;
  /** A node-redis 6 connection for the test's own reads. */
  readonly admin: Admin;
  /** A new connection of the suite's library, closed after the suite. */
  connect(): Promise<Connection>;
}

/**
 * Starts a redis-server before the suite's tests and stops it after them, with the connections
 * opened through `connect()`.
 */
export function redisForSuite(
  executable: string,
  major: { connect(url: string): Promise<Connection> },
): RedisSuite {
  let server: RedisServer | undefined;
  let admin: Admin | undefined;
  const opened: Connection[] = [];
  beforeAll(async () => {
    server = await startRedisServer(executable);
    admin = (await createClient({ url: server.url })
      .on('error', () => undefined)
      .connect()) as unknown as Admin;
  }, 30_000);
  afterAll(async () => {
    admin?.destroy();
    for (const connection of opened) connection.close();
    await server?.close();
  });
  const started = () => {
    if (server === undefined) throw new Error('the redis-server has not started');
    return server;
  };
  return {
    get server() {
      return started();
    },
    get admin() {
      if (admin === undefined) throw new Error('the redis-server has not started');
      return admin;
    },
    async connect() {
      const connection = await major.connect(started().url);
      opened.push(connection);
      return connection;
    },
  };
}
