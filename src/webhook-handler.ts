import { PaymentValidationError } from './errors/index.js';
import type { TransactionDetails, TransactionStatus } from './models/transactions.js';
import {
  isCryptoTransaction,
  type WebhookOperation,
  type WebhookPayload,
} from './models/webhooks.js';
import { parseWebhookPayload } from './resources/webhooks.js';
import { readRequestUpTo } from './seam/body.js';
import {
  InMemoryWebhookStore,
  type WebhookEventKey,
  type WebhookEventStore,
} from './webhook-store.js';

/**
 * The address the provider sends every webhook from (its published fixed IP, per the provider's
 * public docs). {@link createWebhookHandler} accepts only this sender when it is given a
 * `senderAddress` function and no `allowedSenders` of its own.
 *
 * @example
 * ```ts
 * const handler = createWebhookHandler({ client, onEvent, senderAddress, allowedSenders: [PROVIDER_WEBHOOK_ADDRESS] });
 * ```
 */
export const PROVIDER_WEBHOOK_ADDRESS = '107.23.39.46';

/**
 * A delivery the handler confirmed with the details endpoint: what {@link createWebhookHandler}
 * hands to `onEvent`. Act on `status` and `details`, which come from the service's answer to
 * your own credentials, not on the delivery.
 *
 * @example
 * ```ts
 * async function onEvent(event: ConfirmedWebhookEvent) {
 *   if (event.operation === 'DEPOSIT' && event.status === 'PAID') await markPaid(event.details.externalId);
 * }
 * ```
 */
export interface ConfirmedWebhookEvent {
  /** `WITHDRAW` or `DEPOSIT`. */
  readonly operation: WebhookOperation;
  /** The transaction's id (the delivery's `id`, the details' `_id`). */
  readonly id: string;
  /** The status the details endpoint reports, equal to the delivery's. */
  readonly status: TransactionStatus;
  /** The details endpoint's answer: amount, customer, `externalId`. */
  readonly details: TransactionDetails;
  /** The delivery as it arrived, checked by `parseWebhookPayload`. */
  readonly payload: WebhookPayload;
}

/**
 * Why the handler did not hand a delivery to `onEvent` after answering it, or what went wrong
 * when it did: the `reason` of {@link WebhookHandlerOptions.onError}.
 *
 * - `unconfirmed`: the details endpoint disagrees with the delivery (another customer or
 *   operation, or an earlier status than the delivery's): a forged or early delivery. `onEvent` is
 *   not called, and nothing is remembered: the genuine delivery, when it comes, is processed.
 * - `superseded`: the details endpoint already reports a later status than the delivery (a
 *   `PROCESSING` delivery for a transaction now `PAID`): the delivery arrived late. `onEvent`,
 *   which sees confirmed states only, is not called; the later status has a delivery of its own.
 * - `confirmation-failed`: the details could not be read (the service failed, or knows no such
 *   transaction). `onEvent` is not called; a later delivery of the same event is processed.
 * - `handler-failed`: `onEvent` threw. A later delivery of the same event is processed again.
 * - `store-failed`: the event store failed (Redis down). On a claim the delivery was answered 503;
 *   after `onEvent` the claim stays until its lease runs out, and `recover()` or a resend hands
 *   the event over again.
 *
 * @example
 * ```ts
 * const reason: WebhookFailureReason = 'superseded';
 * ```
 */
export type WebhookFailureReason =
  | 'unconfirmed'
  | 'superseded'
  | 'confirmation-failed'
  | 'handler-failed'
  | 'store-failed';

/**
 * What the handler needs of a {@link PaymentClient}: the two details calls.
 *
 * @example
 * ```ts
 * const confirming: WebhookHandlerClient = new PaymentClient({ baseUrl, email, password });
 * ```
 */
export interface WebhookHandlerClient {
  /** `client.withdrawals`. */
  readonly withdrawals: {
    /** The details of a withdrawal: `client.withdrawals.get(id)`. */
    get(id: string): Promise<TransactionDetails>;
  };
  /** `client.deposits`. */
  readonly deposits: {
    /** The details of a deposit: `client.deposits.get(id)`. */
    get(id: string): Promise<TransactionDetails>;
  };
}

/**
 * Options of {@link createWebhookHandler}. `client` and `onEvent` are required.
 *
 * @example
 * ```ts
 * const options: WebhookHandlerOptions = {
 *   client,
 *   onEvent: async (event) => orders.apply(event.details),
 *   senderAddress: (request) => request.headers.get('x-real-ip') ?? undefined, // your proxy's header
 *   onError: (error, reason, payload) => console.warn('webhook', reason, payload?.id, error),
 * };
 * ```
 */
export interface WebhookHandlerOptions {
  /** The client that confirms each delivery (`withdrawals.get` / `deposits.get`). */
  readonly client: WebhookHandlerClient;
  /**
   * Receives each confirmed event once per transaction id and status, after the 200 is sent, never
   * twice at once for one (id, status). A throw (or rejection) is reported to `onError` and
   * forgets the event, so that a resend of it is processed again. Across crashes delivery is at
   * least once (a process that dies while `onEvent` runs leaves the event to `recover()`): make
   * `onEvent` idempotent with a unique (id, status) row in the same transaction as its effect.
   */
  readonly onEvent: (event: ConfirmedWebhookEvent) => void | Promise<void>;
  /**
   * Where the handler records the events it processes: the default keeps them in this process's
   * memory (`rememberEvents` of them); a fleet of receivers shares one, such as `RedisWebhookStore`
   * from `pix-payment-sdk/redis`, or one of your own (see {@link WebhookEventStore}).
   * @default new InMemoryWebhookStore({ rememberEvents })
   */
  readonly store?: WebhookEventStore | undefined;
  /**
   * The account whose events these are, in the store's keys, so that handlers of several accounts
   * can share a store without taking over each other's events.
   * @default `client.account()`: the SHA-256 of the client's base URL and e-mail (`tokenAccount`); `'default'` for a client without it
   */
  readonly account?: string | undefined;
  /**
   * How many deliveries the handler reads, confirms and hands over at once; one more is answered
   * 503 with `Retry-After` before its body is read, so a flood costs neither details calls nor
   * memory beyond this.
   * @default 1_000
   */
  readonly maxInFlight?: number | undefined;
  /**
   * The sender's address, for the allowlist. A `Request` carries no peer address, so the handler
   * checks senders only when given this function: take the address from your server (Bun's
   * `server.requestIP(request)`, Deno's `info.remoteAddr`, Node's `socket.remoteAddress`) or from
   * a header that your own proxy sets, never one the caller can set. Without it, no sender check
   * is made, and the confirmation with the details endpoint alone keeps forged deliveries out.
   * @default no sender check
   */
  readonly senderAddress?: ((request: Request) => string | undefined) | undefined;
  /**
   * The addresses accepted when `senderAddress` is given; others get 403.
   * @default [PROVIDER_WEBHOOK_ADDRESS]
   */
  readonly allowedSenders?: ReadonlyArray<string> | undefined;
  /**
   * Bodies larger than this get 413.
   * @default 16_384
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * With the default store: how many handled (id, status) pairs the handler remembers to drop
   * repeated deliveries; the least recently seen are forgotten first. Deliveries not confirmed
   * never take their room. Refused with a {@link PaymentValidationError} when `store` is given
   * (set the bound on that store). This memory is per process and lost on restart: a fleet needs a
   * shared `store`.
   * @default 10_000
   */
  readonly rememberEvents?: number | undefined;
  /**
   * Receives what went wrong after the 200 was sent (see {@link WebhookFailureReason}).
   * @default logs a warning with `console.warn`
   */
  readonly onError?:
    | ((error: unknown, reason: WebhookFailureReason, payload: WebhookPayload) => void)
    | undefined;
}

/**
 * Lets the handler keep the runtime alive for the work it does after answering: Cloudflare
 * Workers' and Vercel's `ctx.waitUntil`. Elsewhere (Node.js, Bun, Deno) it is not needed.
 *
 * @example
 * ```ts
 * export default { fetch: (request: Request, env: unknown, ctx: WebhookRequestContext) => handler(request, ctx) };
 * ```
 */
export interface WebhookRequestContext {
  /** Keeps the runtime alive until `promise` settles. */
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * The handler {@link createWebhookHandler} returns: `(request) => Promise<Response>`, plus
 * `idle()` to wait for the work under way and `recover()` to hand over events whose process died.
 *
 * @example
 * ```ts
 * await handler.recover(); // at start-up: events a dead process claimed and never finished
 * const response = await handler(request);
 * await handler.idle(); // before shutting down: every confirmation and onEvent has finished
 * ```
 */
export interface WebhookHandler {
  (request: Request, context?: WebhookRequestContext): Promise<Response>;
  /**
   * Cloudflare Workers' `fetch(request, env, ctx)`, so that `export default { fetch: handler }`
   * works as it is: `env` is ignored, `ctx.waitUntil` keeps the worker alive for the confirmation.
   */
  (request: Request, env: unknown, context?: WebhookRequestContext): Promise<Response>;
  /** Resolves once every delivery answered so far is confirmed and handed over (or dropped). */
  idle(): Promise<void>;
  /**
   * Takes over the events of this account whose claim ran out unfinished (their process died, or
   * lost the store, between the 200 and `done`), confirms each again with the details endpoint
   * and hands it to `onEvent`, as a delivery would be. Run it at start-up, or on a timer (every
   * lease or so). Resolves with how many events it took over, once each is handed over or
   * dropped; rejects when the store cannot be read.
   */
  recover(): Promise<number>;
}

const DEFAULT_MAX_BODY_BYTES = 16_384;
const DEFAULT_MAX_IN_FLIGHT = 1_000;
// Seconds a sender is asked to wait before it delivers again (a busy handler, a store down).
const RETRY_AFTER_SECONDS = '5';
// How often a failed done or release is tried again, within the lease.
const STORE_RETRY_MS = 250;
// At most this many expired claims are taken over per store call in recover().
const RECOVER_BATCH = 100;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });

const unavailable = (body: string) => text(503, body, { 'retry-after': RETRY_AFTER_SECONDS });

// Node reports an IPv4 peer of a dual-stack socket as '::ffff:203.0.113.7'.
const plainAddress = (address: string) =>
  address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function isStore(value: unknown): value is WebhookEventStore {
  if (typeof value !== 'object' || value === null) return false;
  const methods = value as Record<string, unknown>;
  return ['claim', 'done', 'release', 'takeExpired'].every(
    (name) => typeof methods[name] === 'function',
  );
}

function checkOptions(options: WebhookHandlerOptions): void {
  const issues: Array<{ path: string[]; message: string }> = [];
  const client = options?.client as Partial<WebhookHandlerClient> | undefined;
  if (
    typeof client?.withdrawals?.get !== 'function' ||
    typeof client?.deposits?.get !== 'function'
  ) {
    issues.push({ path: ['client'], message: 'must be a PaymentClient' });
  }
  if (typeof options?.onEvent !== 'function') {
    issues.push({ path: ['onEvent'], message: 'must be a function' });
  }
  for (const name of ['senderAddress', 'onError'] as const) {
    const value = options?.[name];
    if (value !== undefined && typeof value !== 'function') {
      issues.push({ path: [name], message: 'must be a function' });
    }
  }
  const senders = options?.allowedSenders;
  if (
    senders !== undefined &&
    !(Array.isArray(senders) && senders.every((s) => typeof s === 'string' && s !== ''))
  ) {
    issues.push({ path: ['allowedSenders'], message: 'must be an array of addresses' });
  }
  for (const name of ['maxBodyBytes', 'rememberEvents', 'maxInFlight'] as const) {
    const value = options?.[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) {
      issues.push({ path: [name], message: 'must be a positive integer' });
    }
  }
  if (options?.store !== undefined && !isStore(options.store)) {
    issues.push({ path: ['store'], message: 'must be a WebhookEventStore' });
  }
  // A bound that would silently do nothing is refused: the given store keeps its own.
  if (options?.store !== undefined && options.rememberEvents !== undefined) {
    issues.push({
      path: ['rememberEvents'],
      message: 'applies to the default store only; set the bound on the store you pass',
    });
  }
  if (
    options?.account !== undefined &&
    (typeof options.account !== 'string' || options.account === '')
  ) {
    issues.push({ path: ['account'], message: 'must be a non-empty string' });
  }
  if (issues.length > 0)
    throw new PaymentValidationError(issues, 'Invalid webhook handler options');
}

/** `value` when it has a `waitUntil` method (a Workers or Vercel context), else `undefined`. */
const withWaitUntil = (value: unknown): WebhookRequestContext | undefined =>
  typeof (value as WebhookRequestContext | undefined)?.waitUntil === 'function'
    ? (value as WebhookRequestContext)
    : undefined;

// How far along its life a transaction is at each status, to tell a late delivery (the service is
// further along) from an early or forged one. A status not listed is never called late.
const STAGE: Readonly<Record<string, number>> = {
  PENDING: 0,
  WAITING_PAYMENT: 0,
  PROCESSING: 1,
  PAID: 2,
  ERROR: 2,
  REJECTED: 2,
  AWAITING_REFUND_CONTESTION: 3,
  AWAITING_BANK_VEREDICT: 4,
  EXPIRED_DISPUTE: 5,
  REFUND_CANCELED: 5,
  REFUND_APPROVED: 5,
};

// The status of the side of the transaction the delivery speaks of: a Pix delivery (with `type`)
// of `currency`; a crypto one (USDT, conversions: no `type`) of `cryptocurrency`, or of `currency`
// when the details have no crypto side.
function confirmedStatus(
  payload: WebhookPayload,
  details: TransactionDetails,
): TransactionStatus | undefined {
  const side = isCryptoTransaction(payload)
    ? (details.cryptocurrency ?? details.currency)
    : details.currency;
  return side?.status;
}

/** Why the details do not confirm the delivery, and whether the delivery is merely late. */
function disagreement(
  payload: WebhookPayload,
  details: TransactionDetails,
): { readonly message: string; readonly late: boolean } | undefined {
  const refused = (message: string) => ({ message, late: false });
  if (details._id !== payload.id) return refused('the details are of another transaction');
  if (details.customerId !== payload.customerId) return refused('the customer differs');
  const status = confirmedStatus(payload, details);
  if (status === undefined) return refused('the details have no Pix side');
  if (status === payload.status) return undefined;
  const now = STAGE[status];
  const announced = STAGE[payload.status];
  return {
    message: `the service says ${status}, the delivery ${payload.status}`,
    late: now !== undefined && announced !== undefined && now > announced,
  };
}

/** The account of a `PaymentClient` (`client.account()`), else `'default'`. */
async function accountOf(client: WebhookHandlerClient): Promise<string> {
  const { account } = client as { account?: unknown };
  if (typeof account !== 'function') return 'default';
  try {
    const named: unknown = await account.call(client);
    return typeof named === 'string' && named !== '' ? named : 'default';
  } catch {
    return 'default';
  }
}

/**
 * A webhook receiver for the web-standard `Request`: `(request) => Promise<Response>`, for Hono,
 * Next.js route handlers, Bun, Deno and Workers as it is, and for `node:http`, Express and
 * Fastify through {@link toNodeListener} and {@link toFastifyHandler}. For each delivery it:
 *
 * 1. accepts only `POST` (405), from an allowed sender when `senderAddress` is given (403), with a
 *    body up to `maxBodyBytes` (413), read whole (400 when the sender hangs up mid-body), that
 *    `parseWebhookPayload` accepts (400);
 *    refuses (400) an operation it cannot confirm, and answers 503 with `Retry-After` while
 *    `maxInFlight` deliveries are under way;
 * 2. claims the (id, status) pair in its `store`, then answers 200 at once, as the provider asks;
 *    a pair already handled (a resend, a retry) is answered 200 and dropped, one another process
 *    is handling now is answered 503 with `Retry-After`;
 * 3. reads the details endpoint with your credentials (deliveries are not signed) and hands the
 *    event to `onEvent` only when the service confirms its id, customer and status; anything else
 *    goes to `onError`, never to `onEvent`, and is forgotten, so a later genuine delivery counts.
 *
 * With a shared store (`RedisWebhookStore`) a fleet of receivers hands each (id, status) to
 * `onEvent` once, and `handler.recover()` hands over what a process that died left unfinished.
 *
 * In Workers, `export default { fetch: handler }` hands the handler the request's context, and the
 * runtime waits for the confirmation; elsewhere pass it yourself: `handler(request, ctx)`.
 *
 * @throws `PaymentValidationError` for a bad option.
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { createWebhookHandler, PaymentClient } from 'pix-payment-sdk';
 *
 * const client = new PaymentClient({ baseUrl, email, password });
 * const handler = createWebhookHandler({
 *   client,
 *   onEvent: async ({ operation, status, details }) => {
 *     if (operation === 'DEPOSIT' && status === 'PAID') await orders.markPaid(details.externalId);
 *   },
 * });
 * const app = new Hono();
 * app.post('/webhooks/pix', (c) => handler(c.req.raw));
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkOptions(options);
  const { client, onEvent, senderAddress } = options;
  const allowed = new Set((options.allowedSenders ?? [PROVIDER_WEBHOOK_ADDRESS]).map(plainAddress));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const store =
    options.store ?? new InMemoryWebhookStore({ rememberEvents: options.rememberEvents });
  // Computed at the first delivery, not here: a Worker's global scope may not use Web Crypto.
  let accountPromise: Promise<string> | undefined;
  const account = () =>
    (accountPromise ??=
      options.account === undefined ? accountOf(client) : Promise.resolve(options.account));
  const pending = new Set<Promise<void>>();
  // Deliveries being read, claimed, confirmed or handed over now.
  let inFlight = 0;
  const report =
    options.onError ??
    ((error: unknown, reason: WebhookFailureReason, payload: WebhookPayload) =>
      console.warn(
        `pix-payment-sdk: webhook ${payload.operation} ${payload.id} ${payload.status} not handled (${reason}):`,
        error,
      ));
  const safeReport = (error: unknown, reason: WebhookFailureReason, payload: WebhookPayload) => {
    try {
      report(error, reason, payload);
    } catch {
      // A failing reporter must not fail the handler.
    }
  };

  /**
   * Runs `done` or `release` on the store, trying again for up to a lease while the store fails
   * (Redis restarting), so that an event handed over is marked done before anyone may take it
   * over. A step that still fails is reported, never thrown: the claim then runs out, and the
   * event is handed over again (by `recover()` or a resend), not lost.
   */
  async function storeStep(payload: WebhookPayload, step: () => Promise<unknown>): Promise<void> {
    const tries = Math.max(1, Math.floor((store.leaseMs ?? 0) / STORE_RETRY_MS));
    for (let attempt = 1; ; attempt++) {
      try {
        await step();
        return;
      } catch (error) {
        if (attempt >= tries) {
          safeReport(error, 'store-failed', payload);
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, STORE_RETRY_MS));
    }
  }

  /** Keeps the claim alive while the event is confirmed and handed over. */
  function keepClaim(key: WebhookEventKey, token: string): () => void {
    const { leaseMs } = store;
    if (store.renew === undefined || leaseMs === undefined) return () => undefined;
    const timer = setInterval(
      () => void store.renew?.(key, token).catch(() => undefined),
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    (timer as { unref?: () => void }).unref?.();
    return () => clearInterval(timer);
  }

  /** Confirms a claimed delivery and hands it to `onEvent`; marks it done, or releases it. */
  async function settle(payload: WebhookPayload, key: WebhookEventKey, token: string) {
    const stop = keepClaim(key, token);
    const giveBack = async (error: unknown, reason: WebhookFailureReason) => {
      await storeStep(payload, () => store.release(key, token));
      safeReport(error, reason, payload);
    };
    try {
      let details: TransactionDetails;
      try {
        details =
          payload.operation === 'DEPOSIT'
            ? await client.deposits.get(payload.id)
            : await client.withdrawals.get(payload.id);
      } catch (error) {
        await giveBack(error, 'confirmation-failed');
        return;
      }
      let differs: ReturnType<typeof disagreement>;
      try {
        differs = disagreement(payload, details);
      } catch (error) {
        // A custom client's odd answer.
        await giveBack(error, 'confirmation-failed');
        return;
      }
      if (differs !== undefined) {
        const reason = differs.late ? 'superseded' : 'unconfirmed';
        await giveBack(new Error(`webhook not confirmed: ${differs.message}`), reason);
        return;
      }
      try {
        await onEvent({
          operation: payload.operation,
          id: payload.id,
          status: payload.status, // equal to the details' own, checked above
          details,
          payload,
        });
      } catch (error) {
        await giveBack(error, 'handler-failed');
        return;
      }
      await storeStep(payload, () => store.done(key, token));
    } finally {
      stop();
    }
  }

  /** Runs `settle` in the background, counted by `idle()` and kept alive by `waitUntil`. */
  function start(
    payload: WebhookPayload,
    key: WebhookEventKey,
    token: string,
    context?: WebhookRequestContext,
  ): Promise<void> {
    const work = settle(payload, key, token).finally(() => {
      inFlight--;
      pending.delete(work);
    });
    pending.add(work);
    context?.waitUntil?.(work);
    return work;
  }

  const keyOf = async (payload: WebhookPayload): Promise<WebhookEventKey> => ({
    account: await account(),
    operation: payload.operation,
    id: payload.id,
    status: payload.status,
  });

  /** From a delivery that is read and checked to its answer; `inFlight` is counted for it. */
  async function accept(payload: WebhookPayload, context?: WebhookRequestContext) {
    const key = await keyOf(payload);
    let claim: Awaited<ReturnType<WebhookEventStore['claim']>>;
    try {
      claim = await store.claim(key, JSON.stringify(payload));
    } catch (error) {
      inFlight--;
      safeReport(error, 'store-failed', payload);
      return unavailable('Service Unavailable: the webhook event store failed');
    }
    if (claim.outcome !== 'claimed') {
      inFlight--;
      // Another process confirms this event now: if it fails, the sender delivers again.
      if (claim.outcome === 'busy') return unavailable('Service Unavailable: already in progress');
      return text(200, 'OK');
    }
    void start(payload, key, claim.token, context);
    return text(200, 'OK');
  }

  const handler = async (request: Request, second?: unknown, third?: unknown) => {
    const context = withWaitUntil(third) ?? withWaitUntil(second);
    if (request.method !== 'POST') return text(405, 'Method Not Allowed', { allow: 'POST' });
    if (senderAddress !== undefined) {
      const from = senderAddress(request);
      if (from === undefined || !allowed.has(plainAddress(from))) return text(403, 'Forbidden');
    }
    if (inFlight >= maxInFlight) return unavailable('Service Unavailable: too many deliveries');
    inFlight++;
    let handedOn = false;
    try {
      let body: Uint8Array | undefined;
      try {
        body = await readRequestUpTo(request, maxBodyBytes);
      } catch {
        // The sender hung up mid-body: nothing to confirm, and no failure of ours to report.
        return text(400, 'Bad Request: the body could not be read');
      }
      if (body === undefined) return text(413, 'Payload Too Large');
      let payload: WebhookPayload;
      try {
        payload = parseWebhookPayload(body);
      } catch (error) {
        const issues = error instanceof PaymentValidationError ? error.issues : [];
        return text(
          400,
          `Invalid webhook payload: ${issues.map((i) => `${i.path.join('.') || '(body)'} ${i.message}`).join('; ')}`,
        );
      }
      if (payload.operation !== 'DEPOSIT' && payload.operation !== 'WITHDRAW') {
        return text(400, 'Invalid webhook payload: operation must be DEPOSIT or WITHDRAW');
      }
      handedOn = true;
      return await accept(payload, context);
    } finally {
      if (!handedOn) inFlight--;
    }
  };

  async function recover(): Promise<number> {
    const owner = await account();
    let taken = 0;
    for (;;) {
      const room = Math.min(RECOVER_BATCH, maxInFlight - inFlight);
      if (room <= 0) {
        // Wait for room: a delivery under way to finish (or one being read to be claimed).
        await Promise.race([...pending, new Promise((resolve) => setTimeout(resolve, 50))]);
        continue;
      }
      const expired = await store.takeExpired(owner, room);
      const work: Array<Promise<void>> = [];
      for (const { token, payload: stored } of expired) {
        let payload: WebhookPayload;
        try {
          payload = parseWebhookPayload(stored);
        } catch {
          continue; // Not a delivery this handler stored: left to expire in the store.
        }
        inFlight++;
        work.push(start(payload, await keyOf(payload), token));
      }
      taken += expired.length;
      await Promise.all(work);
      if (expired.length < room) return taken;
    }
  }

  return Object.assign(handler, {
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    recover,
  });
}
