import {
  type CachedToken,
  type Logger,
  type PaymentIssue,
  PaymentValidationError,
  type TokenStore,
  type TokenStoreLock,
} from 'pix-payment-sdk';
import { showAs } from '../seam/inspect.js';
import { MAX_TIMER_MS } from '../seam/limits.js';
import { commandsOf, isRedisClient, type RedisTokenStoreClient } from './commands.js';
import { CommandRunner, text } from './runner.js';

/**
 * Options of {@link RedisTokenStore}. Only `client` is required.
 *
 * @example
 * ```ts
 * const options: RedisTokenStoreOptions = {
 *   client: redis,
 *   key: 'shop-a:pix-payment-sdk:token',
 *   lockTtlMs: 10_000,
 *   commandTimeoutMs: 1_000,
 *   logger: console,
 * };
 * ```
 */
export interface RedisTokenStoreOptions {
  /**
   * A connected client of the `redis` package (node-redis 5 or 6) or of `ioredis` (5 or 6). The
   * store never connects, quits or closes it.
   */
  readonly client: RedisTokenStoreClient;
  /**
   * The Redis key of the token; the login lock is `<key>:lock`. Without it, each account and base
   * URL gets a key of its own, `pix-payment-sdk:token:<account>` (the token's
   * {@link CachedToken.account}, a SHA-256 hex), so clients of several accounts or environments
   * can share one store and one Redis. With it, every client given this store uses that one key:
   * a client never sends a token another account stored there, but accounts sharing it take turns
   * (each logs in over the other's token), so give each account its own `key`.
   * @default 'pix-payment-sdk:token:<account>'
   */
  readonly key?: string | undefined;
  /**
   * How long one process may hold the login lock. A holder that dies (a crash, `SIGKILL`) keeps
   * the others waiting at most this long; a login that takes longer lets a second process log in
   * too. Waiting processes wait at most this long for one holder.
   * @default 10_000
   */
  readonly lockTtlMs?: number | undefined;
  /**
   * How long the store waits for one Redis command before it treats Redis as unavailable and lets
   * the client log in on its own.
   * @default 1_000
   */
  readonly commandTimeoutMs?: number | undefined;
  /**
   * Receives `warn` when Redis becomes unavailable (`event: 'token-store-unavailable'`) or a wait
   * for the lock reaches `lockTtlMs` (`'token-lock-timeout'`), and `info` when Redis answers again
   * (`'token-store-available'`). Fields: the key, the operation, and the reason (an error's name
   * and message, never a token).
   * @default no logging
   */
  readonly logger?: Logger | undefined;
}

const DEFAULT_KEY = 'pix-payment-sdk:token';
// A waiting process asks Redis every 25 ms whether the holder is done: a login takes hundreds of
// milliseconds, so a waiter starts at most 25 ms after the token is there, for one GET per poll.
const LOCK_POLL_MS = 25;

// Deletes the token only while it is still the refused one (or whatever it is, without one).
const DELETE_TOKEN = `local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
if ARGV[1] then
  local ok, value = pcall(cjson.decode, stored)
  if not ok or type(value) ~= 'table' or value.token ~= ARGV[1] then return 0 end
end
return redis.call('DEL', KEYS[1])`;

// Deletes the lock only while this holder still holds it.
const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// Redis unavailable: the client logs in on its own, without waiting for anyone.
const LOGIN_ALONE: TokenStoreLock = { release: async () => undefined };

function parseToken(raw: string | undefined): CachedToken | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { token, expiresAt, account } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') return undefined;
  const bound = typeof account === 'string' ? { account } : {};
  if (typeof expiresAt === 'number' && Number.isFinite(expiresAt)) {
    return { token, expiresAt, ...bound };
  }
  return { token, ...bound };
}

function checkOptions(options: RedisTokenStoreOptions): void {
  const issues: PaymentIssue[] = [];
  if (!isRedisClient(options?.client)) {
    issues.push({ path: ['client'], message: 'must be a client of the redis or ioredis package' });
  }
  if (options?.key !== undefined && (typeof options.key !== 'string' || options.key === '')) {
    issues.push({ path: ['key'], message: 'must be a non-empty string' });
  }
  for (const name of ['lockTtlMs', 'commandTimeoutMs'] as const) {
    const value = options?.[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS)) {
      issues.push({ path: [name], message: `must be an integer from 1 to ${MAX_TIMER_MS}` });
    }
  }
  if (issues.length > 0)
    throw new PaymentValidationError(issues, 'Invalid RedisTokenStore options');
}

/**
 * A {@link TokenStore} on Redis: every process that gives its client a `RedisTokenStore` on the
 * same key shares one token, and one login.
 *
 * - The token is kept as JSON (`{"token":"…","expiresAt":…,"account":"…"}`) under
 *   `pix-payment-sdk:token:<account>`, one key per account and base URL (or under `key`), and
 *   Redis forgets it at the JWT's `exp`. `account` is a one-way SHA-256 of the base URL and the
 *   e-mail: neither the e-mail nor anything of the password is stored.
 * - Single flight across processes: when the token is missing, expiring or refused, one process
 *   of that account takes the lock `<key>:lock` (`SET NX PX lockTtlMs`) and logs in; the others poll the lock
 *   every 25 ms and use the token it stores. The holder releases the lock with a compare-and-delete
 *   script, so it never releases another's; a holder that dies frees it after `lockTtlMs`.
 * - A refused token is deleted by a compare-and-delete script, only while Redis still holds that
 *   same token, so a fresh one another process just stored survives.
 * - Redis down never stops payments: when a command fails or takes longer than
 *   `commandTimeoutMs`, or the client is not connected, the store reports no token and no lock,
 *   so the client logs in on its own and keeps working; the store logs it, and uses Redis again
 *   as soon as it answers.
 *
 * Each client keeps the token in memory too, so a call with a usable token never touches Redis.
 * Needs Redis 2.6.12 or later (or Valkey); the client is the `redis` package (node-redis) 5 or 6,
 * or `ioredis` 5 or 6, each called in its own argument style.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { PaymentClient } from 'pix-payment-sdk';
 * import { RedisTokenStore } from 'pix-payment-sdk/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const tokenStore = new RedisTokenStore({ client: redis, logger: console });
 * const client = new PaymentClient({ baseUrl, email, password, tokenStore });
 *
 * // Or with ioredis (BullMQ's client): the same store, the same key.
 * import { Redis } from 'ioredis';
 * const shared = new RedisTokenStore({ client: new Redis(process.env.REDIS_URL!), logger: console });
 * ```
 */
export class RedisTokenStore implements TokenStore {
  readonly #redis: CommandRunner;
  readonly #key: string;
  readonly #fixedKey: boolean;
  readonly #lockTtlMs: number;

  /** @throws `PaymentValidationError` (from `pix-payment-sdk`) for a bad option. */
  constructor(options: RedisTokenStoreOptions) {
    checkOptions(options);
    this.#redis = new CommandRunner(
      commandsOf(options.client),
      options.commandTimeoutMs ?? 1_000,
      options.logger,
      {
        down: 'token-store-unavailable',
        up: 'token-store-available',
        downMessage: 'Redis unavailable; logging in without it',
        upMessage: 'Redis answers again; sharing the token',
      },
    );
    this.#key = options.key ?? DEFAULT_KEY;
    this.#fixedKey = options.key !== undefined;
    this.#lockTtlMs = options.lockTtlMs ?? 10_000;
    // What `util.inspect(store)` shows in Node.js: as `toJSON()`.
    showAs(this, () => `RedisTokenStore ${JSON.stringify(this.toJSON())}`);
  }

  /**
   * The `key` option; without it, `pix-payment-sdk:token`, the prefix of the keys of each account
   * (see {@link RedisTokenStore.keyOf}). The lock is the token's key with `:lock` appended.
   */
  get key(): string {
    return this.#key;
  }

  /**
   * The Redis key of the token of `account` (a {@link CachedToken.account}): the `key` option when
   * given, else `pix-payment-sdk:token:<account>`.
   *
   * @example
   * ```ts
   * store.keyOf('3f0c…'); // 'pix-payment-sdk:token:3f0c…'
   * ```
   */
  keyOf(account?: string): string {
    return this.#fixedKey || account === undefined ? this.#key : `${this.#key}:${account}`;
  }

  /** The stored token of `account`, or `undefined` when Redis holds none (or cannot be reached). */
  async get(account?: string): Promise<CachedToken | undefined> {
    const key = this.keyOf(account);
    const reply = await this.#redis.run('get', key, () => this.#redis.commands.get(key));
    return reply.ok ? parseToken(text(reply.value)) : undefined;
  }

  /**
   * Stores the token of `account` until its `expiresAt` (for ever without one, until the service
   * refuses it).
   */
  async set(token: CachedToken, account?: string): Promise<void> {
    const key = this.keyOf(account);
    const bound = token.account === undefined ? {} : { account: token.account };
    const value = JSON.stringify(
      token.expiresAt === undefined
        ? { token: token.token, ...bound }
        : { token: token.token, expiresAt: token.expiresAt, ...bound },
    );
    if (token.expiresAt === undefined) {
      await this.#redis.run('set', key, () => this.#redis.commands.set(key, value), [token.token]);
      return;
    }
    // Relative (PX), not absolute (PXAT): a Redis host whose clock differs from ours still
    // forgets the token when it expires.
    const ttlMs = Math.ceil(token.expiresAt - Date.now());
    if (ttlMs <= 0) return;
    await this.#redis.run('set', key, () => this.#redis.commands.set(key, value, { pxMs: ttlMs }), [
      token.token,
    ]);
  }

  /**
   * Deletes the stored token of `account`; given the refused `token`, only while Redis still
   * holds that one.
   */
  async delete(token?: string, account?: string): Promise<void> {
    const key = this.keyOf(account);
    const args = token === undefined ? [] : [token];
    await this.#redis.run(
      'delete',
      key,
      () => this.#redis.commands.eval(DELETE_TOKEN, [key], args),
      args,
    );
  }

  /**
   * Takes the login lock, or waits while another process holds it: resolves with the lock, or
   * with `undefined` once that holder is done (the client then reads the token it stored). When
   * Redis cannot be reached, resolves with a lock that holds nothing, so the client logs in.
   */
  async lock(account?: string): Promise<TokenStoreLock | undefined> {
    const key = this.keyOf(account);
    const lockKey = `${key}:lock`;
    const holder = crypto.randomUUID();
    const taken = await this.#redis.run('lock', key, () =>
      this.#redis.commands.set(lockKey, holder, { nx: true, pxMs: this.#lockTtlMs }),
    );
    if (!taken.ok) return LOGIN_ALONE;
    if (taken.value !== null && taken.value !== undefined) {
      return {
        release: async () => {
          await this.#redis.run('unlock', key, () =>
            this.#redis.commands.eval(RELEASE_LOCK, [lockKey], [holder]),
          );
        },
      };
    }
    return this.#waitForHolder(key, lockKey);
  }

  async #waitForHolder(key: string, lockKey: string): Promise<TokenStoreLock | undefined> {
    const seen = await this.#redis.run('lock', key, () => this.#redis.commands.get(lockKey));
    if (!seen.ok) return LOGIN_ALONE;
    const other = text(seen.value);
    // No hold outlasts lockTtlMs, so neither does the wait for one.
    const deadline = Date.now() + this.#lockTtlMs;
    while (other !== undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      const reply = await this.#redis.run('lock', key, () => this.#redis.commands.get(lockKey));
      if (!reply.ok) return LOGIN_ALONE;
      // Released, expired or taken over: the hold this process waited for has ended.
      if (text(reply.value) !== other) return undefined;
    }
    if (other !== undefined) {
      this.#redis.log('warn', 'token-lock-timeout', 'waited lockTtlMs for the token lock', {
        key,
        operation: 'lock',
        lockTtlMs: this.#lockTtlMs,
      });
    }
    return undefined;
  }

  /** What `JSON.stringify(store)` shows: the key, never the token or the client. */
  toJSON(): {
    /** The Redis key of the token. */
    key: string;
  } {
    return { key: this.#key };
  }
}
