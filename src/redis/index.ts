/**
 * `pix-payment-sdk/redis`: {@link RedisTokenStore}, one token and one login for every process of
 * a merchant account, and {@link RedisWebhookStore}, each webhook event processed once by a fleet
 * of receivers, on Redis. Needs a client of the `redis` package (5 or 6, an optional peer
 * dependency) or of `ioredis` (5 or 6).
 *
 * @module pix-payment-sdk/redis
 */
export type {
  IoRedisTokenStoreClient,
  NodeRedisTokenStoreClient,
  RedisTokenStoreClient,
} from './commands.js';
export { RedisTokenStore, type RedisTokenStoreOptions } from './token-store.js';
export { RedisWebhookStore, type RedisWebhookStoreOptions } from './webhook-store.js';
