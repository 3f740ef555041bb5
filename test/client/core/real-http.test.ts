// The client against the mock served over real HTTP on 127.0.0.1: real sockets, real headers, the
// raw path as it travels on the wire. The client's base URL has a path (/api/v1), as behind an API
// gateway; the mock's server answers at its root, so a small gateway in front of it strips the
// prefix, records what arrived, and stamps x-request-id on the answer, as gateways do.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildWithdrawal,
  type Currency,
  isOutcomeUncertain,
  PaymentClient,
  PaymentConnectionError,
  type PixKey,
} from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../support/client-setup.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

const PREFIX = '/api/v1';
const seen: Seen[] = [];
/** Tokens the mock's login answers carried through the gateway. */
const issued: string[] = [];
let running: RunningMockServer;
let gateway: { url: string; close(): Promise<void> };
let baseUrl: string;

async function startGateway(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = request.url ?? '';
    const method = request.method ?? 'GET';
    seen.push({ method, url, authorization: request.headers.authorization, body });
    if (!url.startsWith(`${PREFIX}/`)) {
      response.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const name of ['authorization', 'content-type', 'accept', 'user-agent']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    try {
      const answer = await fetch(`${upstream}${url.slice(PREFIX.length)}`, {
        method,
        headers,
        ...(body === '' ? {} : { body }),
      });
      const text = await answer.text();
      if (url === `${PREFIX}/auth/token` && answer.ok) {
        issued.push((JSON.parse(text) as { token: string }).token);
      }
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'x-request-id': `req-${seen.length}`,
      });
      response.end(text);
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Calls the mock directly (not through the client or the gateway), to arrange state. */
async function arrange(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await running.mock.auth.issueToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`arranging ${method} ${path}: ${response.status}`);
  return response.json();
}

/** The seeded customer with a Pix key, and a withdrawal currency. */
async function arrangePayee(): Promise<{ customerId: string; pixKey: PixKey; currency: Currency }> {
  const customerId = running.mock.customers.seeded._id;
  const { key: pixKey } = (await arrange('POST', `/pix/customer/${customerId}/key`, {
    type: 'EMAIL',
    key: 'ana@example.com',
  })) as { key: PixKey };
  const [currency] = (await arrange('GET', '/withdraw/company/currencies')) as Currency[];
  return { customerId, pixKey, currency: currency! };
}

beforeAll(async () => {
  running = await startMockServer({
    port: 0,
    credentials: { email: 'finance@merchant.example', password: 'real-http-password' },
  });
  gateway = await startGateway(running.url);
  baseUrl = `${gateway.url}${PREFIX}`;
});
beforeEach(() => {
  running.mock.reset();
  seen.length = 0;
  issued.length = 0;
});
afterAll(async () => {
  await gateway.close();
  await running.close();
});

const client = () =>
  new PaymentClient({
    baseUrl,
    email: 'finance@merchant.example',
    password: 'real-http-password',
    retryBackoff: { initialDelayMs: 1, maxDelayMs: 2 },
  });

describe('client over real HTTP', () => {
  it('logs in, then sends the bearer token under the base path', async () => {
    const customerId = running.mock.customers.seeded._id;
    await expect(client().pixKeys.list(customerId)).resolves.toEqual([]);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/auth/token',
      `GET /api/v1/pix/customer/${customerId}/key`,
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      email: 'finance@merchant.example',
      password: 'real-http-password',
    });
    expect(issued).toHaveLength(1);
    expect(seen[1]?.authorization).toBe(`Bearer ${issued[0]}`);
    expect(running.mock.requests.map((entry) => `${entry.path} ${entry.status}`)).toEqual([
      '/auth/token 200',
      `/pix/customer/${customerId}/key 200`,
    ]);
  });

  it('a traversal attempt in an id reaches the server inside one segment', async () => {
    await rejectionOf(client().pixKeys.list('../../auth/token'));
    expect(seen.at(-1)?.url).toBe('/api/v1/pix/customer/..%2F..%2Fauth%2Ftoken/key');
    expect(running.mock.requests.at(-1)).toMatchObject({
      path: '/pix/customer/..%2F..%2Fauth%2Ftoken/key',
      operation: 'pixKeys.list',
      status: 404,
    });
  });

  it('withdrawals.create is retried after a 503 with the same externalId', async () => {
    const { customerId, pixKey, currency } = await arrangePayee();
    running.mock.faults.inject({ method: 'POST', path: '/withdraw', status: 503 });
    const result = await client().withdrawals.create(
      buildWithdrawal({ amount: 10.5, customerId, currency, pixKey }),
    );
    const withdraws = seen.filter((request) => request.url === '/api/v1/withdraw');
    expect(withdraws).toHaveLength(2);
    const ids = withdraws.map(
      (request) => (JSON.parse(request.body) as { externalId: string }).externalId,
    );
    expect(ids).toEqual([result.externalId, result.externalId]);
    expect(running.mock.withdrawals.list()).toMatchObject([
      { _id: result._id, externalId: result.externalId },
    ]);
  });

  it('a payout whose connection drops after processing: outcome unknown, and the same externalId answers it', async () => {
    const { customerId, pixKey, currency } = await arrangePayee();
    running.mock.faults.inject({
      method: 'POST',
      path: '/withdraw',
      networkError: true,
      phase: 'after',
    });
    const body = buildWithdrawal({
      amount: '10.50',
      customerId,
      currency,
      pixKey,
      externalId: 'order-lost',
    });
    const error = await rejectionOf(client().withdrawals.create(body, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect(isOutcomeUncertain(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /The service may have created it: repeat with the same externalId$/,
    );
    const again = await client().withdrawals.create(body);
    expect(running.mock.withdrawals.list()).toMatchObject([
      { _id: again._id, externalId: 'order-lost' },
    ]);
  });

  it('a 404 carries the x-request-id header as requestId', async () => {
    const error = await rejectionOf(client().withdrawals.get('missing'));
    expect(error).toMatchObject({
      name: 'NotFoundError',
      requestId: expect.stringMatching(/^req-/),
    });
  });

  it('a closed port is a PaymentConnectionError', async () => {
    const closed = await startMockServer({ port: 0 });
    await closed.close();
    const refused = new PaymentClient({
      baseUrl: closed.url,
      email: 'a@b.c',
      password: 'p',
      maxRetries: 0,
    });
    await expect(refused.getToken()).rejects.toBeInstanceOf(PaymentConnectionError);
  });
});
