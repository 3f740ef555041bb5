import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { controlRoutes } from '../../mock/controls/http-routes.js';
import { binArgs } from '../support/bin.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function startBin(args: string[]): ChildProcess {
  // process.execPath is the pinned Node that runs vitest; tsx loads the TypeScript entry.
  return spawn(process.execPath, [...binArgs, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (until.test(text)) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${text}`)));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, signal: null });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

describe('pix-payment-mock (bin)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints its URL, the credentials and a customer id, serves them, and stops cleanly on SIGTERM', async () => {
    child = startBin(['--port', '0', '--seed', '5']);
    const text = await output(child, /control:/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const email = /email:\s+(\S+)/.exec(text)?.[1];
    const password = /password:\s+(\S+)/.exec(text)?.[1];
    const customerId = /customer id:\s+([0-9a-f]{24})/.exec(text)?.[1];
    expect(url).toBeDefined();
    const login = await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const customer = await fetch(`${url}/customer/${customerId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(customer.status).toBe(200);
    // The operator console, at the address it prints.
    const consoleUrl = /console:\s+(\S+)/.exec(text)?.[1];
    expect(consoleUrl).toBe(`${url}/__mock/console`);
    expect((await fetch(consoleUrl as string)).headers.get('content-type')).toMatch(/^text\/html/);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
  });

  it('stops cleanly on SIGINT too', async () => {
    child = startBin(['--port', '0']);
    await output(child, /control:/);
    child.kill('SIGINT');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
  });

  it('--help prints the usage and exits 0; an unknown flag exits 2', async () => {
    child = startBin(['--help']);
    const text = await output(child, /--webhook-url/);
    expect(text).toContain('Usage: pix-payment-mock');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    child = startBin(['--nope']);
    expect((await exitOf(child)).code).toBe(2);
  });

  it('--help lists every control route the server registers, and points to the shipped guide', async () => {
    child = startBin(['--help']);
    const text = await output(child, /Guide: .*\n/);
    const listed = new Set(
      [...text.matchAll(/^ {2}([A-Z|]+) +(\/__mock\/\S*)$/gm)].flatMap(([, verbs = '', path]) =>
        verbs.split('|').map((verb) => `${verb} ${path}`),
      ),
    );
    const registered = controlRoutes.map(
      (route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(registered.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual([...registered].sort());
    const guide = /^Guide: (.+)$/m.exec(text)?.[1] ?? '';
    expect(existsSync(guide)).toBe(true);
    expect(guide.endsWith(join('docs', 'testing-with-the-mock.md'))).toBe(true);
  });

  it('--balance sets the starting balance and --no-partner the partner level; a malformed one exits 2', async () => {
    child = startBin([
      '--port',
      '0',
      '--balance',
      'BRL=25.50',
      '--balance',
      'USDT=1.5',
      '--no-partner',
    ]);
    const text = await output(child, /control:/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const state = await fetch(`${url}/__mock/state`);
    expect(await state.json()).toMatchObject({
      partner: false,
      balances: [
        { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 25.5, totalHeld: 0 },
        { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 1.5 },
      ],
    });
    child.kill('SIGTERM');
    await exitOf(child);
    child = startBin(['--port', '0', '--balance', '25.50']);
    expect((await exitOf(child)).code).toBe(2);
  });

  it('--strict serves a mock that wants the whole currency object, and GET /__mock/state says so', async () => {
    child = startBin(['--port', '0', '--strict']);
    const text = await output(child, /control:/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const email = /email:\s+(\S+)/.exec(text)?.[1];
    const password = /password:\s+(\S+)/.exec(text)?.[1];
    const customerId = /customer id:\s+([0-9a-f]{24})/.exec(text)?.[1];
    const state = await fetch(`${url}/__mock/state`);
    expect(await state.json()).toMatchObject({ strict: true });
    const login = await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const listed = await fetch(`${url}/deposit/company/currencies`, { headers });
    const [currency] = (await listed.json()) as Array<Record<string, unknown>>;
    const deposit = (sent: unknown) =>
      fetch(`${url}/deposit`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ amount: 1, customerId, currency: sent }),
      });
    const { _id, name, type, symbol } = currency ?? {};
    expect((await deposit({ _id, name, type, symbol })).status).toBe(400);
    expect((await deposit(currency)).status).toBe(201);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
  });

  it('--idempotency-mismatch replay serves a mock that answers a changed repeat with the first; a bad value exits 2', async () => {
    child = startBin(['--port', '0', '--idempotency-mismatch', 'replay']);
    const text = await output(child, /control:/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const state = await fetch(`${url}/__mock/state`);
    expect(await state.json()).toMatchObject({ idempotencyMismatch: 'replay' });
    child.kill('SIGTERM');
    await exitOf(child);
    child = startBin(['--port', '0', '--idempotency-mismatch', 'ignore']);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    expect((await exitOf(child)).code).toBe(2);
    expect(errors).toContain('--idempotency-mismatch must be reject or replay, got ignore');
  });

  it('--email and --password set the login a suite knows before the mock starts; one without the other exits 2', async () => {
    const login = { email: 'qa@shop.example', password: 'known-in-advance' };
    child = startBin(['--port', '0', '--email', login.email, '--password', login.password]);
    const text = await output(child, /control:/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const token = (body: unknown) =>
      fetch(`${url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await token(login)).status).toBe(200);
    expect((await token({ ...login, password: 'something-else' })).status).toBe(401);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    child = startBin(['--port', '0', '--email', login.email]);
    expect((await exitOf(child)).code).toBe(2);
    child = startBin(['--port', '0', '--email', login.email, '--password', '']);
    expect((await exitOf(child)).code).toBe(2);
  });
});
