import { Cluster as IoCluster5, Redis as IoRedis5 } from 'ioredis5';
import { Cluster as IoCluster6, Redis as IoRedis6 } from 'ioredis6';
import type { TokenStore, WebhookEventStore } from 'pix-payment-sdk';
import type {
  IoRedisTokenStoreClient,
  RedisTokenStore,
  RedisTokenStoreClient,
  RedisWebhookStore,
  RedisWebhookStoreOptions,
} from 'pix-payment-sdk/redis';
import {
  createClient,
  createCluster,
  createSentinel,
  RESP_TYPES,
  type RedisClientType,
} from 'redis';
import {
  createClient as createClient5,
  createCluster as createCluster5,
  createSentinel as createSentinel5,
} from 'redis5';
import { describe, expectTypeOf, it } from 'vitest';

// The peer range is `redis` 5 or 6: the clients of both majors, default and configured, must be
// accepted as they come, without a cast.
describe('RedisTokenStoreClient', () => {
  it('accepts the clients of redis 6', () => {
    expectTypeOf(createClient()).toExtend<RedisTokenStoreClient>();
    expectTypeOf(createClient({ RESP: 2 })).toExtend<RedisTokenStoreClient>();
    expectTypeOf(
      createClient().withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }),
    ).toExtend<RedisTokenStoreClient>();
    expectTypeOf<RedisClientType>().toExtend<RedisTokenStoreClient>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisTokenStoreClient>();
    expectTypeOf(
      createSentinel({ name: 'main', sentinelRootNodes: [] }),
    ).toExtend<RedisTokenStoreClient>();
  });

  it('accepts the clients of redis 5', () => {
    expectTypeOf(createClient5()).toExtend<RedisTokenStoreClient>();
    expectTypeOf(createClient5({ RESP: 3 })).toExtend<RedisTokenStoreClient>();
    expectTypeOf(createCluster5({ rootNodes: [] })).toExtend<RedisTokenStoreClient>();
    expectTypeOf(
      createSentinel5({ name: 'main', sentinelRootNodes: [] }),
    ).toExtend<RedisTokenStoreClient>();
  });

  it('accepts the clients of ioredis 6 and 5, single and cluster', () => {
    expectTypeOf(new IoRedis6()).toExtend<RedisTokenStoreClient>();
    expectTypeOf(new IoRedis6()).toExtend<IoRedisTokenStoreClient>();
    expectTypeOf(new IoCluster6([])).toExtend<RedisTokenStoreClient>();
    expectTypeOf(new IoRedis5()).toExtend<IoRedisTokenStoreClient>();
    expectTypeOf(new IoCluster5([])).toExtend<IoRedisTokenStoreClient>();
  });

  it('refuses what is not a Redis client', () => {
    expectTypeOf<{ get(key: string): Promise<unknown> }>().not.toExtend<RedisTokenStoreClient>();
  });

  it('RedisTokenStore is a TokenStore with the optional lock', () => {
    expectTypeOf<RedisTokenStore>().toExtend<TokenStore>();
    expectTypeOf<RedisTokenStore['lock']>().toBeFunction();
  });
});

describe('RedisWebhookStore', () => {
  it('is a WebhookEventStore with renew, on the same clients as the token store', () => {
    expectTypeOf<RedisWebhookStore>().toExtend<WebhookEventStore>();
    expectTypeOf<RedisWebhookStore['renew']>().toBeFunction();
    expectTypeOf(createClient()).toExtend<RedisWebhookStoreOptions['client']>();
    expectTypeOf(new IoRedis6()).toExtend<RedisWebhookStoreOptions['client']>();
  });
});
