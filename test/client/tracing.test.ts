// OpenTelemetry spans of the client's calls (`openTelemetryHooks`), recorded by the SDK's in-memory
// exporter, against the mock through MSW (over real HTTP: tracing-real-http.test.ts); and the client entry bundled for the
// web with `@opentelemetry/api` out of reach.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import {
  type Context,
  type ContextManager,
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { build } from 'esbuild';
import {
  type OpenTelemetrySpan,
  type OpenTelemetryTracer,
  openTelemetryHooks,
  PaymentValidationError,
  VERSION,
} from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, EMAIL, PASSWORD, useMockService } from '../support/client-mock-service.js';
import { makeClient as baseClient, rejectionOf } from '../support/client-setup.js';

const service = useMockService();
const CURRENCIES = '/withdraw/company/currencies';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('pix-payment-sdk', VERSION);
afterEach(() => exporter.reset());

const makeClient = () =>
  baseClient({ fetch: service.fetch, hooks: openTelemetryHooks(tracer), maxRetries: 2 });

const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
const spanNamed = (name: string): ReadableSpan => {
  const found = spans().filter((span) => span.name === name);
  expect(found).toHaveLength(1);
  return found[0] as ReadableSpan;
};

describe('openTelemetryHooks', () => {
  it('records one CLIENT span per call, named by method and path template, with the HTTP semantic-convention attributes', async () => {
    const { withdrawalId } = await service.arrange();
    await makeClient().withdrawals.get(withdrawalId);

    expect(spans().map((span) => span.name)).toEqual([
      'POST /auth/token',
      'GET /withdraw/{id}/details',
    ]);
    const span = spanNamed('GET /withdraw/{id}/details');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.instrumentationScope).toMatchObject({ name: 'pix-payment-sdk', version: VERSION });
    expect(span.attributes).toEqual({
      'http.request.method': 'GET',
      'url.template': '/withdraw/{id}/details',
      'url.full': `${BASE_URL}/withdraw/${withdrawalId}/details`,
      'server.address': 'api.pix.test',
      'server.port': 443,
      'http.response.status_code': 200,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        'attempt',
        {
          'http.request.resend_count': 0,
          'http.response.status_code': 200,
          'pix_payment.attempt.duration_ms': expect.any(Number),
        },
      ],
    ]);
  });

  it('records each attempt of a retried call as an event of its one span', async () => {
    const client = makeClient();
    await client.getToken();
    service.mock.faults.inject({
      method: 'GET',
      path: CURRENCIES,
      status: 503,
      headers: { 'x-request-id': 'gw-503' },
    });
    await client.withdrawals.listCurrencies();

    const span = spanNamed(`GET ${CURRENCIES}`);
    expect(span.events.map((event) => event.attributes)).toEqual([
      {
        'http.request.resend_count': 0,
        'http.response.status_code': 503,
        'http.response.header.x-request-id': ['gw-503'],
        'error.type': '503',
        'pix_payment.attempt.duration_ms': expect.any(Number),
      },
      {
        'http.request.resend_count': 1,
        'http.response.status_code': 200,
        'pix_payment.attempt.duration_ms': expect.any(Number),
      },
    ]);
    expect(span.attributes['http.request.resend_count']).toBe(1);
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failed call ERROR with its error.type: the status, or the error class without an answer', async () => {
    const client = makeClient();
    await rejectionOf(client.withdrawals.get('missing'));
    service.mock.faults.inject({
      method: 'GET',
      path: CURRENCIES,
      networkError: true,
      times: Number.POSITIVE_INFINITY,
    });
    await rejectionOf(client.withdrawals.listCurrencies({ maxRetries: 1 }));

    const missing = spanNamed('GET /withdraw/{id}/details');
    expect(missing.status.code).toBe(SpanStatusCode.ERROR);
    expect(missing.attributes).toMatchObject({
      'http.response.status_code': 404,
      'error.type': '404',
    });
    const unreachable = spanNamed(`GET ${CURRENCIES}`);
    expect(unreachable.status.code).toBe(SpanStatusCode.ERROR);
    expect(unreachable.attributes['error.type']).toBe('PaymentConnectionError');
    expect(unreachable.attributes['http.response.status_code']).toBeUndefined();
    expect(unreachable.attributes['http.request.resend_count']).toBe(1);
    expect(unreachable.events.map((event) => event.attributes?.['error.type'])).toEqual([
      'PaymentConnectionError',
      'PaymentConnectionError',
    ]);
  });

  it('records no header, password, token or body, and no exception message', async () => {
    const { customerId } = await service.arrange();
    const client = makeClient();
    await client.customers.get(customerId);
    await rejectionOf(client.customers.get('missing'));
    const text = JSON.stringify(
      spans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
      })),
    );
    expect(service.issuedTokens.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, EMAIL, ...service.issuedTokens]) {
      expect(text).not.toContain(secret);
    }
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text).not.toContain(service.mock.customers.seeded.name);
    expect(spans().flatMap((span) => span.events.map((event) => event.name))).not.toContain(
      'exception',
    );
  });

  describe('with a context manager', () => {
    // The part of @opentelemetry/context-async-hooks a test needs: the active context follows
    // the async flow.
    const storage = new AsyncLocalStorage<Context>();
    const manager: ContextManager = {
      active: () => storage.getStore() ?? ROOT_CONTEXT,
      with: (active, run, self, ...args) => storage.run(active, () => run.apply(self, args)),
      bind: (_, target) => target,
      enable() {
        return this;
      },
      disable() {
        storage.disable();
        return this;
      },
    };
    beforeAll(() => {
      context.setGlobalContextManager(manager);
    });
    afterAll(() => {
      context.disable();
    });

    it("nests each call's span under the span active when it was made", async () => {
      const client = makeClient();
      const checkout = await tracer.startActiveSpan('checkout', async (span) => {
        await client.withdrawals.listCurrencies();
        span.end();
        return span.spanContext();
      });
      const call = spanNamed(`GET ${CURRENCIES}`);
      expect(call.spanContext().traceId).toBe(checkout.traceId);
      expect(call.parentSpanContext?.spanId).toBe(checkout.spanId);
      // The login the call waited for is a span of its own in the same trace.
      expect(spanNamed('POST /auth/token').spanContext().traceId).toBe(checkout.traceId);
    });
  });

  it('refuses anything that is no tracer, at once', () => {
    for (const wrong of [undefined, trace, {}]) {
      expect(() => openTelemetryHooks(wrong as unknown as OpenTelemetryTracer)).toThrow(
        PaymentValidationError,
      );
    }
  });

  it('with no SDK registered, records nothing and only starts and ends spans that record nothing', async () => {
    const calls: string[] = [];
    // The global API's tracer, with no SDK behind it, wrapped to see what the hooks ask of it.
    const global = trace.getTracer('pix-payment-sdk', VERSION);
    const watched: OpenTelemetryTracer = {
      startSpan(name, options) {
        calls.push('startSpan');
        const span = global.startSpan(name, options);
        const seen: OpenTelemetrySpan = {
          setAttributes: (attributes) =>
            calls.push('setAttributes') && span.setAttributes(attributes),
          addEvent: (event, attributes) =>
            calls.push('addEvent') && span.addEvent(event, attributes),
          setStatus: (status) => calls.push('setStatus') && span.setStatus(status),
          isRecording: () => span.isRecording(),
          end: () => {
            calls.push('end');
            span.end();
          },
        };
        return seen;
      },
    };
    const client = baseClient({ hooks: openTelemetryHooks(watched) });
    await expect(client.withdrawals.listCurrencies()).resolves.toBeInstanceOf(Array);
    expect(calls).toEqual(['startSpan', 'end', 'startSpan', 'end']);
    expect(spans()).toEqual([]);
  });
});

describe('without @opentelemetry/api', () => {
  it('the client entry bundles for the web without resolving it', async () => {
    const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
    const asked: string[] = [];
    const result = await build({
      stdin: {
        contents: `export { PaymentClient, openTelemetryHooks } from ${JSON.stringify(entry)};`,
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      conditions: ['worker', 'browser'],
      logLevel: 'silent',
      plugins: [
        {
          name: 'no-opentelemetry',
          setup(bundler) {
            bundler.onResolve({ filter: /^@opentelemetry\// }, (args) => {
              asked.push(args.path);
              return { errors: [{ text: `${args.path} is not installed` }] };
            });
          },
        },
      ],
    });
    expect(asked).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.outputFiles.map((file) => file.text).join('')).not.toContain('@opentelemetry');
  });
});
