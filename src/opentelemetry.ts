import type { HookCall, PaymentHooks } from './core/observe.js';
import { throwIfIssues } from './core/options.js';

/** The value of a span attribute. */
export type SpanAttributeValue = string | number | boolean | string[];

/**
 * The part of an OpenTelemetry `Span` (`@opentelemetry/api`) that {@link openTelemetryHooks}
 * uses. Written out here so that the package never imports `@opentelemetry/api`.
 *
 * @example
 * ```ts
 * const span: OpenTelemetrySpan = trace.getTracer('pix-payment-sdk').startSpan('probe');
 * ```
 */
export interface OpenTelemetrySpan {
  /** Sets attributes; later values replace earlier ones. */
  setAttributes(attributes: Record<string, SpanAttributeValue>): unknown;
  /** Adds a timed event with attributes. */
  addEvent(name: string, attributes?: Record<string, SpanAttributeValue>): unknown;
  /** Sets the span's status; `2` is `SpanStatusCode.ERROR`. */
  setStatus(status: { code: number; message?: string }): unknown;
  /** `false` for a span that no SDK records (no SDK registered, or not sampled). */
  isRecording(): boolean;
  /** Ends the span. */
  end(): void;
}

/**
 * The part of an OpenTelemetry `Tracer` (`@opentelemetry/api`) that {@link openTelemetryHooks}
 * uses: `trace.getTracer(name, version)` returns one.
 *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 * const tracer: OpenTelemetryTracer = trace.getTracer('pix-payment-sdk', VERSION);
 * ```
 */
export interface OpenTelemetryTracer {
  /** Starts a span, a child of the active one. */
  startSpan(
    name: string,
    options?: {
      kind?: number;
      startTime?: number;
      attributes?: Record<string, SpanAttributeValue>;
    },
  ): OpenTelemetrySpan;
}

// `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of `@opentelemetry/api`, fixed by its 1.x API.
const CLIENT = 2;
const ERROR = 2;
// The span of a call no SDK records: nothing more is done for it.
const IGNORED = false;

function startSpan(tracer: OpenTelemetryTracer, event: HookCall): OpenTelemetrySpan | false {
  const url = new URL(event.url);
  const span = tracer.startSpan(`${event.method} ${event.pathTemplate}`, {
    kind: CLIENT,
    startTime: event.startTime,
    attributes: {
      'http.request.method': event.method,
      'url.template': event.pathTemplate,
      'url.full': event.url,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    },
  });
  if (span.isRecording()) return span;
  span.end();
  return IGNORED;
}

// What an answer or a call adds to its span or event: status, request id and failure.
function outcome(
  status: number | undefined,
  requestId: string | undefined,
  errorType: string | undefined,
): Record<string, SpanAttributeValue> {
  const attributes: Record<string, SpanAttributeValue> = {};
  if (status !== undefined) attributes['http.response.status_code'] = status;
  if (requestId !== undefined) attributes['http.response.header.x-request-id'] = [requestId];
  if (errorType !== undefined) attributes['error.type'] = errorType;
  return attributes;
}

/**
 * Hooks that trace the client's calls with OpenTelemetry: one span per call (kind `CLIENT`, named
 * `{method} {url.template}`, such as `GET /withdraw/{id}/details`), a child of the span active
 * when the call started, with each attempt as a span event named `attempt`; the login is a span
 * of its own. Attributes follow the semantic conventions of HTTP client spans:
 * `http.request.method`, `url.template`, `url.full` (the base URL and path: no credentials, no
 * query), `server.address`, `server.port`, `http.response.status_code`,
 * `http.request.resend_count` (retries, when there were any), `error.type` (the status of an error
 * answer, or the error's class name, or `aborted`) and `http.response.header.x-request-id`. A
 * failed call's span has status `ERROR`. No header, body, token or password is recorded, and no
 * exception event (its message may quote the service).
 *
 * Pass a tracer from `@opentelemetry/api` (an optional peer dependency: the package itself never
 * imports it); anything without `startSpan` is a {@link PaymentValidationError}. A tracer of the global provider records nothing until an OpenTelemetry SDK is
 * registered, and then the hooks only start and end a span that records nothing.
 *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 * import { openTelemetryHooks, PaymentClient, VERSION } from 'pix-payment-sdk';
 *
 * const client = new PaymentClient({
 *   baseUrl, email, password,
 *   hooks: openTelemetryHooks(trace.getTracer('pix-payment-sdk', VERSION)),
 * });
 * ```
 */
export function openTelemetryHooks(tracer: OpenTelemetryTracer): PaymentHooks {
  if (typeof tracer?.startSpan !== 'function') {
    throwIfIssues(
      [
        {
          path: ['tracer'],
          message: "must be an OpenTelemetry Tracer, such as trace.getTracer('pix-payment-sdk')",
        },
      ],
      'Invalid openTelemetryHooks tracer',
    );
  }
  const spans = new WeakMap<object, OpenTelemetrySpan | false>();
  const spanOf = (event: HookCall): OpenTelemetrySpan | false => {
    let span = spans.get(event.call);
    if (span === undefined) {
      span = startSpan(tracer, event);
      spans.set(event.call, span);
    }
    return span;
  };
  return {
    onRequest: spanOf,
    onResponse(event) {
      const span = spanOf(event);
      if (span === IGNORED) return;
      span.addEvent('attempt', {
        'http.request.resend_count': event.attempt - 1,
        'pix_payment.attempt.duration_ms': event.durationMs,
        ...outcome(
          event.status,
          event.requestId,
          event.error ??
            (event.status !== undefined && event.status >= 400 ? String(event.status) : undefined),
        ),
      });
    },
    onCallEnd(event) {
      const span = spanOf(event);
      spans.delete(event.call);
      if (span === IGNORED) return;
      const attributes = outcome(event.status, event.requestId, event.errorType);
      if (event.attempts > 1) attributes['http.request.resend_count'] = event.attempts - 1;
      span.setAttributes(attributes);
      if (event.errorType !== undefined) span.setStatus({ code: ERROR });
      span.end();
    },
  };
}
