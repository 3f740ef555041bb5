// OpenTelemetry spans of the client's calls against the mock served over real HTTP on 127.0.0.1,
// recorded by the SDK's in-memory exporter.
import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { openTelemetryHooks, PaymentClient, PaymentTimeoutError, VERSION } from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';

const EMAIL = 'finance@merchant.example';
const PASSWORD = 'pa55-Word-never-shown';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0, credentials: { email: EMAIL, password: PASSWORD } });
});
afterAll(() => running?.close());

const client = () =>
  new PaymentClient({
    baseUrl: running.url,
    email: EMAIL,
    password: PASSWORD,
    hooks: openTelemetryHooks(provider.getTracer('pix-payment-sdk', VERSION)),
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
  });

const spans = () => exporter.getFinishedSpans();

it('names the server by address and port, and the URL without credentials or query', async () => {
  exporter.reset();
  await client().deposits.listCurrencies();
  const { port, hostname } = new URL(running.url);
  const [login, call] = spans();
  expect(login?.name).toBe('POST /auth/token');
  expect(login?.attributes['http.response.status_code']).toBe(200);
  expect(call?.name).toBe('GET /deposit/company/currencies');
  expect(call?.attributes).toEqual({
    'http.request.method': 'GET',
    'url.template': '/deposit/company/currencies',
    'url.full': `${running.url.replace(/\/$/, '')}/deposit/company/currencies`,
    'server.address': hostname,
    'server.port': Number(port),
    'http.response.status_code': 200,
  });
});

it('a call whose every attempt times out: one ERROR span, one event per attempt', async () => {
  const payments = client();
  await payments.getToken();
  exporter.reset();
  running.mock.faults.inject({
    method: 'GET',
    path: '/deposit/company/currencies',
    delayMs: 2_000,
    times: 2,
  });
  const error = await rejectionOf(
    payments.deposits.listCurrencies({ timeoutMs: 50, maxRetries: 1 }),
  );
  expect(error).toBeInstanceOf(PaymentTimeoutError);
  const [span] = spans();
  expect(spans()).toHaveLength(1);
  expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  expect(span?.attributes).toMatchObject({
    'error.type': 'PaymentTimeoutError',
    'http.request.resend_count': 1,
  });
  expect(span?.events.map((event) => event.attributes?.['error.type'])).toEqual([
    'PaymentTimeoutError',
    'PaymentTimeoutError',
  ]);
});
