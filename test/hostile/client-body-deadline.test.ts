// Runs with --expose-gc (its own Vitest project): garbage collection must not cut the link between
// the deadline or the caller's signal and a body that is still arriving.
import type { ServerResponse } from 'node:http';
import { InMemoryTokenStore, PaymentClient, PaymentTimeoutError } from 'pix-payment-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closed, fakeJwt, type Loopback, listen, withLogin } from '../support/loopback.js';

const gc = (globalThis as { gc?: () => void }).gc;

// The server sends `[`, then a space every 50 ms for 8 s, then `]`: a valid body, far too late.
const TRICKLE_MS = 8_000;
let server: Loopback;
let responses: ServerResponse[];
let chunksSent = 0;
let finished = false;

beforeAll(async () => {
  server = await listen(
    withLogin(fakeJwt(), (request, response) => {
      responses.push(response);
      // Headers that never come: the call must still end at the deadline.
      if (request.url === '/deposit/company/currencies') return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const started = Date.now();
      const timer = setInterval(() => {
        if (Date.now() - started < TRICKLE_MS) {
          chunksSent += 1;
          response.write(' ');
          return;
        }
        clearInterval(timer);
        finished = true;
        response.end(']');
      }, 50);
      response.on('close', () => clearInterval(timer));
    }),
  );
});

beforeEach(() => {
  responses = [];
  chunksSent = 0;
  finished = false;
});

afterAll(() => server.close());

/** Allocates and collects garbage until `promise` settles; returns how it settled. */
async function underGcPressure<T>(
  promise: Promise<T>,
  beforeSettling?: () => void,
): Promise<{ value?: T; error?: unknown }> {
  let settled = false;
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => {
    settled = true;
  });
  let garbage: unknown[] = [];
  while (!settled) {
    garbage = Array.from({ length: 20_000 }, (_, index) => ({ index, text: `g${index}` }));
    gc?.();
    beforeSettling?.();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  garbage.length = 0;
  return outcome;
}

// The token is obtained beforehand with the default deadline, so that the short one applies to
// the trickling call alone, not to a login slowed down by a loaded machine.
async function makeClient(timeoutMs: number): Promise<PaymentClient> {
  const options = {
    baseUrl: server.url,
    email: 'trickle@example.com',
    password: 'trickle-password',
    maxRetries: 0,
    tokenStore: new InMemoryTokenStore(),
  };
  await new PaymentClient(options).getToken();
  return new PaymentClient({ ...options, timeoutMs });
}

describe('a body that trickles while garbage is collected', () => {
  it('runs with gc exposed', () => {
    expect(typeof gc).toBe('function');
  });

  it('the deadline still ends the call with a PaymentTimeoutError before the body ends', async () => {
    const { error } = await underGcPressure((await makeClient(600)).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentTimeoutError);
    expect(finished).toBe(false);
    expect(chunksSent).toBeGreaterThan(0);
    // The client cancelled the body: the server sees its connection close.
    await Promise.all(responses.map(closed));
  }, 30_000);

  it('the deadline still ends a call whose headers never come', async () => {
    const { error } = await underGcPressure((await makeClient(600)).deposits.listCurrencies());
    expect(error).toBeInstanceOf(PaymentTimeoutError);
    await Promise.all(responses.map(closed));
  }, 30_000);

  it("the caller's abort still rejects with its reason before the body ends", async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const call = (await makeClient(60_000)).withdrawals.listCurrencies({
      signal: controller.signal,
    });
    let collections = 0;
    const { error } = await underGcPressure(call, () => {
      // Abort once the body is arriving and several collections have run since.
      if (chunksSent > 5 && ++collections > 10) controller.abort(reason);
    });
    expect(error).toBe(reason);
    expect(finished).toBe(false);
    await Promise.all(responses.map(closed));
  }, 30_000);
});
