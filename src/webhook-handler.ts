import { PaymentValidationError } from './errors.js';
import type { TransactionDetails, TransactionStatus } from './models/transactions.js';
import {
  isCryptoTransaction,
  type WebhookOperation,
  type WebhookPayload,
} from './models/webhooks.js';
import { parseWebhookPayload } from './resources/webhooks.js';
import { readRequestUpTo } from './seam/body.js';

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
 * - `unconfirmed`: the details endpoint disagrees with the delivery (another status, customer
 *   or operation): a stale delivery, or a forged one. `onEvent` is not called.
 * - `confirmation-failed`: the details could not be read (the service failed, or knows no such
 *   transaction). `onEvent` is not called; a later delivery of the same event is processed.
 * - `handler-failed`: `onEvent` threw. A later delivery of the same event is processed again.
 *
 * @example
 * ```ts
 * const reason: WebhookFailureReason = 'unconfirmed';
 * ```
 */
export type WebhookFailureReason = 'unconfirmed' | 'confirmation-failed' | 'handler-failed';

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
   * Receives each confirmed event once per transaction id and status, after the 200 is sent.
   * A throw (or rejection) is reported to `onError` and forgets the event, so that a resend of
   * it is processed again.
   */
  readonly onEvent: (event: ConfirmedWebhookEvent) => void | Promise<void>;
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
   * How many (id, status) pairs the handler remembers to drop repeated deliveries; the least
   * recently seen are forgotten first. Keep your own unique (id, status) record too: this memory
   * is per process and lost on restart.
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
 * `idle()` to wait for the work under way.
 *
 * @example
 * ```ts
 * const response = await handler(request);
 * await handler.idle(); // before shutting down: every confirmation and onEvent has finished
 * ```
 */
export interface WebhookHandler {
  (request: Request, context?: WebhookRequestContext): Promise<Response>;
  /** Resolves once every delivery answered so far is confirmed and handed over (or dropped). */
  idle(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 16_384;
const DEFAULT_REMEMBER = 10_000;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });

// Node reports an IPv4 peer of a dual-stack socket as '::ffff:203.0.113.7'.
const plainAddress = (address: string) =>
  address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

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
  for (const name of ['maxBodyBytes', 'rememberEvents'] as const) {
    const value = options?.[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) {
      issues.push({ path: [name], message: 'must be a positive integer' });
    }
  }
  if (issues.length > 0)
    throw new PaymentValidationError(issues, 'Invalid webhook handler options');
}

/** A set that forgets its least recently seen entries past `capacity`. */
class RecentKeys {
  readonly #keys = new Set<string>();
  constructor(readonly capacity: number) {}

  /** Adds `key`; `false` when it was there already (it is then the most recent). */
  add(key: string): boolean {
    const fresh = !this.#keys.delete(key);
    this.#keys.add(key);
    if (this.#keys.size > this.capacity) {
      this.#keys.delete(this.#keys.values().next().value as string);
    }
    return fresh;
  }

  delete(key: string): void {
    this.#keys.delete(key);
  }
}

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

function disagreement(payload: WebhookPayload, details: TransactionDetails): string | undefined {
  if (details._id !== payload.id) return 'the details are of another transaction';
  if (details.customerId !== payload.customerId) return 'the customer differs';
  const status = confirmedStatus(payload, details);
  if (status === undefined) return 'the details have no Pix side';
  if (status !== payload.status) {
    return `the service says ${status}, the delivery ${payload.status}`;
  }
  return undefined;
}

/**
 * A webhook receiver for the web-standard `Request`: `(request) => Promise<Response>`, for Hono,
 * Next.js route handlers, Bun, Deno and Workers as it is, and for Express and Fastify through a
 * line each (see the webhooks guide). For each delivery it:
 *
 * 1. accepts only `POST` (405), from an allowed sender when `senderAddress` is given (403), with a
 *    body up to `maxBodyBytes` (413) that `parseWebhookPayload` accepts (400);
 * 2. answers 200 at once, as the provider asks, and drops a repeat of an (id, status) pair it has
 *    seen (a resend, a retry);
 * 3. reads the details endpoint with your credentials (deliveries are not signed) and hands the
 *    event to `onEvent` only when the service confirms its id, customer and status; anything else
 *    goes to `onError`, never to `onEvent`.
 *
 * In Workers, pass the request's context so the runtime waits for the confirmation:
 * `handler(request, ctx)`.
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
  const seen = new RecentKeys(options.rememberEvents ?? DEFAULT_REMEMBER);
  const pending = new Set<Promise<void>>();
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

  async function confirm(payload: WebhookPayload, key: string): Promise<void> {
    if (payload.operation !== 'DEPOSIT' && payload.operation !== 'WITHDRAW') {
      safeReport(new Error('webhook not confirmed: unknown operation'), 'unconfirmed', payload);
      return;
    }
    let details: TransactionDetails;
    try {
      details =
        payload.operation === 'DEPOSIT'
          ? await client.deposits.get(payload.id)
          : await client.withdrawals.get(payload.id);
    } catch (error) {
      seen.delete(key);
      safeReport(error, 'confirmation-failed', payload);
      return;
    }
    const differs = disagreement(payload, details);
    if (differs !== undefined) {
      safeReport(new Error(`webhook not confirmed: ${differs}`), 'unconfirmed', payload);
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
      seen.delete(key);
      safeReport(error, 'handler-failed', payload);
    }
  }

  const handler = async (request: Request, context?: WebhookRequestContext) => {
    if (request.method !== 'POST') return text(405, 'Method Not Allowed', { allow: 'POST' });
    if (senderAddress !== undefined) {
      const from = senderAddress(request);
      if (from === undefined || !allowed.has(plainAddress(from))) return text(403, 'Forbidden');
    }
    const body = await readRequestUpTo(request, maxBodyBytes);
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
    const key = `${payload.operation}:${payload.id}:${payload.status}`;
    if (seen.add(key)) {
      // confirm() reports its own failures; this catches what a custom client's odd answer throws.
      const work = confirm(payload, key).catch((error: unknown) => {
        seen.delete(key);
        safeReport(error, 'confirmation-failed', payload);
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
      context?.waitUntil?.(work);
    }
    return text(200, 'OK');
  };

  return Object.assign(handler, {
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  });
}
