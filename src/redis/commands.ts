// The Redis commands RedisTokenStore sends, in each client library's own argument style: node-redis
// takes options objects (`SET k v { condition: 'NX' }`), ioredis takes the command's own words as
// arguments (`SET k v PX ms NX`). The store speaks only to `TokenStoreCommands`.

/**
 * A client of the [`redis`](https://www.npmjs.com/package/redis) package (node-redis 5 or 6:
 * `createClient()`, `createCluster()`, `createSentinel()`), as {@link RedisTokenStore} calls it.
 * Written out here rather than imported, so that `pix-payment-sdk/redis` loads without `redis`
 * installed and fits every client type of those versions.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 *
 * const client: NodeRedisTokenStoreClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface NodeRedisTokenStoreClient {
  /**
   * `false` while the client is not connected (connecting, or reconnecting after a failure). The
   * store then skips Redis at once rather than queue a command behind the reconnection.
   */
  readonly isReady?: boolean | undefined;
  /** `GET key`. */
  get(key: string): Promise<unknown>;
  /** `SET key value [NX] [PX ms]`. */
  set(
    key: string,
    value: string,
    options?: { condition?: 'NX'; expiration?: { type: 'PX'; value: number } },
  ): Promise<unknown>;
  /** `EVAL script numkeys key… arg…`. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * A client of [`ioredis`](https://www.npmjs.com/package/ioredis) 5 or 6 (`new Redis()`,
 * `new Cluster()`), as {@link RedisTokenStore} calls it: the command's words as arguments.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 *
 * const client: IoRedisTokenStoreClient = new Redis(process.env.REDIS_URL!);
 * ```
 */
export interface IoRedisTokenStoreClient {
  /**
   * The connection's state. While it is `reconnecting`, `close` or `end` the store skips Redis at
   * once rather than queue a command behind the reconnection; before the first connection
   * (`wait`, `connecting`, `connect`) it sends the command, which ioredis sends once connected.
   */
  readonly status: string;
  /** `GET key`. */
  get(key: string): Promise<unknown>;
  /** `SET key value`. */
  set(key: string, value: string): Promise<unknown>;
  /** `SET key value PX ms`. */
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<unknown>;
  /** `SET key value PX ms NX`. */
  set(
    key: string,
    value: string,
    millisecondsToken: 'PX',
    milliseconds: number,
    nx: 'NX',
  ): Promise<unknown>;
  /** `EVAL script numkeys key… arg…`. */
  eval(script: string, numkeys: number, ...keysAndArguments: string[]): Promise<unknown>;
}

/**
 * What {@link RedisTokenStore} needs of a Redis client: `GET`, `SET` and `EVAL`, from a client of
 * node-redis (`redis` 5 or 6) or of ioredis (5 or 6). The store tells them apart by their shape:
 * an ioredis client has a `status` text and no `isReady`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 *
 * const client: RedisTokenStoreClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export type RedisTokenStoreClient = NodeRedisTokenStoreClient | IoRedisTokenStoreClient;

/** The store's commands, whatever the client. @internal */
export interface TokenStoreCommands {
  /** Whether to send commands now; `false` skips Redis at once. */
  ready(): boolean;
  get(key: string): Promise<unknown>;
  /** `SET key value [PX ms] [NX]`. */
  set(key: string, value: string, options?: { pxMs?: number; nx?: boolean }): Promise<unknown>;
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

// ioredis's states in which a command would wait for a reconnection (or never be sent).
const IOREDIS_DOWN = new Set(['reconnecting', 'close', 'end']);

// ioredis clients seen ready. Until then `wait`, `connecting` and `connect` are the client starting,
// and a command waits moments in its offline queue. Afterwards they are an outage: ioredis cycles
// through them while it reconnects, and a command sent then waits in the queue and runs when Redis
// is back, maybe long after; a token SET from the outage would then overwrite the token written
// since. So once a client has been ready, only `ready` counts as up.
const seenReady = new WeakSet<object>();

function ioRedisReady(client: IoRedisTokenStoreClient): boolean {
  const { status } = client;
  if (status === 'ready') {
    seenReady.add(client);
    return true;
  }
  return !IOREDIS_DOWN.has(status) && !seenReady.has(client);
}

/** Whether `client` looks like a client of one of the supported libraries. @internal */
export function isRedisClient(client: unknown): client is RedisTokenStoreClient {
  if (typeof client !== 'object' || client === null) return false;
  const methods = client as Record<string, unknown>;
  return ['get', 'set', 'eval'].every((name) => typeof methods[name] === 'function');
}

function isIoRedis(client: RedisTokenStoreClient): client is IoRedisTokenStoreClient {
  return !('isReady' in client) && typeof (client as { status?: unknown }).status === 'string';
}

/** The commands of `client`, in its library's argument style. @internal */
export function commandsOf(client: RedisTokenStoreClient): TokenStoreCommands {
  if (isIoRedis(client)) {
    // A client handed over connected counts as seen ready, though the store has sent nothing yet.
    ioRedisReady(client);
    return {
      ready: () => ioRedisReady(client),
      get: (key) => client.get(key),
      set(key, value, { pxMs, nx } = {}) {
        if (pxMs === undefined) return client.set(key, value);
        return nx ? client.set(key, value, 'PX', pxMs, 'NX') : client.set(key, value, 'PX', pxMs);
      },
      eval: (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
    };
  }
  return {
    ready: () => client.isReady !== false,
    get: (key) => client.get(key),
    set(key, value, { pxMs, nx } = {}) {
      if (pxMs === undefined && !nx) return client.set(key, value);
      return client.set(key, value, {
        ...(nx ? { condition: 'NX' as const } : {}),
        ...(pxMs === undefined ? {} : { expiration: { type: 'PX' as const, value: pxMs } }),
      });
    },
    eval: (script, keys, args) => client.eval(script, { keys, arguments: args }),
  };
}
