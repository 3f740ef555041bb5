import { PaymentError } from '../errors.js';
import { readJwtExpiry } from './jwt.js';
import { abortable } from './retry.js';

/**
 * A token as a {@link TokenStore} keeps it.
 *
 * @example
 * ```ts
 * const cached: CachedToken = { token: 'eyJhbGciOi…', expiresAt: Date.parse('2030-01-01T00:00:00Z') };
 * ```
 */
export interface CachedToken {
  /** The JWT sent as `Authorization: Bearer <token>`. */
  readonly token: string;
  /**
   * When the token expires, in epoch milliseconds: the JWT's `exp` claim. Absent when the token
   * has no readable `exp`; the client then uses it until the service answers 401.
   */
  readonly expiresAt?: number | undefined;
}

/**
 * Where the client keeps its access token. The default keeps it in memory, per client. Give several
 * processes one store (Redis, a database row) and they share one token instead of each logging in.
 * Within one client, concurrent calls share one login; two clients (or processes) that find the
 * store empty at the same moment may each log in once, and the last one's token wins, which the
 * service accepts.
 *
 * @example
 * ```ts
 * const redisStore: TokenStore = {
 *   async get() {
 *     const raw = await redis.get('pix:token');
 *     return raw ? (JSON.parse(raw) as CachedToken) : undefined;
 *   },
 *   async set(token) {
 *     await redis.set('pix:token', JSON.stringify(token));
 *   },
 *   async delete(refused) {
 *     // Compare and delete, so a fresh token stored by another process survives.
 *     const raw = await redis.get('pix:token');
 *     if (!refused || (raw && (JSON.parse(raw) as CachedToken).token === refused)) await redis.del('pix:token');
 *   },
 * };
 * const client = new PaymentClient({ baseUrl, email, password, tokenStore: redisStore });
 * ```
 */
export interface TokenStore {
  /** The stored token, or `undefined` when there is none. */
  get(): Promise<CachedToken | undefined>;
  /** Stores a token obtained by logging in, replacing any other. */
  set(token: CachedToken): Promise<void>;
  /**
   * Forgets the stored token: the service refused it. `token` is the refused token, so a store
   * shared between processes can delete only if it still holds that one (compare and delete), and
   * keep a fresh token another process has just stored. A store that ignores it stays correct: at
   * worst another process logs in once more.
   */
  delete(token?: string): Promise<void>;
}

/**
 * The default {@link TokenStore}: one token in memory, private to the client that owns it.
 *
 * @example
 * ```ts
 * const store = new InMemoryTokenStore();
 * const a = new PaymentClient({ baseUrl, email, password, tokenStore: store });
 * const b = new PaymentClient({ baseUrl, email, password, tokenStore: store }); // shares a's token
 * ```
 */
export class InMemoryTokenStore implements TokenStore {
  #token: CachedToken | undefined;

  /** The stored token, or `undefined`. */
  async get(): Promise<CachedToken | undefined> {
    return this.#token;
  }

  /** Replaces the stored token. */
  async set(token: CachedToken): Promise<void> {
    this.#token = token;
  }

  /** Forgets the stored token, or only `token` when given and still stored. */
  async delete(token?: string): Promise<void> {
    if (token === undefined || this.#token?.token === token) this.#token = undefined;
  }

  /** Shows no token. */
  toJSON(): Record<string, never> {
    return {};
  }
}

/** A token handed to one request, and whether a login obtained it for that request. */
export interface Lease {
  readonly token: string;
  readonly fresh: boolean;
}

// A store's error may quote the token (a Redis client puts the command and its arguments in its
// message and properties): it becomes the cause only once `scrub` has removed every secret.
async function fromStore<T>(
  operation: string,
  run: () => Promise<T>,
  scrub: (error: unknown) => unknown,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PaymentError(`tokenStore.${operation}() failed`, { cause: scrub(error) });
  }
}

/**
 * Hands out the access token: from the store while it is not within `refreshSkewMs` of its `exp`,
 * otherwise from one login shared by every caller waiting at that moment (single flight).
 *
 * @internal
 */
export class TokenManager {
  readonly #store: TokenStore;
  readonly #refreshSkewMs: number;
  readonly #login: () => Promise<string>;
  readonly #scrub: (error: unknown) => unknown;
  #pending: Promise<Lease> | undefined;
  // Tokens this client has seen, so that errors and logs can be scrubbed of them.
  readonly #seen: string[] = [];

  /** `scrub` copies an error thrown by the store without any secret in it. */
  constructor(
    store: TokenStore,
    refreshSkewMs: number,
    login: () => Promise<string>,
    scrub: (error: unknown) => unknown,
  ) {
    this.#store = store;
    this.#refreshSkewMs = refreshSkewMs;
    this.#login = login;
    this.#scrub = scrub;
  }

  /** The tokens this client has used lately, newest last. */
  get seen(): ReadonlyArray<string> {
    return this.#seen;
  }

  /**
   * A token to send. With `stale`, the token the service just refused: it is dropped from the store
   * (unless another request already replaced it) and a login replaces it.
   */
  async acquire(signal: AbortSignal | undefined, stale?: string): Promise<Lease> {
    for (let round = 0; ; round++) {
      if (!this.#pending) {
        const pending = this.#obtain(stale).finally(() => {
          this.#pending = undefined;
        });
        // Callers that abort stop listening; the shared login must not become an unhandled rejection.
        pending.catch(() => undefined);
        this.#pending = pending;
      }
      const lease = await abortable(this.#pending, signal);
      // Joined a read that started before the refusal: look again, once.
      if (stale === undefined || lease.token !== stale || lease.fresh || round > 0) return lease;
    }
  }

  async #obtain(stale: string | undefined): Promise<Lease> {
    const stored = await fromStore('get', () => this.#store.get(), this.#scrub);
    // A store shared with other code may hold anything; only a non-empty token string counts.
    const cached = typeof stored?.token === 'string' && stored.token !== '' ? stored : undefined;
    if (cached && cached.token !== stale && !this.#expiring(cached)) {
      this.#remember(cached.token);
      return { token: cached.token, fresh: false };
    }
    if (cached && cached.token === stale)
      await fromStore('delete', () => this.#store.delete(stale), this.#scrub);
    const token = await this.#login();
    this.#remember(token);
    const expiresAt = readJwtExpiry(token);
    await fromStore(
      'set',
      () => this.#store.set(expiresAt === undefined ? { token } : { token, expiresAt }),
      this.#scrub,
    );
    return { token, fresh: true };
  }

  #expiring(cached: CachedToken): boolean {
    return cached.expiresAt !== undefined && Date.now() >= cached.expiresAt - this.#refreshSkewMs;
  }

  #remember(token: string): void {
    if (this.#seen.includes(token)) return;
    this.#seen.push(token);
    if (this.#seen.length > 4) this.#seen.shift();
  }
}
