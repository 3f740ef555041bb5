import { PaymentValidationError } from './errors/index.js';
import { MAX_TIMER_MS } from './seam/limits.js';

/**
 * One event a webhook store keeps track of: a transaction's id and status, of one account.
 *
 * @example
 * ```ts
 * const key: WebhookEventKey = { account: '3f0c…', operation: 'DEPOSIT', id: '665f…', status: 'PAID' };
 * ```
 */
export interface WebhookEventKey {
  /**
   * The account the event belongs to: the handler's `account` option, by default the one-way
   * SHA-256 of the client's base URL and e-mail (as `tokenAccount` computes it). Keep the events of
   * each account apart, so that one account's handler never takes over another's.
   */
  readonly account: string;
  /** `WITHDRAW` or `DEPOSIT`. */
  readonly operation: string;
  /** The transaction's id. */
  readonly id: string;
  /** The status the delivery announces. */
  readonly status: string;
}

/**
 * What {@link WebhookEventStore.claim} answers.
 *
 * - `claimed`: this process holds the event for the store's lease; `token` proves it to `renew`,
 *   `done` and `release`.
 * - `done`: the event was handed to `onEvent` already (a resend, a retry): drop it.
 * - `busy`: another process holds an unexpired claim on it now.
 *
 * @example
 * ```ts
 * const claim: WebhookClaim = { outcome: 'claimed', token: crypto.randomUUID() };
 * ```
 */
export type WebhookClaim =
  | {
      /** This process holds the event. */
      readonly outcome: 'claimed';
      /** The claim's owner token. */
      readonly token: string;
    }
  | {
      /** Handed over already. */
      readonly outcome: 'done';
    }
  | {
      /** Another process holds an unexpired claim. */
      readonly outcome: 'busy';
    };

/**
 * A claim whose lease ran out before it was marked done or released (its holder died, or lost the
 * store), now taken over by the caller of {@link WebhookEventStore.takeExpired}.
 *
 * @example
 * ```ts
 * const taken: ExpiredWebhookClaim = { token: crypto.randomUUID(), payload: '{"id":"665f…",…}' };
 * ```
 */
export interface ExpiredWebhookClaim {
  /** The new holder's token. */
  readonly token: string;
  /** The delivery as `claim` received it (JSON text). */
  readonly payload: string;
}

/**
 * Where `createWebhookHandler` records the webhook events it processes, so that a fleet of
 * receivers hands each (id, status) to `onEvent` once, and none is lost when a process dies. The
 * default, {@link InMemoryWebhookStore}, serves one process; `RedisWebhookStore`
 * (`pix-payment-sdk/redis`) serves a fleet; any database with an atomic insert-if-absent and a
 * compare-and-delete can back one of your own.
 *
 * The handler calls, per delivery: `claim` before it answers 200 (the claim keeps the delivery, so
 * that `takeExpired` can hand it over if this process dies); then, once `onEvent` resolves, `done`;
 * or, when the event cannot be confirmed or `onEvent` throws, `release`, which forgets it so that a
 * resend is processed again. Only `done` makes the store drop later deliveries of the event. A
 * method that throws (the database is down) makes the handler answer 503 (`claim`) or leaves the
 * claim to expire (`done`, `release`), so nothing is lost.
 *
 * Each method must be atomic: two processes that `claim` one event at once must not both get
 * `claimed`, and `done`, `renew` and `release` must act only while `token` still holds the claim.
 *
 * @example
 * ```ts
 * // On SQL: CREATE TABLE webhook_events (account text, event text, state text, token text,
 * //   payload text, lease_until timestamptz, PRIMARY KEY (account, event));
 * const store: WebhookEventStore = {
 *   leaseMs: 30_000,
 *   claim: (key, payload) => db.claimWebhookEvent(key, payload, 30_000), // insert, or take over an expired lease
 *   done: (key, token) => db.markWebhookEventDone(key, token),           // UPDATE … WHERE token = $token
 *   release: (key, token) => db.deleteWebhookEvent(key, token),         // DELETE … WHERE token = $token
 *   takeExpired: (account, limit) => db.takeExpiredWebhookEvents(account, limit, 30_000),
 * };
 * ```
 */
export interface WebhookEventStore {
  /**
   * How long a claim holds without `renew`, in milliseconds. The handler renews a claim every
   * third of it while it confirms the event and `onEvent` runs; without `leaseMs` or `renew`,
   * `onEvent` must finish within the lease, or another process may take the event over.
   */
  readonly leaseMs?: number | undefined;
  /**
   * Claims the event for this process, keeping `payload` with the claim, unless it is done or
   * another unexpired claim holds it. A claim whose lease ran out is taken over.
   */
  claim(key: WebhookEventKey, payload: string): Promise<WebhookClaim>;
  /** Extends the lease of a claim `token` still holds; `false` when it no longer does. */
  renew?(key: WebhookEventKey, token: string): Promise<boolean>;
  /** Marks the event done (while `token` holds its claim): later deliveries of it are dropped. */
  done(key: WebhookEventKey, token: string): Promise<void>;
  /** Forgets the claim (while `token` holds it): a later delivery of the event is processed. */
  release(key: WebhookEventKey, token: string): Promise<void>;
  /**
   * Takes over at most `limit` claims of `account` whose lease ran out unfinished, each with a new
   * token and lease, and answers them with the deliveries they keep.
   */
  takeExpired(account: string, limit: number): Promise<ExpiredWebhookClaim[]>;
}

/**
 * Options of {@link InMemoryWebhookStore}; all optional.
 *
 * @example
 * ```ts
 * const options: InMemoryWebhookStoreOptions = { rememberEvents: 50_000, leaseMs: 60_000 };
 * ```
 */
export interface InMemoryWebhookStoreOptions {
  /**
   * How many done events it remembers to drop their repeats; the least recently seen are
   * forgotten first. Claims not yet done never take their room.
   * @default 10_000
   */
  readonly rememberEvents?: number | undefined;
  /**
   * How long a claim holds without renewal, in milliseconds.
   * @default 30_000
   */
  readonly leaseMs?: number | undefined;
  /**
   * How many claims it holds at once; one more makes `claim` throw, so the handler answers 503.
   * @default 10_000
   */
  readonly maxClaims?: number | undefined;
}

interface Claim {
  token: string;
  deadline: number;
  readonly payload: string;
  readonly account: string;
}

const memoryName = (key: WebhookEventKey) => `${key.account}\n${webhookEventName(key)}`;

/**
 * The event's operation, id and status, each escaped, so that no two events read alike.
 *
 * @internal
 */
export function webhookEventName(key: WebhookEventKey): string {
  return [key.operation, key.id, key.status].map(encodeURIComponent).join(':');
}

/**
 * The default {@link WebhookEventStore}: events in the memory of one process, bounded. It drops
 * repeats within that process only, and forgets everything on restart: a fleet, or a receiver
 * that must not lose an event to a crash, needs a shared store such as `RedisWebhookStore`.
 *
 * @example
 * ```ts
 * const store = new InMemoryWebhookStore({ rememberEvents: 50_000 });
 * const handler = createWebhookHandler({ client, onEvent, store });
 * ```
 */
export class InMemoryWebhookStore implements WebhookEventStore {
  readonly leaseMs: number;
  readonly #remember: number;
  readonly #maxClaims: number;
  readonly #done = new Set<string>();
  readonly #claims = new Map<string, Claim>();

  /** @throws `PaymentValidationError` for a bad option. */
  constructor(options: InMemoryWebhookStoreOptions = {}) {
    const issues: Array<{ path: string[]; message: string }> = [];
    for (const name of ['rememberEvents', 'leaseMs', 'maxClaims'] as const) {
      const value = options?.[name];
      if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) {
        issues.push({ path: [name], message: 'must be a positive integer' });
      }
    }
    if (options?.leaseMs !== undefined && options.leaseMs > MAX_TIMER_MS) {
      issues.push({ path: ['leaseMs'], message: `must be at most ${MAX_TIMER_MS}` });
    }
    if (issues.length > 0) {
      throw new PaymentValidationError(issues, 'Invalid InMemoryWebhookStore options');
    }
    this.#remember = options.rememberEvents ?? 10_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.#maxClaims = options.maxClaims ?? 10_000;
  }

  /** How many done events and claims it holds now. */
  get size(): {
    /** Done events remembered. */
    readonly done: number;
    /** Claims held. */
    readonly claims: number;
  } {
    return { done: this.#done.size, claims: this.#claims.size };
  }

  async claim(key: WebhookEventKey, payload: string): Promise<WebhookClaim> {
    const name = memoryName(key);
    if (this.#done.delete(name)) {
      this.#done.add(name); // now the most recently seen
      return { outcome: 'done' };
    }
    const held = this.#claims.get(name);
    if (held !== undefined && held.deadline > Date.now()) return { outcome: 'busy' };
    if (held === undefined && this.#claims.size >= this.#maxClaims) {
      throw new Error(`InMemoryWebhookStore holds ${this.#maxClaims} claims already`);
    }
    const token = crypto.randomUUID();
    this.#claims.set(name, {
      token,
      deadline: Date.now() + this.leaseMs,
      payload,
      account: key.account,
    });
    return { outcome: 'claimed', token };
  }

  async renew(key: WebhookEventKey, token: string): Promise<boolean> {
    const held = this.#held(key, token);
    if (held === undefined) return false;
    held.deadline = Date.now() + this.leaseMs;
    return true;
  }

  async done(key: WebhookEventKey, token: string): Promise<void> {
    const name = memoryName(key);
    if (this.#held(key, token) === undefined) return;
    this.#claims.delete(name);
    this.#done.add(name);
    if (this.#done.size > this.#remember) {
      this.#done.delete(this.#done.values().next().value as string);
    }
  }

  async release(key: WebhookEventKey, token: string): Promise<void> {
    if (this.#held(key, token) !== undefined) {
      this.#claims.delete(memoryName(key));
    }
  }

  async takeExpired(account: string, limit: number): Promise<ExpiredWebhookClaim[]> {
    const now = Date.now();
    const taken: ExpiredWebhookClaim[] = [];
    for (const held of this.#claims.values()) {
      if (taken.length >= limit) break;
      if (held.account !== account || held.deadline > now) continue;
      held.token = crypto.randomUUID();
      held.deadline = now + this.leaseMs;
      taken.push({ token: held.token, payload: held.payload });
    }
    return taken;
  }

  #held(key: WebhookEventKey, token: string): Claim | undefined {
    const held = this.#claims.get(memoryName(key));
    return held?.token === token ? held : undefined;
  }
}
