import {
  createPaymentServiceMock,
  type FaultSpec,
  InvalidFaultError,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawJson, rawRequest } from '../support/raw-http.js';

// Faults come from whoever can reach the control routes: a pattern must not be able to freeze
// the server, and a fault that could not make a well-formed answer is refused when injected
// (400 with the reason, or an InvalidFaultError), never turned into a 500 or a broken answer.

let running: RunningMockServer;
let token: string;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 8 });
});
afterAll(() => running.close());
beforeEach(async () => {
  running.mock.reset();
  token = await running.mock.auth.issueToken();
});

const inject = (fault: unknown) => rawJson(running.url, 'POST', '/__mock/faults', fault);
const faultsInForce = async () => (await rawRequest(running.url, 'GET', '/__mock/faults')).json;
const currencies = () =>
  rawRequest(running.url, 'GET', '/withdraw/company/currencies', {
    authorization: `Bearer ${token}`,
  });

describe('fault path patterns cannot freeze the server', () => {
  it('a catastrophic regular expression is refused; a 30-character path and other clients are answered', async () => {
    const refused = await inject({ pathPattern: '^/(a+)+$', status: 500, times: 'Infinity' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ detail: expect.stringContaining('pathPattern') });
    expect(await faultsInForce()).toEqual([]);
    const [hostile, other] = await Promise.all([
      rawRequest(running.url, 'GET', `/${'a'.repeat(29)}!`),
      currencies(),
    ]);
    expect(hostile.status).toBe(404);
    expect(other.status).toBe(200);
  });

  it('a pattern of many wildcards against a path of thousands of segments is answered', async () => {
    const pattern = `/${Array.from({ length: 31 }, () => '*').join('/')}/b`;
    expect((await inject({ pathPattern: pattern, status: 503, times: 'Infinity' })).status).toBe(
      201,
    );
    const path = `/${Array.from({ length: 3000 }, () => 'a').join('/')}`;
    const [hostile, other] = await Promise.all([
      rawRequest(running.url, 'GET', path),
      rawRequest(running.url, 'GET', '/openapi.json'),
    ]);
    expect(hostile.status).toBe(404);
    expect(other.status).toBe(200);
    expect((await rawRequest(running.url, 'GET', `${path}/b`)).status).toBe(503);
  });

  it(':name matches one segment, * one or more, literals exactly', async () => {
    const cases: Array<[string, string, boolean]> = [
      ['/withdraw/:id/details', '/withdraw/abc/details', true],
      ['/withdraw/:id/details', '/withdraw//details', false],
      ['/withdraw/:id/details', '/withdraw/abc/resend/webhook', false],
      ['/pix/*', '/pix/customer/c1/key', true],
      ['/pix/*', '/pix/', true],
      ['/pix/*', '/pix', false],
      ['/*/currencies', '/withdraw/company/currencies', true],
      ['/*/currencies', '/currencies', false],
      ['/deposit', '/deposit/', false],
    ];
    for (const [pathPattern, path, hit] of cases) {
      const mock = createPaymentServiceMock();
      mock.faults.inject({ pathPattern, status: 503 });
      const response = await mock.fetch(`${mock.baseUrl}${path}`);
      expect(response.status === 503, `${pathPattern} against ${path}`).toBe(hit);
    }
  });

  it('patterns that are not path patterns are refused with the reason', async () => {
    for (const pathPattern of [
      'currencies$',
      '/(a+)+',
      '/a{2}',
      '/:',
      '/:1d',
      '/:id/:id',
      '/a b',
    ]) {
      const answer = await inject({ pathPattern, status: 500 });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ detail: expect.stringContaining('pathPattern') });
    }
    expect((await inject({ path: '/deposit', pathPattern: '/deposit' })).status).toBe(400);
    expect(await faultsInForce()).toEqual([]);
  });
});

describe('faults are validated when injected', () => {
  const refusedOverHttp: Array<[string, Record<string, unknown>]> = [
    ['headers', { headers: { 'x-broken': 'a\r\nset-cookie: stolen=1' } }],
    ['headers', { headers: { 'x-broken': 'a\nb' } }],
    ['headers', { headers: { 'bad name': '1' } }],
    ['headers', { headers: { 'x-a\r\nx-b': '1' } }],
    ['headers', { headers: { 'Transfer-Encoding': 'chunked' } }],
    ['headers', { headers: { 'content-length': '0' } }],
    ['headers', { headers: { Connection: 'keep-alive' } }],
    ['headers', { headers: { 'keep-alive': 'timeout=5' } }],
    ['headers', { headers: { upgrade: 'websocket' } }],
    ['headers', { headers: { te: 'trailers' } }],
    ['headers', { headers: { trailer: 'x' } }],
    ['headers', { headers: { 'proxy-connection': 'close' } }],
    ['headers', { headers: { 'retry-after': 1 } }],
    ['headers', { headers: ['retry-after', '1'] }],
    ['status', { status: 99 }],
    ['status', { status: 600 }],
    ['status', { status: 101 }],
    ['status', { status: 500.5 }],
    ['status', { status: '500' }],
    ['body', { status: 204, body: { message: 'x' } }],
    ['body', { status: 304, malformedBody: true }],
    ['delayMs', { delayMs: 1e12 }],
    ['delayMs', { delayMs: -1 }],
    ['method', { method: 'GET\r\nX: y' }],
    ['times', { times: 0 }],
    ['phase', { phase: 'later' }],
    ['path', { path: 'withdraw' }],
    ['networkError', { networkError: 'yes' }],
    ['staus', { staus: 500 }],
  ];

  it.each(refusedOverHttp)(
    'POST /__mock/faults: a bad %s is 400 naming it, and no fault is kept',
    async (field, fault) => {
      const answer = await inject({ path: '/withdraw/company/currencies', ...fault });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        message: 'Bad Request',
        detail: expect.stringContaining(field),
      });
      expect(await faultsInForce()).toEqual([]);
      expect((await currencies()).status).toBe(200);
    },
  );

  it('mock.faults.inject throws an InvalidFaultError naming the field; the faults stay as they were', async () => {
    const mock = running.mock;
    mock.faults.inject({ path: '/deposit/company/currencies', status: 503, times: Infinity });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const refused: Array<[string, FaultSpec]> = [
      ['body', { body: 10n }],
      ['body', { body: { amount: 1n } }],
      ['body', { body: cycle }],
      ['body', { body: () => 'x' }],
      ['body', { body: Symbol('x') }],
      [
        'body',
        {
          body: {
            toJSON: () => {
              throw new Error('no');
            },
          },
        },
      ],
      ['headers', { headers: { 'x-a': 'line\r\nbreak' } }],
      ['headers', { headers: { 'x-a': 'nul\u0000' } }],
      ['headers', { headers: { 'x-a': 'euro €' } }],
      ['headers', { headers: { 'Content-Length': '5' } }],
      ['headers', { headers: { 'retry-after': '1', 'Retry-After': '2' } }],
      ['status', { status: 1000 }],
      ['pathPattern', { pathPattern: '^/(a+)+$' }],
      ['pathPattern', { path: '/a', pathPattern: '/a' }],
    ];
    for (const [field, spec] of refused) {
      let thrown: unknown;
      try {
        mock.faults.inject({ path: '/withdraw/company/currencies', ...spec });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidFaultError);
      expect(thrown).toBeInstanceOf(TypeError);
      expect(thrown).toMatchObject({ name: 'InvalidFaultError', field });
    }
    expect(await faultsInForce()).toEqual([
      expect.objectContaining({ path: '/deposit/company/currencies', status: 503 }),
    ]);
    expect((await currencies()).status).toBe(200);
  });

  it('what is accepted answers well-formed: a header replaces the default, 204 has no body', async () => {
    const body = { message: 'slow down', retry: [1, 2] };
    running.mock.faults.inject({
      path: '/withdraw/company/currencies',
      status: 429,
      body,
      headers: { 'Retry-After': '1', 'Content-Type': 'application/problem+json' },
    });
    body.message = 'changed after injection';
    const limited = await currencies();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.headers['content-type']).toBe('application/problem+json');
    expect(limited.json).toEqual({ message: 'slow down', retry: [1, 2] });
    expect((await inject({ path: '/withdraw/company/currencies', status: 204 })).status).toBe(201);
    const empty = await currencies();
    expect(empty.status).toBe(204);
    expect(empty.text).toBe('');
  });
});
