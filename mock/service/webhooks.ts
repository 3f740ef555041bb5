import type { WebhookPayload } from 'pix-payment-sdk';
import { readUpTo } from '../../src/seam/body.js';

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
  /** What set it off: a resend operation or `settle`. */
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
  readonly #pending = new Set<Promise<WebhookDelivery>>();
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
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new TypeError(`webhook URL must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`webhook URL must be http or https, got ${parsed.protocol}`);
  }
  return url;
}
