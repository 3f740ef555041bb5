import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createPaymentServiceMock,
  type JournalEntry,
  type RunningMockServer,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';

// A flood must not take the mock server's memory or its answers: the journal is bounded in
// entries and in body size, and a body over the limit is answered 413 before the connection
// closes, whatever the size the caller goes on sending.

const MiB = 1024 * 1024;
const TWENTY_MB = 20 * 1000 * 1000;

function collectGarbage(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

let running: RunningMockServer;
let token: string;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 12 });
  token = await running.mock.auth.issueToken();
});
afterAll(() => running.close());

/** A POST /withdraw the service refuses (400: amount is not a number), with `size` bytes of JSON. */
function rejectedWithdrawal(size: number): string {
  const filler = 'x'.repeat(size - 40);
  return JSON.stringify({ amount: filler, customerId: 'c' });
}

async function post(url: string, body: string): Promise<number> {
  const response = await fetch(`${url}/withdraw`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the request journal stays bounded', () => {
  it('keeps at most 64 KiB of each body, marked truncated, with the size received', async () => {
    const body = rejectedWithdrawal(900_000);
    expect(await post(running.url, body)).toBe(400);
    const entry = running.mock.requests.at(-1) as JournalEntry;
    expect(entry).toMatchObject({ path: '/withdraw', status: 400, truncated: true });
    expect(entry.bodyBytes).toBe(Buffer.byteLength(body));
    expect(JSON.stringify(entry.body).length).toBeLessThanOrEqual(64 * 1024);
    expect(entry.body).toMatchObject({ amount: expect.stringMatching(/^x+$/) });
    const small = JSON.stringify({ amount: 'ten', customerId: 'c', password: 'hunter2' });
    expect(await post(running.url, small)).toBe(400);
    const whole = running.mock.requests.at(-1) as JournalEntry;
    expect(whole.truncated).toBeUndefined();
    expect(whole.body).toEqual({ amount: 'ten', customerId: 'c', password: '[redacted]' });
  });

  it('many large rejected bodies over real HTTP leave the heap growth bounded', async () => {
    const gc = collectGarbage();
    running.mock.reset();
    gc();
    const before = process.memoryUsage().heapUsed;
    const body = rejectedWithdrawal(900_000);
    for (let i = 0; i < 300; i++) expect(await post(running.url, body)).toBe(400);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // 300 entries of at most 64 KiB each; whole bodies would be 270 MB.
    expect(grown).toBeLessThan(80 * MiB);
    const journal = (await rawRequest(running.url, 'GET', '/__mock/requests'))
      .json as JournalEntry[];
    expect(journal).toHaveLength(300);
    expect(journal.every((entry) => entry.truncated === true)).toBe(true);
  }, 120_000);

  it('journalLimit keeps the latest entries; the default is 10,000', async () => {
    const limited = await startMockServer({ port: 0, journalLimit: 5 });
    try {
      for (let i = 1; i <= 8; i++) await rawRequest(limited.url, 'GET', `/nowhere/${i}`);
      expect(limited.mock.requests.map((entry) => entry.path)).toEqual(
        [4, 5, 6, 7, 8].map((i) => `/nowhere/${i}`),
      );
      expect(limited.mock.requests.map((entry) => entry.id)).toEqual([4, 5, 6, 7, 8]);
    } finally {
      await limited.close();
    }
    const mock = createPaymentServiceMock();
    for (let i = 0; i < 10_003; i++) await mock.fetch(`${mock.baseUrl}/nowhere`);
    expect(mock.requests).toHaveLength(10_000);
    expect(mock.requests[0]?.id).toBe(4);
    for (const journalLimit of [0, -1, 1.5, Number.NaN]) {
      expect(() => createPaymentServiceMock({ journalLimit })).toThrow(TypeError);
    }
  }, 60_000);
});

/** Streams `total` bytes with node:http; resolves with the answer, even if the upload breaks. */
function streamWithHttp(url: string, total: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // A reset before the answer fails the test; once the answer is in, the server may close
    // while this side still writes, and the promise is already settled.
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('a body over the limit is answered 413, then the connection closes', () => {
  // Each upload goes over a connection of its own: a pooled one left idle by an earlier test may
  // meet the server's keep-alive timeout just as the upload starts (a reset this test is not about).
  let fresh: Agent;
  beforeEach(() => {
    fresh = new Agent();
  });
  afterEach(() => fresh.close());

  it('fetch with a 20 MB body gets 413 { message } and Connection: close, not a reset', async () => {
    const response = await fetch(`${running.url}/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: new Uint8Array(TWENTY_MB).fill(0x20),
      dispatcher: fresh,
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ message: 'Payload Too Large' });
  });

  it('fetch streaming 20 MB with no length gets the 413 too', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TWENTY_MB) {
          controller.close();
          return;
        }
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x20));
      },
    });
    const response = await fetch(`${running.url}/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
      duplex: 'half',
      dispatcher: fresh,
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Payload Too Large' });
  });

  it('node:http writing 20 MB chunk by chunk reads the 413', async () => {
    const answer = await streamWithHttp(running.url, TWENTY_MB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Payload Too Large' });
  });

  it('Expect: 100-continue with a length over the limit is answered 413 before any body', async () => {
    const answer = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(`${running.url}/withdraw`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(TWENTY_MB),
          expect: '100-continue',
        },
      });
      req.on('continue', () => {
        continued = true;
        req.destroy();
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, continued });
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer).toEqual({ status: 413, continued: false });
  });

  it('the server still answers everyone afterwards', async () => {
    const response = await fetch(`${running.url}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });
});
