// Connection errors over real sockets on 127.0.0.1 (no MSW): the message names the URL and the
// system error code, and says what to check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentApiError, PaymentClient, PaymentConnectionError } from 'pix-payment-sdk';
import { startMockServer } from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../support/client-setup.js';
import { fakeJwt, listen, withLogin } from '../../support/loopback.js';
import { refusedUrl } from '../../support/mock-receiver.js';

const PASSWORD = 'never-in-a-message';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function clientOf(baseUrl: string): PaymentClient {
  return new PaymentClient({ baseUrl, email: 'a@example.com', password: PASSWORD, maxRetries: 0 });
}

async function connectionError(baseUrl: string): Promise<PaymentConnectionError> {
  const error = await rejectionOf(clientOf(baseUrl).getToken());
  expect(error).toBeInstanceOf(PaymentConnectionError);
  expect((error as Error).message).not.toContain(PASSWORD);
  return error as PaymentConnectionError;
}

describe('connection errors name the target and the cause', () => {
  it('a port nothing listens on: the host, the port and ECONNREFUSED, with advice to check baseUrl', async () => {
    const { origin } = new URL(await refusedUrl());
    const { message } = await connectionError(origin);
    expect(message).toContain(`${origin}/auth/token`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toMatch(/baseUrl/);
  });

  it('no connection made (a refused port, an unknown host, a TLS handshake that fails): outcome not-sent', async () => {
    const server = createServer((_request, response) => response.end('plain'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    for (const baseUrl of [
      new URL(await refusedUrl()).origin,
      'http://no-such-host.invalid',
      `https://127.0.0.1:${port}`,
    ]) {
      const error = await connectionError(baseUrl);
      expect({ baseUrl, outcome: error.outcome }).toEqual({ baseUrl, outcome: 'not-sent' });
      expect(error.message).not.toMatch(/may have/);
    }
  });

  it('a connection the server drops after reading the request: outcome unknown, and the message says so', async () => {
    const server = await listen(
      withLogin(fakeJwt(), (request) => {
        request.resume();
        request.on('end', () => request.socket.destroy());
      }),
    );
    cleanups.push(() => server.close());
    const error = await rejectionOf(clientOf(server.url).withdrawals.get('w1'));
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect((error as PaymentConnectionError).outcome).toBe('unknown');
    expect((error as Error).message).toMatch(
      /Outcome unknown: this call changes nothing, repeating it is safe$/,
    );
    expect(server.received.map((request) => request.path)).toEqual([
      '/auth/token',
      '/withdraw/w1/details',
    ]);
  });

  it('an unknown host: the host and its DNS error code', async () => {
    const { message } = await connectionError('http://no-such-host.invalid');
    expect(message).toContain('no-such-host.invalid');
    expect(message).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(message).toMatch(/baseUrl/);
  });

  it('https against a plain http port: the TLS error, with advice on http or https', async () => {
    const server = createServer((_request, response) => response.end('plain'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const { message } = await connectionError(`https://127.0.0.1:${port}`);
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toMatch(/SSL|TLS|EPROTO/);
    expect(message).toMatch(/https/);
  });
});

describe('a call still running when the mock server closes', () => {
  it('is answered with the reason (await every call before close), not a bare reset', async () => {
    const running = await startMockServer({ port: 0 });
    const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
    await client.getToken();
    running.mock.faults.inject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      delayMs: 5_000,
    });
    const call = rejectionOf(client.withdrawals.listCurrencies());
    while (!running.mock.requests.some((entry) => entry.path === '/withdraw/company/currencies')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running.close();
    const error = await call;
    expect(error).toBeInstanceOf(PaymentApiError);
    expect((error as Error).message).toMatch(/closed/);
    expect((error as Error).message).toMatch(/await/);
  });
});
