import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from '../support/raw-http.js';

// The mock server runs behind port mappings (`docker run -p 8080:4010`), reverse proxies that
// drop the port, and raw clients that leave it out. A DNS-rebinding page always makes the browser
// send a domain name, so the Host rule checks names, never ports. And a request refused before
// its body is read gets one answer and a closed connection: its unread bytes never become a
// second request.

let running: RunningMockServer;
let port: number;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 18 });
  port = Number(new URL(running.url).port);
});
afterAll(() => running.close());
beforeEach(() => running.mock.reset());

/** One raw GET with exactly this Host header; the connection closes after the answer. */
function getWithHost(host: string, idleMs?: number) {
  return rawExchange(
    port,
    `GET /__mock/clock HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    idleMs,
  );
}

describe('Host: addresses and loopback names on any port, other names only when allowed', () => {
  it('2,000 concurrent raw requests with Host: 127.0.0.1 (no port) or a mapped port all answer 200', async () => {
    const hosts = ['127.0.0.1', '127.0.0.1:8080', `127.0.0.1:${port + 1}`, '[::1]:8080'];
    const answers = await Promise.all(
      // A long wait for each answer: a loaded machine may be slow, and this is no timing test.
      Array.from({ length: 2000 }, (_, i) => getWithHost(hosts[i % hosts.length] ?? '', 60_000)),
    );
    const statuses = answers.map((answer) => answer.statuses.join(','));
    expect(statuses.filter((status) => status !== '200')).toEqual([]);
  }, 180_000);

  it('a proxy that sends Host without a port, and loopback names on another port, are answered', async () => {
    for (const host of [
      'localhost',
      'localhost:8080',
      'mock.localhost:8080',
      'LOCALHOST:3000',
      '[::1]',
      '10.0.0.7:8080',
      '192.0.2.10',
    ]) {
      const answer = await getWithHost(host);
      expect(answer.statuses, host).toEqual([200]);
    }
  });

  it('a domain name is still refused (DNS rebinding), with or without the server port', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      'localhost.evil.example',
      '127.0.0.1.nip.io:8080',
      'mock:8080',
    ]) {
      const answer = await rawRequest(running.url, 'GET', '/__mock/state', { host });
      expect(answer.status, host).toBe(403);
      expect(answer.text).not.toContain(running.mock.credentials.password);
    }
    expect(running.mock.requests).toEqual([]);
  });

  it('allowedHosts adds domain names, on any port and without one', async () => {
    const named = await startMockServer({ port: 0, allowedHosts: ['payments-mock'] });
    try {
      const namedPort = Number(new URL(named.url).port);
      for (const host of ['payments-mock', 'payments-mock:8080', 'Payments-Mock:4010']) {
        const answer = await rawExchange(
          namedPort,
          `GET /__mock/clock HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.statuses, host).toEqual([200]);
      }
      const other = await rawRequest(named.url, 'GET', '/__mock/clock', { host: 'other:8080' });
      expect(other.status).toBe(403);
    } finally {
      await named.close();
    }
  });

  it('a Host that is not a host is refused', async () => {
    for (const host of ['127.0.0.1:99999', 'a b', 'user@127.0.0.1', '127.0.0.1:80:80']) {
      const answer = await rawRequest(running.url, 'GET', '/__mock/clock', { host });
      expect(answer.status, host).toBe(403);
    }
  });
});

describe('an early refusal answers once and closes the connection', () => {
  /** A whole second request, sent as the body (or the trailing bytes) of the refused one. */
  const smuggled = () =>
    `POST /__mock/customers HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{"name":"Eve"}`;

  it('403 (foreign Host), 401 (no control token) and 415 (not JSON): one response, then close', async () => {
    const guarded = await startMockServer({ port: 0, controlToken: 'tok-18-abc' });
    const guardedPort = Number(new URL(guarded.url).port);
    try {
      const inner = smuggled();
      const cases: Array<[number, number, string]> = [
        [port, 403, 'GET /__mock/state HTTP/1.1\r\nHost: evil.example'],
        [guardedPort, 401, `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1:${guardedPort}`],
        [
          port,
          415,
          `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain`,
        ],
      ];
      for (const [target, status, head] of cases) {
        for (const framing of [
          `Content-Length: ${inner.length}\r\n\r\n${inner}`,
          `Transfer-Encoding: chunked\r\n\r\n${inner.length.toString(16)}\r\n${inner}\r\n0\r\n\r\n`,
          `Expect: 100-continue\r\nContent-Length: ${inner.length}\r\n\r\n${inner}`,
        ]) {
          const answer = await rawExchange(target, `${head}\r\n${framing}`);
          expect(answer.statuses, `${status} ${framing.slice(0, 20)}`).toEqual([status]);
          expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
          expect(answer.closedByServer).toBe(true);
        }
      }
      expect(running.mock.customers.list()).toHaveLength(1);
      expect(guarded.mock.customers.list()).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });

  it.each([
    ['Transfer-Encoding: xchunked', 'Transfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'],
    ['a chunk size with no data', 'Transfer-Encoding: chunked\r\n\r\n5\r\n'],
    [
      'a chunk size that is no number',
      'Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
    ],
    [
      'a chunk longer than announced',
      'Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX\r\n0\r\n\r\n',
    ],
  ])(
    'a request refused before its body, with %s, gets one answer, then close',
    async (_, framing) => {
      const answer = await rawExchange(
        port,
        `POST /__mock/reset HTTP/1.1\r\nHost: evil.example\r\n${framing}`,
      );
      expect(answer.statuses).toEqual([403]);
      expect(answer.closedByServer).toBe(true);
      expect(running.mock.customers.list()).toHaveLength(1);
    },
  );

  it('bytes after a refused HTTP/1.0 request (no length) get no answer of their own', async () => {
    const answer = await rawExchange(
      port,
      `POST /__mock/reset HTTP/1.0\r\nHost: evil.example\r\n\r\n${smuggled()}`,
    );
    expect(answer.statuses).toEqual([403]);
    expect(answer.closedByServer).toBe(true);
    expect(running.mock.customers.list()).toHaveLength(1);
  });

  it('an HTTP/1.0 request followed by stray bytes still gets its own answer, and only it', async () => {
    const answer = await rawExchange(
      port,
      `GET /__mock/clock HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n${smuggled()}`,
    );
    expect(answer.statuses).toEqual([200]);
    expect(running.mock.customers.list()).toHaveLength(1);
  });
});
