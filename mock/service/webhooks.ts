import { TRANSACTION_STATUSES, type WebhookPayload } from 'pix-payment-sdk';
import { readUpTo } from '../../src/seam/body.js';
import { quoted } from './control-refusal.js';

/**
 * How a webhook delivery ended.
 *
 * @example
 * ```ts
 * const failed = mock.webhooks.deliveries.filter((d) => d.outcome !== 'delivered');
 * ```
 */
export type WebhookOutcome =
  /** Still in flight. */
  | 'pending'
  /** The receiver answered 2xx. */
  | 'delivered'
  /** The receiver answered, but not 2xx (a redirect included: it is never followed). */
  | 'rejected'
  /** No answer: connection refused, reset, DNS failure… */
  | 'failed'
  /** No answer within `webhookTimeoutMs`. */
  | 'timeout'
  /**
   * Nothing was sent: no callback URL was set, or it points at this mock itself (`error` says
   * so), where a delivery could set off another one.
   */
  | 'skipped';

/**
 * One webhook delivery the mock tried, journaled in `mock.webhooks.deliveries`.
 *
 * @example
 * ```ts
 * await mock.withdrawals.settle(id, 'PAID');
 * const [delivery] = mock.webhooks.deliveries;
 * delivery.outcome; // 'delivered'
 * delivery.payload.status; // 'PAID'
 * ```
 */
export interface WebhookDelivery {
  /** Sequence number within the mock, from 1. */
  readonly id: number;
  /** Where it was sent; `null` when no URL was set (`outcome: 'skipped'`). */
  readonly url: string | null;
  /**
   * The id of the account whose transaction it is: the main account's (the `sub` of its tokens)
   * or a sub-account's, each delivered to its own URL.
   */
  readonly account: string;
  /**
   * What set it off: a resend operation, or `settle` for every status change of a control
   * (`settle`, `deposits.pay`, each step of `deposits.dispute`).
   */
  readonly trigger: 'resend' | 'settle';
  /** The JSON body sent (per the provider's public docs). */
  readonly payload: WebhookPayload;
  /** Mock-clock time the delivery started, ISO 8601 UTC. */
  readonly time: string;
  /** How it ended. */
  outcome: WebhookOutcome;
  /** The receiver's status code, where it answered. */
  status?: number;
  /** Why it failed, where it did. */
  error?: string;
  /** Real time the delivery took, in milliseconds (not the mock clock). */
  durationMs?: number;
}

/**
 * What a webhook body is written from: one transaction at one status.
 *
 * @internal
 */
export interface WebhookPayloadSource {
  readonly id: string;
  readonly customerId: string;
  readonly status: string;
  readonly operation: 'WITHDRAW' | 'DEPOSIT';
  /** `BRL`, or `USDT` for a crypto operation. */
  readonly name: string;
  /** `PIX` for a Pix operation; `undefined` for a crypto one. */
  readonly type?: string | undefined;
  readonly amount: number;
  readonly externalId?: string | undefined;
}

/**
 * The JSON body the service POSTs for a transaction (per the provider's public docs): `id`, not
 * `_id`; `type` only on a Pix operation; `externalId` only when the transaction has one. The
 * mock's own deliveries and {@link testWebhookDeliveries} are both written by it.
 *
 * @internal
 */
export function webhookPayloadOf(source: WebhookPayloadSource): WebhookPayload {
  return {
    id: source.id,
    customerId: source.customerId,
    status: source.status,
    name: source.name,
    ...(source.type !== undefined ? { type: source.type } : {}),
    amount: source.amount,
    operation: source.operation,
    ...(source.externalId !== undefined ? { externalId: source.externalId } : {}),
  };
}

/**
 * What {@link testWebhookDeliveries} writes into every delivery; each field has a default.
 *
 * @example
 * ```ts
 * const options: TestWebhookDeliveryOptions = { id: withdrawalId, customerId, externalId: 'order-42', amount: 10.5 };
 * ```
 */
export interface TestWebhookDeliveryOptions {
  /** The transaction's id (`id` in the body). Default: `'676071f1a2b3c4d5e6f70819'`. */
  readonly id?: string | undefined;
  /** The customer's `_id`. Default: `'6760700ca2b3c4d5e6f70820'`. */
  readonly customerId?: string | undefined;
  /** Your reference, in every delivery. Default: none (the field is left out, as the service does). */
  readonly externalId?: string | undefined;
  /** The amount of the Pix deliveries, in BRL. Default: `10.5`. */
  readonly amount?: number | undefined;
  /** The amount of the crypto deliveries, in USDT. Default: `0.332`. */
  readonly cryptoAmount?: number | undefined;
}

/**
 * One delivery built by {@link testWebhookDeliveries}: a body as the service sends it, and the
 * request that carries it.
 *
 * @example
 * ```ts
 * const [delivery] = testWebhookDeliveries();
 * delivery.name; // 'Pix withdrawal PENDING'
 * const response = await handler(delivery.request('https://shop.example/webhooks/pix'));
 * ```
 */
export interface TestWebhookDelivery {
  /** What it is, for a test's title: `Pix` or `crypto`, `withdrawal` or `deposit`, the status. */
  readonly name: string;
  /** The JSON body, as the service sends it. */
  readonly payload: WebhookPayload;
  /**
   * A new `Request` as the service delivers it to `url`: `POST`, `Content-Type: application/json`,
   * the payload as its body. Hand it to a `(request: Request) => Promise<Response>` receiver, or to
   * `fetch` to reach one over HTTP.
   */
  request(url: string | URL): Request;
}

const CRYPTO_NAME = 'USDT';

/**
 * Every webhook delivery the provider documents, for a merchant's own receiver tests: a Pix
 * delivery (`name: 'BRL'`, `type: 'PIX'`) and a crypto one (`name: 'USDT'`, no `type`), of a
 * withdrawal and of a deposit, at each status (`TRANSACTION_STATUSES`, the dispute statuses
 * included), with `id`, not `_id`. The bodies are the ones the mock's own deliveries are written
 * by. No network, no mock needed; deliveries are not signed, so a receiver must confirm each one
 * with the details endpoint (the mock answers those for transactions it holds).
 *
 * @throws `TypeError` for an id that is not a non-empty string or an amount that is not a finite,
 * non-negative number.
 *
 * @example
 * ```ts
 * import { testWebhookDeliveries } from 'pix-payment-sdk/mock';
 *
 * for (const delivery of testWebhookDeliveries({ externalId: 'order-42' })) {
 *   it(`answers 200 at once to ${delivery.name}`, async () => {
 *     const response = await app.fetch(delivery.request('http://localhost/webhooks/pix'));
 *     expect(response.status).toBe(200);
 *   });
 * }
 * ```
 */
export function testWebhookDeliveries(
  options: TestWebhookDeliveryOptions = {},
): TestWebhookDelivery[] {
  const text = (name: keyof TestWebhookDeliveryOptions, fallback: string | undefined) => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`testWebhookDeliveries: ${name} must be a non-empty string`);
    }
    return value;
  };
  const number = (name: 'amount' | 'cryptoAmount', fallback: number) => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TypeError(`testWebhookDeliveries: ${name} must be a finite, non-negative number`);
    }
    return value;
  };
  const common = {
    id: text('id', '676071f1a2b3c4d5e6f70819') as string,
    customerId: text('customerId', '6760700ca2b3c4d5e6f70820') as string,
    externalId: text('externalId', undefined),
  };
  const kinds = [
    { label: 'Pix', name: 'BRL', type: 'PIX', amount: number('amount', 10.5) },
    { label: 'crypto', name: CRYPTO_NAME, type: undefined, amount: number('cryptoAmount', 0.332) },
  ];
  const operations = [
    ['withdrawal', 'WITHDRAW'],
    ['deposit', 'DEPOSIT'],
  ] as const;
  return kinds.flatMap((kind) =>
    operations.flatMap(([label, operation]) =>
      TRANSACTION_STATUSES.map((status): TestWebhookDelivery => {
        const payload = webhookPayloadOf({ ...common, ...kind, status, operation });
        return {
          name: `${kind.label} ${label} ${status}`,
          payload,
          request: (url) =>
            new Request(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(payload),
            }),
        };
      }),
    ),
  );
}

/**
 * The header every delivery carries. A mock server refuses any request with it, so a delivery
 * can never reach a mock (this one or another) and set off a delivery of its own.
 *
 * @internal
 */
export const DELIVERY_HEADER = 'x-pix-payment-mock-delivery';

/**
 * A web page (the mock under `setupWorker`) leaves the marker out: a custom header makes the
 * browser ask the receiver's CORS permission first, which receivers allowing only `content-type`
 * refuse, and a page is never a mock server that a delivery could loop through.
 */
const IN_A_PAGE = typeof (globalThis as { document?: unknown }).document !== 'undefined';

/**
 * How much of a receiver's answer body a delivery reads; the rest is cancelled unread.
 *
 * @internal
 */
export const RECEIVER_BODY_LIMIT = 64 * 1024;

export { MAX_TIMER_MS } from '../../src/seam/limits.js';

/** The first path segment of the mock's control routes. */
const CONTROL_PREFIX = '/__mock';

/**
 * Sends webhook notifications over real HTTP and journals them, for every account (each
 * delivery goes to the URL of the account it is for), at most `logLimit` of them (the oldest
 * dropped first).
 *
 * @internal
 */
export class WebhookDispatcher {
  #deliveries: WebhookDelivery[] = [];
  readonly #pending = new Set<Promise<unknown>>();
  /** Tests of whether a URL points at this mock: one for each server serving it. */
  readonly #self: Array<(url: URL) => boolean> = [];
  #next = 1;

  constructor(
    readonly timeoutMs: number,
    private readonly nowIso: () => string,
    private readonly logLimit = 10_000,
  ) {}

  get deliveries(): ReadonlyArray<WebhookDelivery> {
    return [...this.#deliveries];
  }

  /**
   * A webhook URL as it may be set: an absolute http(s) URL (see {@link checkUrl}) that does not
   * lead back into a mock, or `null`; a `TypeError` otherwise.
   */
  check(url: string | null): string | null {
    const checked = checkUrl(url);
    const loop = this.#loopReason(checked);
    if (loop !== undefined) throw new TypeError(`webhook URL refused: ${loop}`);
    return checked;
  }

  /**
   * Adds a test of whether a URL points at this mock (a server that serves it). Throws a
   * `TypeError` when one of `urls` (those set now, and those a reset returns to) already does.
   * Returns the function that removes the test again (the server has stopped).
   */
  addSelf(test: (url: URL) => boolean, urls: Iterable<string | null>): () => void {
    const remove = () => {
      const at = this.#self.indexOf(test);
      if (at >= 0) this.#self.splice(at, 1);
    };
    this.#self.push(test);
    for (const url of urls) {
      const loop = this.#loopReason(url);
      if (loop !== undefined) {
        remove();
        throw new TypeError(`webhook URL refused: ${loop}`);
      }
    }
    return remove;
  }

  reset(): void {
    this.#deliveries = [];
    this.#next = 1;
  }

  /** Starts a delivery to `target.url`; the promise settles when it has ended, and never rejects. */
  deliver(
    payload: WebhookPayload,
    trigger: WebhookDelivery['trigger'],
    target: { readonly url: string | null; readonly account: string },
  ): Promise<WebhookDelivery> {
    const record: WebhookDelivery = {
      id: this.#next++,
      url: target.url,
      account: target.account,
      trigger,
      payload,
      time: this.nowIso(),
      outcome: 'pending',
    };
    this.#deliveries.push(record);
    if (this.#deliveries.length > this.logLimit) {
      this.#deliveries.splice(0, this.#deliveries.length - this.logLimit);
    }
    const promise = this.#send(record);
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise));
    return promise;
  }

  /**
   * Counts `running` (steps that send webhooks one after another, on the mock clock) as a
   * delivery under way until it ends, so that `flush()` waits for it too.
   */
  track(running: Promise<unknown>): void {
    this.#pending.add(running);
    void running.finally(() => this.#pending.delete(running)).catch(() => undefined);
  }

  /** Waits until every delivery started so far (and any they start) has ended. */
  async flush(): Promise<ReadonlyArray<WebhookDelivery>> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    return this.deliveries;
  }

  /** Why a delivery to `url` could loop back into a mock; `undefined` when it cannot. */
  #loopReason(url: string | null): string | undefined {
    if (url === null) return undefined;
    const parsed = new URL(url);
    const path = parsed.pathname;
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      return `${path} is a control route of a mock (a delivery there could set off another)`;
    }
    if (this.#self.some((test) => test(parsed))) {
      return `${parsed.origin} is this mock itself (a delivery there could set off another)`;
    }
    return undefined;
  }

  async #send(record: WebhookDelivery): Promise<WebhookDelivery> {
    if (record.url === null) {
      record.outcome = 'skipped';
      return record;
    }
    // A URL set before a server started serving this mock may point at it now.
    const loop = this.#loopReason(record.url);
    if (loop !== undefined) {
      record.outcome = 'skipped';
      record.error = `not sent: ${loop}`;
      return record;
    }
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      // `accept: msw/passthrough` is the marker msw's bypass() sets (msw 2 and 3): MSW lets the
      // request through to the network even while setupServer/setupWorker patch fetch, since the
      // receiver is real. Set here directly, so deliveries never need msw installed.
      const response = await fetch(record.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'pix-payment-mock',
          accept: 'msw/passthrough',
          ...(IN_A_PAGE ? {} : { [DELIVERY_HEADER]: String(record.id) }),
        },
        body: JSON.stringify(record.payload),
        // A redirect is the receiver's answer: the payload never goes to another address.
        redirect: 'manual',
        signal: controller.signal,
      });
      // Only a bounded part of the answer is read; an endless one is cancelled.
      await readUpTo(response.body, RECEIVER_BODY_LIMIT).catch(() => undefined);
      record.status = response.status;
      record.outcome = response.ok ? 'delivered' : 'rejected';
      if (response.status >= 300 && response.status < 400) {
        record.error = `the receiver answered a redirect (${response.status}), which is not followed`;
      }
    } catch (error) {
      record.outcome = controller.signal.aborted ? 'timeout' : 'failed';
      record.error = controller.signal.aborted
        ? `no answer within ${this.timeoutMs} ms`
        : describeError(error);
    } finally {
      clearTimeout(timer);
      record.durationMs = Math.round(performance.now() - started);
    }
    return record;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * An absolute http(s) URL or `null`.
 *
 * @internal
 */
export function checkUrl(url: string | null): string | null {
  if (url === null) return null;
  if (typeof url !== 'string') {
    throw new TypeError(`webhook URL must be a string or null, got ${typeof url}`);
  }
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new TypeError(`webhook URL must be an absolute http(s) URL, got ${quoted(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`webhook URL must be http or https, got ${parsed.protocol}`);
  }
  return url;
}
