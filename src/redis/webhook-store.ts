import {
  type ExpiredWebhookClaim,
  type Logger,
  PaymentError,
  type PaymentIssue,
  PaymentValidationError,
  type WebhookClaim,
  type WebhookEventKey,
  type WebhookEventStore,
} from 'pix-payment-sdk';
import { showAs } from '../seam/inspect.js';
import { MAX_TIMER_MS } from '../seam/limits.js';
import { webhookEventName } from '../webhook-store.js';
import { commandsOf, isRedisClient, type RedisTokenStoreClient } from './commands.js';
import { CommandRunner, text } from './runner.js';

/**
 * Options of {@link RedisWebhookStore}. Only `client` is required.
 *
 * @example
 * ```ts
 * const options: RedisWebhookStoreOptions = {
 *   client: redis,
 *   leaseMs: 30_000,
 *   doneTtlMs: 7 * 24 * 60 * 60 * 1000,
 *   logger: console,
 * };
 * ```
 */
export interface RedisWebhookStoreOptions {
  /**
   * A connected client of the `redis` package (node-redis 5 or 6) or of `ioredis` (5 or 6). The
   * store never connects, quits or closes it.
   */
  readonly client: RedisTokenStoreClient;
  /**
   * How long a claim holds without renewal. The handler renews it every third of this while the
   * event is confirmed and `onEvent` runs, so a live process keeps it however long `onEvent`
   * takes; a process that dies (a crash, `SIGKILL`) leaves it to `recover()` after this long.
   * @default 30_000
   */
  readonly leaseMs?: number | undefined;
  /**
   * How long Redis keeps the record that an event was handed to `onEvent`; until then every
   * resend of it is dropped, after it one reaches `onEvent` again.
   * @default 604_800_000 (7 days)
   */
  readonly doneTtlMs?: number | undefined;
  /**
   * The first part of every key: `<prefix>:{<account>}:…`, one set of keys per account (the
   * handler's `account`), in one Redis Cluster slot each.
   * @default 'pix-payment-sdk:webhook'
   */
  readonly prefix?: string | undefined;
  /**
   * How long the store waits for one Redis command before it treats Redis as unavailable.
   * @default 1_000
   */
  readonly commandTimeoutMs?: number | undefined;
  /**
   * Receives `warn` when Redis becomes unavailable (`event: 'webhook-store-unavailable'`) and
   * `info` when it answers again (`'webhook-store-available'`). Fields: the key, the operation and
   * the reason (an error's name and message).
   * @default no logging
   */
  readonly logger?: Logger | undefined;
}

const DEFAULT_PREFIX = 'pix-payment-sdk:webhook';
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_DONE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Each script reads the time from Redis, so every process of the fleet measures leases by one clock.
// KEYS: the event's key, the account's claims (a sorted set of event names by lease deadline) and
// the account's kept deliveries (a hash of event name to delivery).
const NOW = `if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

// ARGV: event name, token, leaseMs, delivery, doneTtlMs.
const CLAIM = `${NOW}local state = redis.call('GET', KEYS[1])
if state == 'done' then return 'done' end
if state then
  local deadline = redis.call('ZSCORE', KEYS[2], ARGV[1])
  if deadline and tonumber(deadline) > now then return 'busy' end
end
redis.call('SET', KEYS[1], 'claim:' .. ARGV[2], 'PX', ARGV[5])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
return 'claimed'`;

// ARGV: event name, token, leaseMs.
const RENEW = `${NOW}if redis.call('GET', KEYS[1]) ~= 'claim:' .. ARGV[2] then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return 1`;

// ARGV: event name, token, doneTtlMs. Marks the event done (or, with no TTL, forgets it).
const FINISH = `if redis.call('GET', KEYS[1]) ~= 'claim:' .. ARGV[2] then return 0 end
if ARGV[3] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], 'done', 'PX', ARGV[3]) end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1`;

// KEYS: the claims. ARGV: limit. The names of claims whose lease ran out.
const EXPIRED = `${NOW}return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))`;

// ARGV: event name, token, leaseMs, doneTtlMs. Takes over one expired claim; its delivery, or nil.
const TAKE_OVER = `${NOW}local deadline = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not deadline or tonumber(deadline) > now then return false end
local delivery = redis.call('HGET', KEYS[3], ARGV[1])
if redis.call('GET', KEYS[1]) == 'done' or not delivery then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('HDEL', KEYS[3], ARGV[1])
  return false
end
redis.call('SET', KEYS[1], 'claim:' .. ARGV[2], 'PX', ARGV[4])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return delivery`;

function checkOptions(options: RedisWebhookStoreOptions): void {
  const issues: PaymentIssue[] = [];
  if (!isRedisClient(options?.client)) {
    issues.push({ path: ['client'], message: 'must be a client of the redis or ioredis package' });
  }
  if (
    options?.prefix !== undefined &&
    (typeof options.prefix !== 'string' || options.prefix === '')
  ) {
    issues.push({ path: ['prefix'], message: 'must be a non-empty string' });
  }
  for (const name of ['leaseMs', 'commandTimeoutMs'] as const) {
    const value = options?.[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS)) {
      issues.push({ path: [name], message: `must be an integer from 1 to ${MAX_TIMER_MS}` });
    }
  }
  const ttl = options?.doneTtlMs;
  if (ttl !== undefined && !(Number.isSafeInteger(ttl) && ttl >= 1)) {
    issues.push({ path: ['doneTtlMs'], message: 'must be a positive integer' });
  }
  if (issues.length > 0)
    throw new PaymentValidationError(issues, 'Invalid RedisWebhookStore options');
}

/**
 * A {@link WebhookEventStore} on Redis: the receivers of a fleet that give their webhook handlers
 * a `RedisWebhookStore` on one Redis hand each (id, status) to `onEvent` once, and none is lost
 * when one of them dies.
 *
 * - A delivery is claimed atomically by a script (the `SET NX PX` pattern, with a random owner
 *   token), which keeps the delivery with the claim; `done` and `release` are compare-and-delete
 *   scripts that act only while that token still holds the claim.
 * - A done event is kept `doneTtlMs` (7 days by default); its resends are dropped until then.
 * - A claim whose lease ran out unfinished is taken over by `handler.recover()` (or by the next
 *   delivery of the event), and handed to `onEvent` again.
 * - Keys: `<prefix>:{<account>}:event:<operation>:<id>:<status>` per event, and per account a
 *   sorted set `…:claims` and a hash `…:deliveries` of the claims under way.
 * - Redis down (a command fails, or takes longer than `commandTimeoutMs`, or the client is not
 *   connected): the store logs it and throws, and the handler answers 503 with `Retry-After`, so
 *   no event is handed to `onEvent` without the shared guard: a delivery refused then is
 *   delivered again by the sender's retry, a resend, or your reconciliation. A claim that cannot
 *   be marked done is left to expire and handed over once more after the outage.
 *
 * Needs Redis 3.2 or later (or Valkey); the client is the `redis` package (node-redis) 5 or 6, or
 * `ioredis` 5 or 6, as for `RedisTokenStore`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createWebhookHandler, PaymentClient } from 'pix-payment-sdk';
 * import { RedisWebhookStore } from 'pix-payment-sdk/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new PaymentClient({ baseUrl, email, password });
 * const store = new RedisWebhookStore({ client: redis, leaseMs: 30_000, logger: console });
 * const handler = createWebhookHandler({ client, onEvent, store });
 * await handler.recover(); // events a process that died left unfinished
 * ```
 */
export class RedisWebhookStore implements WebhookEventStore {
  /** How long a claim holds without renewal, in milliseconds. */
  readonly leaseMs: number;
  readonly #redis: CommandRunner;
  readonly #prefix: string;
  readonly #doneTtlMs: number;

  /** @throws `PaymentValidationError` (from `pix-payment-sdk`) for a bad option. */
  constructor(options: RedisWebhookStoreOptions) {
    checkOptions(options);
    this.#redis = new CommandRunner(
      commandsOf(options.client),
      options.commandTimeoutMs ?? 1_000,
      options.logger,
      {
        down: 'webhook-store-unavailable',
        up: 'webhook-store-available',
        downMessage: 'Redis unavailable; webhook deliveries are answered 503 until it is back',
        upMessage: 'Redis answers again; webhook deliveries are processed',
      },
    );
    this.#prefix = options.prefix ?? DEFAULT_PREFIX;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#doneTtlMs = options.doneTtlMs ?? DEFAULT_DONE_TTL_MS;
    // What `util.inspect(store)` shows in Node.js: as `toJSON()`.
    showAs(this, () => `RedisWebhookStore ${JSON.stringify(this.toJSON())}`);
  }

  /** The keys of one account: the prefix of its events, its claims and its kept deliveries. */
  #keysOf(account: string) {
    const base = `${this.#prefix}:{${encodeURIComponent(account)}}`;
    return { events: `${base}:event`, claims: `${base}:claims`, deliveries: `${base}:deliveries` };
  }

  async #script(operation: string, key: WebhookEventKey, script: string, args: string[]) {
    const keys = this.#keysOf(key.account);
    const name = webhookEventName(key);
    const eventKey = `${keys.events}:${name}`;
    const reply = await this.#redis.run(operation, eventKey, () =>
      this.#redis.commands.eval(script, [eventKey, keys.claims, keys.deliveries], [name, ...args]),
    );
    if (!reply.ok) throw new PaymentError(`RedisWebhookStore: Redis unavailable (${operation})`);
    return reply.value;
  }

  async claim(key: WebhookEventKey, payload: string): Promise<WebhookClaim> {
    const token = crypto.randomUUID();
    const args = [token, String(this.leaseMs), payload, String(this.#doneTtlMs)];
    const outcome = text(await this.#script('claim', key, CLAIM, args));
    if (outcome === 'claimed') return { outcome, token };
    if (outcome === 'done' || outcome === 'busy') return { outcome };
    throw new PaymentError(`RedisWebhookStore: unexpected reply to a claim: ${String(outcome)}`);
  }

  async renew(key: WebhookEventKey, token: string): Promise<boolean> {
    return Number(await this.#script('renew', key, RENEW, [token, String(this.leaseMs)])) === 1;
  }

  async done(key: WebhookEventKey, token: string): Promise<void> {
    await this.#script('done', key, FINISH, [token, String(this.#doneTtlMs)]);
  }

  async release(key: WebhookEventKey, token: string): Promise<void> {
    await this.#script('release', key, FINISH, [token, '']);
  }

  async takeExpired(account: string, limit: number): Promise<ExpiredWebhookClaim[]> {
    const keys = this.#keysOf(account);
    const listed = await this.#redis.run('take-expired', keys.claims, () =>
      this.#redis.commands.eval(EXPIRED, [keys.claims], [String(limit)]),
    );
    if (!listed.ok) throw new PaymentError('RedisWebhookStore: Redis unavailable (take-expired)');
    const names = Array.isArray(listed.value) ? listed.value.map(text) : [];
    const taken: ExpiredWebhookClaim[] = [];
    for (const name of names) {
      if (name === undefined) continue;
      const token = crypto.randomUUID();
      const eventKey = `${keys.events}:${name}`;
      const reply = await this.#redis.run('take-expired', eventKey, () =>
        this.#redis.commands.eval(
          TAKE_OVER,
          [eventKey, keys.claims, keys.deliveries],
          [name, token, String(this.leaseMs), String(this.#doneTtlMs)],
        ),
      );
      if (!reply.ok) throw new PaymentError('RedisWebhookStore: Redis unavailable (take-expired)');
      const payload = text(reply.value);
      if (payload !== undefined) taken.push({ token, payload });
    }
    return taken;
  }

  /** What `JSON.stringify(store)` shows: the prefix and times, never the client. */
  toJSON(): {
    /** The first part of every key. */
    prefix: string;
    /** How long a claim holds. */
    leaseMs: number;
    /** How long a done record is kept. */
    doneTtlMs: number;
  } {
    return { prefix: this.#prefix, leaseMs: this.leaseMs, doneTtlMs: this.#doneTtlMs };
  }
}
