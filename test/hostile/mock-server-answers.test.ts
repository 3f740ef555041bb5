// The HTTP server answers from Node's request and writes the router's answer straight to the
// socket, with no Fetch `Request` or `Response` in between; `mock.fetch` goes through both. The
// two must stay indistinguishable to a caller: same status, same bytes, same headers that matter,
// same journal, for ordinary requests and for the odd ones (duplicate headers, header names in
// any case, paths the URL parser rewrites, bodies on a GET, bad bytes then good ones).
import { request as httpRequest } from 'node:http';
import {
  createPaymentServiceMock,
  type JournalEntry,
  type PaymentServiceMock,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface Exchange {
  readonly method: string;
  readonly path: string;
  /** Header name and value pairs, sent in this order (a name may repeat). */
  readonly headers?: ReadonlyArray<readonly [string, string]>;
  readonly body?: string | Uint8Array<ArrayBuffer>;
}

interface Seen {
  readonly status: number;
  readonly text: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

// The headers the service's callers read; the server adds its own (date, keep-alive) besides.
const COMPARED = ['content-type', 'content-length', 'x-mock-reason', 'retry-after', 'x-fault'];

function pick(get: (name: string) => string | null | undefined): Seen['headers'] {
  return Object.fromEntries(COMPARED.map((name) => [name, get(name) ?? undefined]));
}

function overHttp(url: string, exchange: Exchange): Promise<Seen> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method: exchange.method,
        path: exchange.path,
        // A flat list keeps repeated names and their spelling as given (and sets no Host).
        headers: [
          ['host', `${hostname}:${port}`],
          ...(exchange.headers ?? []),
          ...(exchange.body === undefined
            ? []
            : [['content-length', String(Buffer.byteLength(exchange.body))]]),
        ].flat() as string[],
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const value = (name: string) => {
            const header = res.headers[name];
            return Array.isArray(header) ? header.join(', ') : header;
          };
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: pick(value),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(exchange.body);
  });
}

async function overFetch(mock: PaymentServiceMock, exchange: Exchange): Promise<Seen> {
  const headers = new Headers();
  for (const [name, value] of exchange.headers ?? []) headers.append(name, value);
  const response = await mock.fetch(`${mock.baseUrl}${exchange.path}`, {
    method: exchange.method,
    headers,
    ...(exchange.body === undefined || exchange.method === 'GET' || exchange.method === 'HEAD'
      ? {}
      : { body: exchange.body }),
  });
  return {
    status: response.status,
    text: await response.text(),
    headers: pick((name) => response.headers.get(name)),
  };
}

let server: RunningMockServer;
let local: PaymentServiceMock;
beforeEach(async () => {
  // Same seed, frozen clock: both mocks make the same ids, so their answers match byte for byte.
  server = await startMockServer({ port: 0, seed: 42 });
  local = createPaymentServiceMock({ seed: 42 });
});
afterEach(() => server.close());

/** Sends each exchange to both, in order, and returns what each saw. */
async function both(exchanges: ReadonlyArray<(tokens: Tokens) => Exchange>) {
  const tokens = {
    http: await server.mock.auth.issueToken(),
    local: await local.auth.issueToken(),
  };
  const http: Seen[] = [];
  const fetched: Seen[] = [];
  for (const make of exchanges) {
    http.push(await overHttp(server.url, make({ token: tokens.http, seen: http })));
    fetched.push(await overFetch(local, make({ token: tokens.local, seen: fetched })));
  }
  // A reason may name the base URL, which differs: the rest must not.
  for (const seen of fetched) {
    const reason = seen.headers['x-mock-reason'];
    if (reason !== undefined) {
      (seen.headers as Record<string, string>)['x-mock-reason'] = reason.replace(
        local.baseUrl,
        server.url,
      );
    }
  }
  return { http, fetched };
}

interface Tokens {
  readonly token: string;
  /** What this transport answered so far. */
  readonly seen: ReadonlyArray<Seen>;
}

const bearer = (token: string) => ['authorization', `Bearer ${token}`] as const;
const json = ['content-type', 'application/json'] as const;

describe('the HTTP server answers as mock.fetch does', () => {
  it('service answers, refusals and injected faults: same status, bytes and headers', async () => {
    const customerId = server.mock.customers.seeded._id;
    expect(local.customers.seeded._id).toBe(customerId);
    const listed = await local.fetch(`${local.baseUrl}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${await local.auth.issueToken()}` },
    });
    const [currency] = (await listed.json()) as unknown[];
    local.reset();
    for (const mock of [server.mock, local]) {
      mock.faults.inject({
        method: 'GET',
        path: '/deposit/company/currencies',
        status: 429,
        headers: { 'Retry-After': '  7 ', 'X-Fault': 'yes' },
        body: { message: 'Limite excedido ção' },
      });
      mock.faults.inject({ method: 'GET', path: '/customer/nobody', status: 204 });
    }
    // The Pix key as the add (the fourth exchange) answered it.
    const withdrawal = ({ token, seen }: Tokens, externalId: string): Exchange => ({
      method: 'POST',
      path: '/withdraw',
      headers: [bearer(token), json],
      body: JSON.stringify({
        amount: 1.5,
        customerId,
        currency,
        pixKey: (JSON.parse(seen[3]?.text ?? '{}') as { key?: unknown }).key,
        externalId,
      }),
    });
    const { http, fetched } = await both([
      ({ token }) => ({
        method: 'GET',
        path: '/withdraw/company/currencies',
        headers: [bearer(token)],
      }),
      ({ token }) => ({
        method: 'GET',
        path: '/withdraw/company/currencies/',
        headers: [bearer(token)],
      }),
      () => ({ method: 'GET', path: '/withdraw/company/currencies' }),
      ({ token }) => ({
        method: 'POST',
        path: `/pix/customer/${customerId}/key`,
        headers: [bearer(token), json],
        body: JSON.stringify({ type: 'EMAIL', key: 'payee@example.com' }),
      }),
      (tokens) => withdrawal(tokens, 'same-1'),
      (tokens) => withdrawal(tokens, 'same-1'),
      ({ token }) => ({
        method: 'POST',
        path: '/customer',
        headers: [bearer(token), json],
        body: '{"name": "Cliente ção", "document": "52998224725", "email": "c@example.com"',
      }),
      ({ token }) => ({ method: 'GET', path: '/no/such/route', headers: [bearer(token)] }),
      ({ token }) => ({ method: 'DELETE', path: '/withdraw', headers: [bearer(token)] }),
      ({ token }) => ({
        method: 'GET',
        path: '/deposit/company/currencies',
        headers: [bearer(token)],
      }),
      ({ token }) => ({ method: 'GET', path: '/customer/nobody', headers: [bearer(token)] }),
      ({ token }) => ({
        method: 'HEAD',
        path: '/withdraw/company/currencies',
        headers: [bearer(token)],
      }),
    ]);
    expect(http).toEqual(fetched);
    // What the comparison covered: a 200 list, 401, 201 twice (one withdrawal), 400, 404, the
    // fault's 429 with its own headers (names lower-cased, values trimmed) and a 204.
    expect(http.map((seen) => seen.status)).toEqual([
      200, 200, 401, 201, 201, 201, 400, 404, 404, 429, 204, 404,
    ]);
    expect(http[4]?.text).toBe(http[5]?.text);
    expect(http[9]?.headers).toMatchObject({ 'retry-after': '7', 'x-fault': 'yes' });
    expect(Buffer.byteLength(http[9]?.text ?? '')).toBe(Number(http[9]?.headers['content-length']));
    expect(http[10]).toMatchObject({ text: '', headers: { 'content-length': undefined } });
    // HEAD is no operation of the service; its answer has headers only.
    expect(http[11]?.text).toBe('');
    expect(server.mock.withdrawals.list()).toHaveLength(1);
    // The journals agree too (ids, operations, statuses, bodies), but for the caller's address
    // and the base URL a reason names.
    const strip = (entries: ReadonlyArray<JournalEntry>, baseUrl: string) =>
      entries.map(({ callerIp: _ip, ...rest }) =>
        JSON.parse(JSON.stringify(rest).replaceAll(baseUrl, '<base>')),
      );
    expect(strip(server.mock.requests, server.url)).toEqual(strip(local.requests, local.baseUrl));
  });

  it('a repeated Authorization header is joined as Headers joins it, so it is refused', async () => {
    const expired = await server.mock.auth.issueToken();
    const { http, fetched } = await both([
      ({ token }) => ({
        method: 'GET',
        path: '/withdraw/company/currencies',
        headers: [bearer(token), bearer(expired)],
      }),
      ({ token }) => ({
        method: 'GET',
        path: '/withdraw/company/currencies',
        headers: [['AUTHORIZATION', `Bearer ${token}`]],
      }),
    ]);
    expect(http.map((seen) => seen.status)).toEqual([401, 200]);
    expect(fetched.map((seen) => seen.status)).toEqual([401, 200]);
    expect(server.mock.requests[0]?.authFailure).toBe('Authorization is not "Bearer <token>"');
  });

  it('paths the URL parser rewrites are routed as the parser reads them; a // target is 400', async () => {
    const token = await server.mock.auth.issueToken();
    const get = (path: string) =>
      overHttp(server.url, { method: 'GET', path, headers: [bearer(token)] });
    expect((await get('/withdraw/x/../company/currencies')).status).toBe(200);
    // Segments are decoded when matched; the journal keeps the path as the parser gave it.
    expect((await get('/withdraw/company/%63urrencies')).status).toBe(200);
    expect((await get('/withdraw/company/currencies?a=1&b=%20')).status).toBe(200);
    expect((await get('//withdraw/company/currencies')).status).toBe(400);
    const paths = server.mock.requests.map((entry) => [entry.path, entry.query, entry.status]);
    expect(paths).toEqual([
      ['/withdraw/company/currencies', '', 200],
      ['/withdraw/company/%63urrencies', '', 200],
      ['/withdraw/company/currencies', '?a=1&b=%20', 200],
    ]);
  });

  it('a body on a GET is not the service’s: not read as one, not journaled', async () => {
    const token = await server.mock.auth.issueToken();
    const answer = await overHttp(server.url, {
      method: 'GET',
      path: '/withdraw/company/currencies',
      headers: [bearer(token), json],
      body: '{"amount": 1}',
    });
    expect(answer.status).toBe(200);
    expect(server.mock.requests[0]).not.toHaveProperty('bodyBytes');
  });

  it('a body that is not UTF-8 is 400, and the next good body is read as usual', async () => {
    const token = await server.mock.auth.issueToken();
    const post = (body: Uint8Array<ArrayBuffer> | string) =>
      overHttp(server.url, {
        method: 'POST',
        path: '/customer',
        headers: [bearer(token), json],
        body,
      });
    const bad = await post(new Uint8Array([0x7b, 0x22, 0xe2, 0x82]));
    expect(bad.status).toBe(400);
    expect(bad.headers['x-mock-reason']).toBe('body is not valid UTF-8');
    const good = await post(
      JSON.stringify({ name: 'Cliente', document: '52998224725', email: 'c@example.com' }),
    );
    expect(good.status).toBe(201);
  });
});
