import type { ServerResponse } from 'node:http';
import {
  InternalServerError,
  PaymentClient,
  PaymentResponseError,
  PaymentValidationError,
} from 'pix-payment-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import {
  closed,
  fakeJwt,
  type Handler,
  type Loopback,
  listen,
  withLogin,
} from '../support/loopback.js';

const CAP = 64 * 1024;
const HUGE = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

let behaviour: Handler;
let server: Loopback;
let responses: ServerResponse[];
let bytesSent = 0;

beforeAll(async () => {
  server = await listen(
    withLogin(fakeJwt(), (request, response) => {
      responses.push(response);
      behaviour(request, response);
    }),
  );
});

beforeEach(() => {
  responses = [];
  bytesSent = 0;
});

afterAll(() => server.close());

/** Writes up to `total` bytes in 64 KiB chunks, as fast as the client reads them. */
function stream(response: ServerResponse, total: number): void {
  const next = () => {
    while (bytesSent < total && !response.destroyed) {
      bytesSent += CHUNK.length;
      if (!response.write(CHUNK)) {
        response.once('drain', next);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  next();
}

const makeClient = (maxResponseBytes?: number) =>
  new PaymentClient({
    baseUrl: server.url,
    email: 'size@example.com',
    password: 'size-password',
    maxRetries: 0,
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  });

/** The largest growth of heap plus buffers outside it while `promise` runs. */
async function peakGrowth(promise: Promise<unknown>): Promise<number> {
  const used = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const start = used();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    await promise.catch(() => undefined);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - start;
}

describe('maxResponseBytes', () => {
  it('a streamed body far over the cap ends in a PaymentResponseError naming it, memory bounded', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, HUGE);
    };
    const call = makeClient(CAP).withdrawals.listCurrencies();
    const growth = await peakGrowth(call);
    const error = await rejectionOf(call);
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as Error).message).toContain(`maxResponseBytes (${CAP} bytes)`);
    await Promise.all(responses.map(closed));
    expect(bytesSent).toBeLessThan(HUGE);
    expect(growth).toBeLessThan(HUGE / 4);
  });

  it('a Content-Length over the cap fails before the body is read', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(HUGE),
      });
      response.write('[');
    };
    const error = await rejectionOf(makeClient(CAP).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as PaymentResponseError).issues[0]?.message).toContain(`${CAP} bytes`);
    await Promise.all(responses.map(closed));
  });

  it('an error status with a body over the cap keeps its status and drops the body', async () => {
    behaviour = (_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html' });
      stream(response, HUGE);
    };
    const error = await rejectionOf(makeClient(CAP).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, body: undefined });
    await Promise.all(responses.map(closed));
  });

  it('the default cap is 10 MiB', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      stream(response, HUGE);
    };
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect((error as Error).message).toContain(`maxResponseBytes (${10 * 1024 * 1024} bytes)`);
    await Promise.all(responses.map(closed));
  });

  it('a body exactly at the cap is read', async () => {
    const body = `[${' '.repeat(CAP - 2)}]`;
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    };
    expect(await makeClient(CAP).withdrawals.listCurrencies()).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN, '1024'])('maxResponseBytes %s is refused', (value) => {
    expect(() => makeClient(value as number)).toThrow(PaymentValidationError);
  });
});
