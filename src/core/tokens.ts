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
 * processes one store (Redis, a database row) and they share one token instead of each logging in;
 * on Redis, use `RedisTokenStore` from `pix-payment-sdk/redis`.
 *
 * Each client also keeps the token it last used in memory, and reads the store only when it has
 * none, when that token is within `refreshSkewMs` of its `exp`, or after the service refused it:
 * a call with a usable token never waits for the store. Within one client, concurrent calls share
 * one read and one login. Across clients and processes, a store with a {@link TokenStore.lock} lets
 * exactly one of them log in while the others wait for its token; without it, clients that find
 * the store empty at the same moment each log in once, and the last token stored wins, which the
 * service accepts.
 *
 * @example
 * ```ts
 * // A store on a key-value service `kv` with expiry and an atomic delete-if.
 * const tokenStore: TokenStore = {
 *   get: async () => (await kv.get('pix:token')) ?? undefined,
 *   set: (token) => kv.put('pix:token', token, { expiresAt: token.expiresAt }),
 *   // Compare and delete, so a fresh token stored by another process survives.
 *   delete: (refused) => kv.deleteIf('pix:token', (stored) => !refused || stored.token === refused),
 *   async lock() {
 *     const holder = crypto.randomUUID();
 *     if (await kv.putIfAbsent('pix:token:lock', holder, { ttlMs: 10_000 })) {
 *       return { release: () => kv.deleteIf('pix:token:lock', (value) => value === holder) };
 *     }
 *     await kv.waitWhilePresent('pix:token:lock', { timeoutMs: 10_000 });
 *     return undefined; // the other holder is done: the client reads the store again
 *   },
 * };
 * const client = new PaymentClient({ baseUrl, email, password, tokenStore });
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
  /**
   * Optional: one login among all the clients that share the store (single flight across
   * processes). The client calls it when the store holds no usable token, before logging in.
   *
   * - Resolve with a {@link TokenStoreLock} once this caller holds the store's login lock. The
   *   client reads the store once more (another holder may have stored a token just before), logs
   *   in only if it still finds no usable token, stores the token, then releases the lock.
   * - Resolve with `undefined` when another caller held the lock and its hold has ended while this
   *   one waited (released, or expired), or the wait reached the store's limit. The client reads
   *   the store again, and asks for the lock again if it still finds no usable token. After three
   *   such waits it logs in without the lock.
   *
   * A hold must expire by itself, so that a process that dies while holding it blocks the others
   * only until then. Without this method, each client that finds the store empty logs in.
   */
  lock?(): Promise<TokenStoreLock | undefined>;
}

/**
 * The login lock of a {@link TokenStore}, held by one caller at a time.
 *
 * @example
 * ```ts
 * const lock = await tokenStore.lock?.();
 * if (lock) {
 *   try {
 *     // read the store again, log in if it is still empty, store the token
 *   } finally {
 *     await lock.release();
 *   }
 * }
 * ```
 */
export interface TokenStoreLock {
  /**
   * Releases the lock, only if this caller still holds it: a hold that expired may belong to
   * another caller by now. The client ignores a failure here, since the hold expires by itself.
   */
  release(): Promise<void>;
}

/**
 * The default {@link TokenStore}: one token in memory. Each client gets its own unless you hand one
 * instance to several clients of the same process, which then share its token.
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

/** How often a client waits for another holder of a store's lock before it logs in on its own. */
const MAX_LOCK_WAITS = 3;

/**
 * Hands out the access token: the one this client holds while it is not within `refreshSkewMs` of
 * its `exp`; otherwise the store's, read once for every caller waiting at that moment; otherwise
 * a new login, shared the same way (single flight), and across processes through the store's
 * lock when it has one.
 *
 * @internal
 */
export class TokenManager {
  readonly #store: TokenStore;
  readonly #refreshSkewMs: number;
  readonly #login: () => Promise<string>;
  readonly #scrub: (error: unknown) => unknown;
  #pending: Promise<Lease> | undefined;
  // The token in use, kept here so that a call with a usable token never waits for the store.
  #local: { readonly lease: Lease; readonly expiresAt: number | undefined } | undefined;
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
   * The token this client holds, when it can be sent as is (not within `refreshSkewMs` of its
   * `exp`, not `stale`), else `undefined`: then {@link TokenManager.acquire} reads the store or
   * logs in. Synchronous, so that a call with a usable token awaits nothing for it.
   */
  held(stale?: string): Lease | undefined {
    const local = this.#local;
    if (local === undefined || local.lease.token === stale || this.#expiring(local.expiresAt)) {
      return undefined;
    }
    return local.lease;
  }

  /**
   * A token to send. With `stale`, the token the service just refused: it is dropped from the store
   * (unless another request already replaced it) and a login replaces it.
   */
  async acquire(signal: AbortSignal | undefined, stale?: string): Promise<Lease> {
    const local = this.#local;
    if (local !== undefined) {
      // The fast path awaits nothing: no store read, no login.
      if (local.lease.token !== stale && !this.#expiring(local.expiresAt)) return local.lease;
      if (local.lease.token === stale) this.#local = undefined;
    }
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
    for (let waits = 0; ; waits++) {
      const cached = await this.#read();
      if (cached && cached.token !== stale && !this.#expiring(cached.expiresAt)) {
        return this.#use(cached.token, cached.expiresAt, false);
      }
      if (cached && cached.token === stale)
        await fromStore('delete', () => this.#store.delete(stale), this.#scrub);
      if (this.#store.lock === undefined || waits >= MAX_LOCK_WAITS) return this.#loginAndStore();
      const lock = await fromStore('lock', () => this.#store.lock!(), this.#scrub);
      // Another holder's turn ended while this client waited: its token may be in the store.
      if (lock === undefined) continue;
      try {
        // A holder may have stored a token between the read above and this lock.
        const latest = await this.#read();
        if (latest && latest.token !== stale && !this.#expiring(latest.expiresAt)) {
          return this.#use(latest.token, latest.expiresAt, false);
        }
        return await this.#loginAndStore();
      } finally {
        try {
          await lock.release();
        } catch {
          // The token is stored (or the login failed) either way, and the hold expires by itself.
        }
      }
    }
  }

  async #read(): Promise<CachedToken | undefined> {
    const stored = await fromStore('get', () => this.#store.get(), this.#scrub);
    // A store shared with other code may hold anything; only a non-empty token string counts.
    return typeof stored?.token === 'string' && stored.token !== '' ? stored : undefined;
  }

  async #loginAndStore(): Promise<Lease> {
    const token = await this.#login();
    const expiresAt = readJwtExpiry(token);
    const lease = this.#use(token, expiresAt, true);
    await fromStore(
      'set',
      () => this.#store.set(expiresAt === undefined ? { token } : { token, expiresAt }),
      this.#scrub,
    );
    return lease;
  }

  #use(token: string, expiresAt: number | undefined, fresh: boolean): Lease {
    this.#remember(token);
    const lease = { token, fresh };
    // A freshly obtained token is no longer fresh for later calls: a 401 to it then means expiry.
    this.#local = { lease: fresh ? { token, fresh: false } : lease, expiresAt };
    return lease;
  }

  #expiring(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && Date.now() >= expiresAt - this.#refreshSkewMs;
  }

  #remember(token: string): void {
    if (this.#seen.includes(token)) return;
    this.#seen.push(token);
    if (this.#seen.length > 4) this.#seen.shift();
  }
}
