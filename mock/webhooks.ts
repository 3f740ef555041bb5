import type { WebhookPayload } from 'pix-payment-sdk';

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
  /** The receiver answered, but not 2xx. */
  | 'rejected'
  /** No answer: connection refused, reset, DNS failure… */
  | 'failed'
  /** No answer within `webhookTimeoutMs`. */
  | 'timeout'
  /** No callback URL was set, so nothing was sent. */
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
 * Sends webhook notifications over real HTTP and journals them, for every account (each
 * delivery goes to the URL of the account it is for).
 *
 * @internal
 */
export class WebhookDispatcher {
  #deliveries: WebhookDelivery[] = [];
  readonly #pending = new Set<Promise<WebhookDelivery>>();
  #next = 1;

  constructor(
    readonly timeoutMs: number,
    private readonly nowIso: () => string,
  ) {}

  get deliveries(): ReadonlyArray<WebhookDelivery> {
    return [...this.#deliveries];
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

  async #send(record: WebhookDelivery): Promise<WebhookDelivery> {
    if (record.url === null) {
      record.outcome = 'skipped';
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
        },
        body: JSON.stringify(record.payload),
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      record.outcome = response.ok ? 'delivered' : 'rejected';
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
