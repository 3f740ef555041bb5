// The mock says why it refused, in the X-Mock-Reason header, and keeps the service's own body;
// and the test-suite mistakes it can notice (a busy port, a control not awaited) say what to do.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { binArgs } from '../support/bin.js';
import { rawRequest } from '../support/raw-http.js';

const REASON = 'x-mock-reason';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function post(
  mock: ReturnType<typeof createPaymentServiceMock>,
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Response> {
  return mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

describe('X-Mock-Reason', () => {
  it('a body sent without Content-Type: 400, the reason in the header, the body the service’s own', async () => {
    const mock = createPaymentServiceMock();
    const answer = await post(mock, '/auth/token', mock.credentials, {});
    expect(answer.status).toBe(400);
    expect(answer.headers.get(REASON)).toMatch(/Content-Type/);
    expect(await answer.json()).toEqual({ message: 'Bad Request' });
  });

  it('a wrong password: 401 with the reason, never the password', async () => {
    const mock = createPaymentServiceMock();
    const answer = await post(mock, '/auth/token', {
      email: mock.credentials.email,
      password: 'wrong-one',
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get(REASON)).toMatch(/wrong email or password/);
    expect(answer.headers.get(REASON)).not.toContain('wrong-one');
    expect(await answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('a path under no operation: 404 naming the mock’s base URL', async () => {
    const mock = createPaymentServiceMock();
    const answer = await post(mock, '/v1/auth/token', mock.credentials);
    expect(answer.status).toBe(404);
    expect(answer.headers.get(REASON)).toContain(mock.baseUrl);
    expect(await answer.json()).toEqual({ message: 'Not Found' });
  });

  it('a promise used as the token (issueToken without await) is named', async () => {
    const mock = createPaymentServiceMock();
    const token = mock.auth.issueToken();
    const answer = await mock.fetch(`${mock.baseUrl}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await token;
    expect(answer.status).toBe(401);
    expect(answer.headers.get(REASON)).toMatch(/await mock\.auth\.issueToken\(\)/);
  });

  it('a reason with characters a header cannot carry is sent as printable ASCII', async () => {
    const mock = createPaymentServiceMock();
    const token = await mock.auth.issueToken();
    const customer = mock.customers.seeded._id;
    const answer = await mock.fetch(`${mock.baseUrl}/pix/customer/${customer}/key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'chave-ção\u2028', key: 'x' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get(REASON)).toMatch(/^[\x20-\x7e]+$/);
  });

  it('the HTTP server’s own refusals carry it too: a foreign Host, a body over maxBodyBytes', async () => {
    const running = await startMockServer({ port: 0, maxBodyBytes: 16 });
    cleanups.push(() => running.close());
    const host = await rawRequest(running.url, 'GET', '/withdraw/company/currencies', {
      host: 'evil.example',
    });
    expect(host.headers[REASON]).toMatch(/Host|evil\.example/);
    const large = await rawRequest(
      running.url,
      'POST',
      '/auth/token',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'x'.repeat(100) }),
    );
    expect(large.status).toBe(413);
    expect(large.headers[REASON]).toMatch(/maxBodyBytes/);
  });
});

describe('test-suite mistakes', () => {
  it('reset() while a settle() or issueToken() is still running warns that it was not awaited', async () => {
    const mock = createPaymentServiceMock();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    cleanups.push(() => warn.mockRestore());
    const token = await mock.auth.issueToken();
    const customerId = mock.customers.seeded._id;
    const [currency] = (await (
      await mock.fetch(`${mock.baseUrl}/deposit/company/currencies`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as unknown[];
    const created = (await (
      await mock.fetch(`${mock.baseUrl}/deposit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1, customerId, currency }),
      })
    ).json()) as { data: { id: string } };

    await mock.deposits.settle(created.data.id, 'PAID');
    mock.reset();
    expect(warn).not.toHaveBeenCalled();

    const forgotten = [mock.deposits.settle(created.data.id, 'FAILED'), mock.auth.issueToken()];
    mock.reset();
    await Promise.allSettled(forgotten);
    expect(warn).toHaveBeenCalledTimes(1);
    const warning = String(warn.mock.calls[0]?.[0]);
    expect(warning).toMatch(/mock\.deposits\.settle\(\)/);
    expect(warning).toMatch(/mock\.auth\.issueToken\(\)/);
    expect(warning).toMatch(/await/);
  });

  describe('a busy port', () => {
    async function occupied(): Promise<{ server: Server; port: number }> {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      return { server, port: (server.address() as AddressInfo).port };
    }

    it('startMockServer says so, and suggests another port or port 0', async () => {
      const { port } = await occupied();
      const error = await startMockServer({ port }).then(
        (running) => {
          cleanups.push(() => running.close());
          return undefined;
        },
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: 'EADDRINUSE' });
      expect((error as Error).message).toContain(String(port));
      expect((error as Error).message).toMatch(/port 0/);
    });

    it('the bin says so with its flags (--port 0), and exits 1', async () => {
      const { port } = await occupied();
      const root = fileURLToPath(new URL('../../', import.meta.url));
      const child = spawn(process.execPath, [...binArgs, '--port', String(port)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(String(port));
      expect(stderr).toContain('--port 0');
    });
  });
});
