// The client against a real HTTP server on 127.0.0.1: real sockets, real headers, the raw path
// as it travels on the wire.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildWithdrawal, PaymentClient, PaymentConnectionError } from 'pix-payment-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ID, jwt, WITHDRAW_CURRENCY } from '../support/client-fake-service.js';
import { rejectionOf } from '../support/client-setup.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

const token = jwt({ exp: Math.floor(Date.now() / 1000) + 3600 });
const seen: Seen[] = [];
let failNextWithdraw = 0;
let server: Server;
let baseUrl: string;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-request-id': `req-${seen.length}`,
  });
  response.end(JSON.stringify(body));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of request) body += chunk;
  seen.push({
    method: request.method ?? '',
    url: request.url ?? '',
    authorization: request.headers.authorization,
    body,
  });
  const path = request.url ?? '';
  if (path === '/api/v1/auth/token') return send(response, 200, { token });
  if (request.headers.authorization !== `Bearer ${token}`)
    return send(response, 401, { message: 'Unauthorized' });
  if (path.endsWith('/key') && request.method === 'GET') return send(response, 200, []);
  if (path === '/api/v1/withdraw') {
    if (failNextWithdraw > 0) {
      failNextWithdraw -= 1;
      return send(response, 503, { message: 'Service Unavailable' });
    }
    return send(response, 201, {
      message: 'Solicitação de Saque realizada com sucesso',
      status: 'PENDING',
      _id: 'w1',
    });
  }
  return send(response, 404, { message: 'Not Found' });
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
beforeEach(() => {
  seen.length = 0;
  failNextWithdraw = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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
    await expect(client().pixKeys.list(CUSTOMER_ID)).resolves.toEqual([]);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/auth/token',
      `GET /api/v1/pix/customer/${CUSTOMER_ID}/key`,
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      email: 'finance@merchant.example',
      password: 'real-http-password',
    });
    expect(seen[1]?.authorization).toBe(`Bearer ${token}`);
  });

  it('a traversal attempt in an id reaches the server inside one segment', async () => {
    await client().pixKeys.list('../../auth/token');
    expect(seen.at(-1)?.url).toBe('/api/v1/pix/customer/..%2F..%2Fauth%2Ftoken/key');
  });

  it('withdrawals.create is retried after a 503 with the same externalId', async () => {
    failNextWithdraw = 1;
    const pixKey = { key: 'ana@example.com', type: 'EMAIL', _id: 'k1' };
    const result = await client().withdrawals.create(
      buildWithdrawal({
        amount: 10.5,
        customerId: CUSTOMER_ID,
        currency: WITHDRAW_CURRENCY,
        pixKey,
      }),
    );
    const withdraws = seen.filter((request) => request.url === '/api/v1/withdraw');
    expect(withdraws).toHaveLength(2);
    const ids = withdraws.map(
      (request) => (JSON.parse(request.body) as { externalId: string }).externalId,
    );
    expect(ids).toEqual([result.externalId, result.externalId]);
  });

  it('a 404 carries the x-request-id header as requestId', async () => {
    const error = await rejectionOf(client().withdrawals.get('missing'));
    expect(error).toMatchObject({
      name: 'NotFoundError',
      requestId: expect.stringMatching(/^req-/),
    });
  });

  it('a closed port is a PaymentConnectionError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = new PaymentClient({
      baseUrl: `http://127.0.0.1:${port}`,
      email: 'a@b.c',
      password: 'p',
      maxRetries: 0,
    });
    await expect(refused.getToken()).rejects.toBeInstanceOf(PaymentConnectionError);
  });
});
