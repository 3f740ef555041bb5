import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isPaymentError,
  PaymentClient,
  PaymentConnectionError,
  PaymentLoginError,
  PaymentResponseError,
  PaymentTimeoutError,
} from 'pix-payment-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// A server on 127.0.0.1 that answers the token route properly and the currency route in whatever
// hostile way the test asks for. The client must end every call in a typed PaymentError.
type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let behaviour: Behaviour = (_request, response) => response.end('[]');
let hostile: { server: Server; url: string };
let elsewhere: { server: Server; url: string };
const authorizationSeenElsewhere: Array<string | undefined> = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  hostile = await listen((request, response) => {
    if (request.url === '/auth/token') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token }));
      return;
    }
    behaviour(request, response);
  });
  elsewhere = await listen((request, response) => {
    authorizationSeenElsewhere.push(request.headers.authorization);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
});

afterEach(() => {
  expect(unhandled).toEqual([]);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  hostile.server.closeAllConnections();
  elsewhere.server.closeAllConnections();
  await Promise.all(
    [hostile, elsewhere].map(({ server }) => new Promise((resolve) => server.close(resolve))),
  );
});

function client(options: { timeoutMs?: number; maxRetries?: number } = {}) {
  return new PaymentClient({
    baseUrl: hostile.url,
    email: 'hostile@example.com',
    password: 'hostile-password',
    maxRetries: 0,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const json =
  (body: string, status = 200): Behaviour =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };

describe('client against a hostile server', () => {
  it('invalid JSON in a 200 is a PaymentResponseError', async () => {
    behaviour = json('{"not json');
    expect(await failure(client().withdrawals.listCurrencies())).toBeInstanceOf(
      PaymentResponseError,
    );
  });

  it('wrong types in a 200 are a PaymentResponseError with issues', async () => {
    behaviour = json(JSON.stringify([{ _id: 1, name: null, type: 'PIX' }]));
    const error = await failure(client().withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as PaymentResponseError).issues.length).toBeGreaterThan(0);
  });

  it('an object where an array belongs is a PaymentResponseError', async () => {
    behaviour = json('{"message":"ok"}');
    expect(await failure(client().withdrawals.listCurrencies())).toBeInstanceOf(
      PaymentResponseError,
    );
  });

  it('an empty 200 body is a PaymentResponseError', async () => {
    behaviour = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end();
    expect(await failure(client().withdrawals.listCurrencies())).toBeInstanceOf(
      PaymentResponseError,
    );
  });

  it('a 10 MB body that is not the contract is a PaymentResponseError', async () => {
    const huge = `"${'x'.repeat(10 * 1024 * 1024)}"`;
    behaviour = json(huge);
    expect(await failure(client().withdrawals.listCurrencies())).toBeInstanceOf(
      PaymentResponseError,
    );
  });

  it('an error status with a body that is not JSON is still a typed PaymentApiError', async () => {
    behaviour = (_request, response) =>
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    const error = await failure(client().withdrawals.listCurrencies());
    expect(isPaymentError(error)).toBe(true);
    expect((error as { status?: number }).status).toBe(502);
  });

  it('a body that drips slowly past the timeout is a PaymentTimeoutError', async () => {
    const timers: NodeJS.Timeout[] = [];
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const timer = setInterval(() => response.write(' '), 50);
      timers.push(timer);
      response.on('close', () => clearInterval(timer));
    };
    try {
      expect(await failure(client({ timeoutMs: 300 }).withdrawals.listCurrencies())).toBeInstanceOf(
        PaymentTimeoutError,
      );
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });

  it('headers that never come are a PaymentTimeoutError', async () => {
    behaviour = () => {};
    expect(await failure(client({ timeoutMs: 200 }).withdrawals.listCurrencies())).toBeInstanceOf(
      PaymentTimeoutError,
    );
  });

  it('a connection reset is a PaymentConnectionError, also after retries', async () => {
    let attempts = 0;
    behaviour = (request) => {
      attempts += 1;
      request.socket.destroy();
    };
    const error = await failure(client({ maxRetries: 2 }).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect(attempts).toBe(3);
  });

  it('a reset in the middle of the body is a typed PaymentError', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('[{"_id":');
      setTimeout(() => response.socket?.destroy(), 20);
    };
    expect(isPaymentError(await failure(client().withdrawals.listCurrencies()))).toBe(true);
  });

  it('the Authorization header never follows a redirect to another origin', async () => {
    authorizationSeenElsewhere.length = 0;
    behaviour = (_request, response) =>
      response.writeHead(302, { location: `${elsewhere.url}/withdraw/company/currencies` }).end();
    const outcome = await client()
      .withdrawals.listCurrencies()
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    expect(outcome === 'resolved' || isPaymentError(outcome)).toBe(true);
    for (const seen of authorizationSeenElsewhere) expect(seen).toBeUndefined();
  });

  it('a redirect loop ends in a typed PaymentError', async () => {
    behaviour = (request, response) =>
      response.writeHead(307, { location: request.url ?? '/' }).end();
    expect(isPaymentError(await failure(client().withdrawals.listCurrencies()))).toBe(true);
  });

  it('a refused connection: the login fails, so the call is a PaymentLoginError caused by a PaymentConnectionError', async () => {
    const closed = await listen(() => {});
    await new Promise((resolve) => closed.server.close(resolve));
    const refused = new PaymentClient({
      baseUrl: closed.url,
      email: 'a@example.com',
      password: 'p',
      maxRetries: 0,
    });
    const error = await failure(refused.withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentLoginError);
    expect((error as Error).cause).toBeInstanceOf(PaymentConnectionError);
    // getToken is the login itself: its own error.
    expect(await failure(refused.getToken())).toBeInstanceOf(PaymentConnectionError);
  });
});
