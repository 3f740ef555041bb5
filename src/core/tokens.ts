import { PaymentError } from '../errors/index.js';
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
  /**
   * The account and base URL whose login obtained the token: the lower-case hex SHA-256 of the
   * client's `baseUrl` (normalised: origin and path, no trailing slash), a line feed, and its
   * `email` exactly as given. One way: it names neither, and holds nothing of the password. The
   * client writes it on every token it stores, and sends a stored token only when it finds there
   * its own: a token without it, or with another, is treated as no token at all.
   */
  readonly account?: string | undefined;
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
 * A token belongs to the account and base URL that obtained it. Every method receives `account`
 * (the same value as {@link CachedToken.account}: a SHA-256 of base URL and e-mail), so a store
 * shared by several accounts or environments can keep one slot per account, as the example does,
 * `InMemoryTokenStore` and `RedisTokenStore` do. A store that ignores it still never leaks a
 * token: the client checks the `account` of what `get` returns and treats another's as no token
 * (it logs in and stores its own over it, which costs the other account one login later).
 *
 * @example
 * ```ts
 * // A store on a key-value service `kv` with expiry and an atomic delete-if, one key per account.
 * const tokenStore: TokenStore = {
 *   get: async (account) => (await kv.get(`pix:token:${account}`)) ?? undefined,
 *   set: (token, account) => kv.put(`pix:token:${account}`, token, { expiresAt: token.expiresAt }),
 *   // Compare and delete, so a fresh token stored by another process survives.
 *   delete: (refused, account) =>
 *     kv.deleteIf(`pix:token:${account}`, (stored) => !refused || stored.token === refused),
 *   async lock(account) {
 *     const holder = crypto.randomUUID();
 *     if (await kv.putIfAbsent(`pix:lock:${account}`, holder, { ttlMs: 10_000 })) {
 *       return { release: () => kv.deleteIf(`pix:lock:${account}`, (value) => value === holder) };
 *     }
 *     await kv.waitWhilePresent(`pix:lock:${account}`, { timeoutMs: 10_000 });
 *     return undefined; // the other holder is done: the client reads the store again
 *   },
 * };
 * const client = new PaymentClient({ baseUrl, email, password, tokenStore });
 * ```
 */
export interface TokenStore {
  /**
   * The stored token of `account`, or `undefined` when there is none. Keep the whole object
   * `set` was given: a token returned without its `account` is not used.
   */
  get(account?: string): Promise<CachedToken | undefined>;
  /** Stores a token obtained by logging in as `account`, replacing any other of that account. */
  set(token: CachedToken, account?: string): Promise<void>;
  /**
   * Forgets the stored token of `account`: the service refused it. `token` is the refused token,
   * so a store shared between processes can delete only if it still holds that one (compare and
   * delete), and keep a fresh token another process has just stored. A store that ignores it
   * stays correct: at worst another process logs in once more.
   */
  delete(token?: string, account?: string): Promise<void>;
  /**
   * Optional: one login among all the clients of `account` that share the store (single flight
   * across processes). The client calls it when the store holds no usable token, before logging in.
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
  lock?(account?: string): Promise<TokenStoreLock | undefined>;
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
 * The default {@link TokenStore}: tokens in memory, one per account and base URL. Each client gets
 * its own unless you hand one instance to several clients of the same process: clients of one
 * account then share its token, and clients of other accounts or base URLs keep theirs beside it.
 *
 * @example
 * ```ts
 * const store = new InMemoryTokenStore();
 * const a = new PaymentClient({ baseUrl, email, password, tokenStore: store });
 * const b = new PaymentClient({ baseUrl, email, password, tokenStore: store }); // shares a's token
 * const other = new PaymentClient({ baseUrl, email: otherEmail, password: otherPassword, tokenStore: store }); // its own
 * ```
 */
export class InMemoryTokenStore implements TokenStore {
  // By account; `''` for a caller that names none.
  readonly #tokens = new Map<string, CachedToken>();

  /** The stored token of `account`, or `undefined`. */
  async get(account?: string): Promise<CachedToken | undefined> {
    return this.#tokens.get(account ?? '');
  }

  /** Replaces the stored token of `account`. */
  async set(token: CachedToken, account?: string): Promise<void> {
    this.#tokens.set(account ?? '', token);
  }

  /** Forgets the stored token of `account`, or only `token` when given and still stored. */
  async delete(token?: string, account?: string): Promise<void> {
    const key = account ?? '';
    if (token === undefined || this.#tokens.get(key)?.token === token) this.#tokens.delete(key);
  }

  /** Shows no token. */
  toJSON(): Record<string, never> {
    return {};
  }
}

/**
 * The {@link CachedToken.account} of the clients of one account and base URL: the lower-case hex
 * SHA-256 of the normalised `baseUrl` (as `client.baseUrl` shows it: no trailing slash), a line
 * feed, and `email` exactly as given. A store that keeps one slot per account receives it as
 * `account`; `RedisTokenStore` keys the token by it. Computed with Web Crypto, which every
 * runtime the client runs in has (a browser page only over HTTPS or on localhost).
 *
 * @throws PaymentError when `baseUrl` is not an absolute URL, or the runtime has no Web Crypto.
 *
 * @example
 * ```ts
 * // Which Redis key holds the token of this account (RedisTokenStore without `key`):
 * const key = `pix-payment-sdk:token:${await tokenAccount('https://api.example.com', 'finance@shop.example')}`;
 * ```
 */
export async function tokenAccount(baseUrl: string, email: string): Promise<string> {
  let normalised: string;
  try {
    normalised = new URL(baseUrl.trim()).href.replace(/\/+$/, '');
  } catch {
    throw new PaymentError('tokenAccount: baseUrl must be an absolute URL');
  }
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new PaymentError(
      'No Web Crypto (crypto.subtle) in this runtime: the client needs it to bind its token to its account',
    );
  }
  const text = `${normalised}\n${email}`;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
    throw new PaymentError(
      `tokenStore.${operation}() failed: check the store given as tokenStore (error.cause holds its error, secrets removed)`,
      { cause: scrub(error) },
    );
  }
}

/** Whose tokens a {@link TokenManager} hands out. @internal */
export interface TokenOwner {
  /** The client's normalised base URL. */
  readonly baseUrl: string;
  /** The client's e-mail, as given. */
  readonly email: string;
  /** Called when the store holds a token bound to another account or base URL, or to none. */
  readonly onForeign?: (() => void) | undefined;
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
  // `undefined` when the client keeps its token in its own memory only: nothing else can have
  // stored one, so there is nothing to read, nor a binding to work out (the first call then spends
  // no time on Web Crypto).
  readonly #store: TokenStore | undefined;
  readonly #refreshSkewMs: number;
  readonly #login: () => Promise<string>;
  readonly #scrub: (error: unknown) => unknown;
  readonly #owner: TokenOwner;
  // The binding of this client's tokens, worked out at the first store read.
  #account: Promise<string> | undefined;
  #pending: Promise<Lease> | undefined;
  // The token in use, kept here so that a call with a usable token never waits for the store.
  #local: { readonly lease: Lease; readonly expiresAt: number | undefined } | undefined;
  // Tokens this client has seen, so that errors and logs can be scrubbed of them.
  readonly #seen: string[] = [];

  /** `scrub` copies an error thrown by the store without any secret in it. */
  constructor(
    store: TokenStore | undefined,
    refreshSkewMs: number,
    login: () => Promise<string>,
    scrub: (error: unknown) => unknown,
    owner: TokenOwner,
  ) {
    this.#store = store;
    this.#refreshSkewMs = refreshSkewMs;
    this.#login = login;
    this.#scrub = scrub;
    this.#owner = owner;
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
    const store = this.#store;
    if (store === undefined) return this.#loginAndStore(undefined, undefined);
    this.#account ??= tokenAccount(this.#owner.baseUrl, this.#owner.email);
    const account = await this.#account;
    for (let waits = 0; ; waits++) {
      const cached = await this.#read(store, account);
      if (cached && cached.token !== stale && !this.#expiring(cached.expiresAt)) {
        return this.#use(cached.token, cached.expiresAt, false);
      }
      if (cached && cached.token === stale)
        await fromStore('delete', () => store.delete(stale, account), this.#scrub);
      if (store.lock === undefined || waits >= MAX_LOCK_WAITS) {
        return this.#loginAndStore(store, account);
      }
      const lock = await fromStore('lock', () => store.lock!(account), this.#scrub);
      // Another holder's turn ended while this client waited: its token may be in the store.
      if (lock === undefined) continue;
      try {
        // A holder may have stored a token between the read above and this lock.
        const latest = await this.#read(store, account);
        if (latest && latest.token !== stale && !this.#expiring(latest.expiresAt)) {
          return this.#use(latest.token, latest.expiresAt, false);
        }
        return await this.#loginAndStore(store, account);
      } finally {
        try {
          await lock.release();
        } catch {
          // The token is stored (or the login failed) either way, and the hold expires by itself.
        }
      }
    }
  }

  async #read(store: TokenStore, account: string): Promise<CachedToken | undefined> {
    const stored = await fromStore('get', () => store.get(account), this.#scrub);
    // A store shared with other code may hold anything; only a non-empty token string counts.
    if (typeof stored?.token !== 'string' || stored.token === '') return undefined;
    // Another account's or another base URL's token (or one stored without its binding) is never
    // sent: this client logs in as itself instead.
    if (stored.account !== account) {
      this.#owner.onForeign?.();
      return undefined;
    }
    return stored;
  }

  async #loginAndStore(store: TokenStore | undefined, account: string | undefined): Promise<Lease> {
    const token = await this.#login();
    const expiresAt = readJwtExpiry(token);
    const lease = this.#use(token, expiresAt, true);
    if (store === undefined || account === undefined) return lease;
    const cached: CachedToken =
      expiresAt === undefined ? { token, account } : { token, expiresAt, account };
    await fromStore('set', () => store.set(cached, account), this.#scrub);
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
