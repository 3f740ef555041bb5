/**
 * `pix-payment-sdk/redis`: {@link RedisTokenStore}, one token and one login for every process of
 * a merchant account, on Redis. Needs the `redis` package (5 or 6), an optional peer dependency.
 *
 * @module pix-payment-sdk/redis
 */
export {
  RedisTokenStore,
  type RedisTokenStoreClient,
  type RedisTokenStoreOptions,
} from './token-store.js';
