import { type ChildProcess, spawn } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { PaymentClient } from 'pix-payment-sdk';
import { type RunningMockServer, startMockServer } from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessRules, refusalOf } from '../../mock/transports/http/server-access.js';
import { rawJson, rawRequest } from '../support/raw-http.js';

// A web page must not drive the mock server: not by rebinding its own domain to 127.0.0.1 (the
// browser then sends `Host: attacker.example`), not by cross-site form posts (`text/plain`, a
// foreign `Origin`). A mock shared on a network can require a control token.

let running: RunningMockServer;
let port: string;
beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 3 });
  port = new URL(running.url).port;
});
afterAll(() => running.close());
beforeEach(() => running.mock.reset());

describe('Host: only names of this server are answered', () => {
  it('GET /__mock/state with a rebound Host is 403 with a JSON message, and shows no password', async () => {
    const answer = await rawRequest(running.url, 'GET', '/__mock/state', {
      host: `attacker.example:${port}`,
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ message: 'Forbidden' });
    expect(answer.text).not.toContain(running.mock.credentials.password);
  });

  it('the service routes refuse a rebound Host too: no login, no OpenAPI document', async () => {
    const login = await rawJson(running.url, 'POST', '/auth/token', running.mock.credentials, {
      host: `attacker.example:${port}`,
    });
    expect(login.status).toBe(403);
    expect(login.text).not.toContain('token"');
    const openapi = await rawRequest(running.url, 'GET', '/openapi.json', {
      host: 'attacker.example',
    });
    expect(openapi.status).toBe(403);
    expect(running.mock.requests).toEqual([]);
  });

  it('localhost, 127.0.0.1 and [::1] are answered on the server port and on any other', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await rawRequest(running.url, 'GET', '/__mock/state', { host })).status).toBe(200);
    }
    const otherPort = await rawRequest(running.url, 'GET', '/__mock/state', {
      host: `localhost:${Number(port) + 1}`,
    });
    expect(otherPort.status).toBe(200);
  });

  it('allowedHosts adds names, on any port', async () => {
    const named = await startMockServer({ port: 0, allowedHosts: ['Payments-Mock'] });
    try {
      const answer = await rawRequest(named.url, 'GET', '/__mock/state', {
        host: 'payments-mock:8080',
      });
      expect(answer.status).toBe(200);
      const other = await rawRequest(named.url, 'GET', '/__mock/state', { host: 'other:8080' });
      expect(other.status).toBe(403);
    } finally {
      await named.close();
    }
    await expect(startMockServer({ port: 0, allowedHosts: ['mock:4010'] })).rejects.toThrow(
      TypeError,
    );
  });
});

describe('Host rules of a server bound to every interface (tests bind to loopback only)', () => {
  const rules = accessRules({
    host: '0.0.0.0',
    port: 4010,
    allowedHosts: undefined,
    checkToken: undefined,
    interfaceAddresses: () => ['127.0.0.1', '192.0.2.10', 'fe80::1'],
  });
  const refused = (host: string) =>
    refusalOf(rules, { headers: { host }, method: 'GET' } as IncomingMessage, 'control')?.status;

  it("answers any address on any port (a mapped port, a proxy), and no one's name", () => {
    for (const host of [
      '192.0.2.10:4010',
      '[fe80::1]:4010',
      '0.0.0.0:4010',
      'localhost:4010',
      '192.0.2.10:8080',
      '198.51.100.1',
    ]) {
      expect(refused(host), host).toBeUndefined();
    }
    for (const host of ['attacker.example:4010', 'attacker.example', 'host.docker.internal']) {
      expect(refused(host), host).toBe(403);
    }
  });
});

describe('cross-site writes to the control routes are refused and change nothing', () => {
  it('a text/plain POST from another site cannot reset the state', async () => {
    const customer = running.mock.customers.create({ name: 'Ana' });
    const answer = await rawRequest(
      running.url,
      'POST',
      '/__mock/reset',
      { 'content-type': 'text/plain', origin: 'https://attacker.example' },
      '{}',
    );
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ message: 'Forbidden' });
    expect(running.mock.customers.get(customer._id)).toBeDefined();
  });

  it('a foreign Origin cannot expire tokens, even without a body; Origin: null neither', async () => {
    const token = await running.mock.auth.issueToken();
    for (const origin of [
      'https://attacker.example',
      'null',
      'http://127.0.0.1.attacker.example',
    ]) {
      const answer = await rawRequest(running.url, 'POST', '/__mock/auth/expire-tokens', {
        origin,
      });
      expect(answer.status).toBe(403);
    }
    const currencies = await fetch(`${running.url}/withdraw/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(currencies.status).toBe(200);
  });

  it('control bodies that are not JSON are 415: no clock move, no fault, no new customer', async () => {
    const before = running.mock.clock.now().toISOString();
    const writes: Array<[string, string, string]> = [
      ['POST', '/__mock/clock/advance', '{"ms":86400000}'],
      ['POST', '/__mock/faults', '{"status":500,"times":"Infinity"}'],
      ['POST', '/__mock/customers', '{"name":"Eve"}'],
      ['PUT', '/__mock/auth/allowed-ips', '{"ips":["203.0.113.9"]}'],
    ];
    for (const [method, path, body] of writes) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        const answer = await rawRequest(running.url, method, path, headers, body);
        expect(answer.status).toBe(415);
        expect(answer.json).toMatchObject({ message: 'Unsupported Media Type' });
      }
    }
    expect(running.mock.clock.now().toISOString()).toBe(before);
    expect(running.mock.customers.list()).toHaveLength(1);
    expect(running.mock.auth.allowedIps).toEqual([]);
    const faults = await rawRequest(running.url, 'GET', '/__mock/faults');
    expect(faults.json).toEqual([]);
  });

  it('a page of this machine on another port is another origin: 403, and the clock stays', async () => {
    const before = running.mock.clock.now().toISOString();
    for (const origin of [
      'http://localhost:5173',
      `http://127.0.0.1:${new URL(running.url).port}0`,
    ]) {
      const answer = await rawJson(
        running.url,
        'POST',
        '/__mock/clock/advance',
        { ms: 1000 },
        { origin },
      );
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ message: 'Forbidden' });
    }
    expect(running.mock.clock.now().toISOString()).toBe(before);
  });

  it('a browser that says the request is cross-site or same-site (Sec-Fetch-Site) is refused without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await rawRequest(running.url, 'POST', '/__mock/auth/expire-tokens', {
        'sec-fetch-site': site,
      });
      expect(answer.status).toBe(403);
    }
  });

  it("the server's own origin and a request with no Origin may drive them", async () => {
    const own = await rawJson(
      running.url,
      'POST',
      '/__mock/clock/advance',
      { ms: 1000 },
      { origin: running.url, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
    expect((await rawRequest(running.url, 'POST', '/__mock/reset')).status).toBe(200);
  });
});

describe('controlToken', () => {
  const secret = 'c0ntrol-t0ken-Zq8Hk2';
  let guarded: RunningMockServer;
  beforeAll(async () => {
    guarded = await startMockServer({ port: 0, seed: 4, controlToken: secret });
  });
  afterAll(() => guarded.close());

  it('every control route needs it: none or a wrong one is 401, and nothing changes', async () => {
    const customers = guarded.mock.customers.list().length;
    for (const headers of [
      {},
      { 'x-mock-control-token': 'wrong' },
      { 'x-mock-control-token': `${secret}x` },
      { authorization: `Bearer ${secret.slice(1)}` },
    ]) {
      const read = await rawRequest(guarded.url, 'GET', '/__mock/state', headers);
      expect(read.status).toBe(401);
      expect(read.json).toMatchObject({ message: 'Unauthorized' });
      expect(read.text).not.toContain(guarded.mock.credentials.password);
      const write = await rawJson(
        guarded.url,
        'POST',
        '/__mock/customers',
        { name: 'Eve' },
        headers,
      );
      expect(write.status).toBe(401);
    }
    expect(guarded.mock.customers.list()).toHaveLength(customers);
  });

  it('in X-Mock-Control-Token or as a Bearer token it works, and it is never shown', async () => {
    const state = await rawRequest(guarded.url, 'GET', '/__mock/state', {
      'x-mock-control-token': secret,
    });
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ credentials: guarded.mock.credentials });
    const created = await rawJson(
      guarded.url,
      'POST',
      '/__mock/customers',
      { name: 'Ana' },
      { authorization: `Bearer ${secret}` },
    );
    expect(created.status).toBe(201);
    const journal = await rawRequest(guarded.url, 'GET', '/__mock/requests', {
      'x-mock-control-token': secret,
    });
    const refused = await rawRequest(guarded.url, 'GET', '/__mock/state');
    for (const text of [state.text, created.text, journal.text, refused.text]) {
      expect(text).not.toContain(secret);
    }
    expect(JSON.stringify(guarded.mock.requests)).not.toContain(secret);
  });

  it('the service routes do not need it', async () => {
    const client = new PaymentClient({ baseUrl: guarded.url, ...guarded.mock.credentials });
    expect((await client.withdrawals.listCurrencies()).length).toBeGreaterThan(0);
  });

  it('a token that cannot travel in a header is refused at start, without showing it', async () => {
    for (const controlToken of ['', 'with space', 'line\r\nbreak', 'ação']) {
      const started = startMockServer({ port: 0, controlToken });
      await expect(started).rejects.toThrow(TypeError);
      await expect(started).rejects.not.toThrow(controlToken || 'never');
    }
  });
});

describe('pix-payment-mock --control-token, PIX_PAYMENT_MOCK_CONTROL_TOKEN, --journal-limit', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Starts the bin on a free port; resolves with its URL and everything it printed. */
  function startBin(args: string[], env: Record<string, string> = {}) {
    // process.execPath is the pinned Node that runs vitest; tsx loads the TypeScript entry.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'mock/bin.ts', '--port', '0', ...args],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    return new Promise<{ url: string; printed: string }>((resolve, reject) => {
      let printed = '';
      const collect = (chunk: Buffer) => {
        printed += chunk.toString('utf8');
        const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
        if (url && printed.includes('control:')) resolve({ url, printed });
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${printed}`)));
    });
  }

  it('the flag guards the control routes, is never printed, and the journal keeps the limit', async () => {
    const secret = 'flag-secret-8fQ2';
    const { url, printed } = await startBin(['--control-token', secret, '--journal-limit', '2']);
    expect(printed).not.toContain(secret);
    expect((await rawRequest(url, 'GET', '/__mock/state')).status).toBe(401);
    for (let i = 0; i < 3; i++) await rawRequest(url, 'GET', `/missing/${i}`);
    const journal = await rawRequest(url, 'GET', '/__mock/requests', {
      'x-mock-control-token': secret,
    });
    expect(journal.status).toBe(200);
    expect((journal.json as Array<{ path: string }>).map((entry) => entry.path)).toEqual([
      '/missing/1',
      '/missing/2',
    ]);
  }, 30_000);

  it('--delivery-log-limit keeps the newest deliveries only; 0 is refused', async () => {
    const secret = 'log-secret-2Wm';
    const { url, printed } = await startBin([
      '--control-token',
      secret,
      '--delivery-log-limit',
      '2',
    ]);
    const email = /email:\s+(\S+)/.exec(printed)?.[1] ?? '';
    const password = /password:\s+(\S+)/.exec(printed)?.[1] ?? '';
    const customerId = /customer id:\s+([0-9a-f]{24})/.exec(printed)?.[1] ?? '';
    const client = new PaymentClient({ baseUrl: url, email, password });
    const [currency] = await client.deposits.listCurrencies();
    const deposit = await rawJson(
      url,
      'POST',
      '/deposit',
      { amount: 1, customerId, currency },
      { authorization: `Bearer ${await client.getToken()}` },
    );
    const id = (deposit.json as { data: { id: string } }).data.id;
    const control = { 'x-mock-control-token': secret };
    for (let i = 0; i < 3; i++) {
      const settled = await rawJson(
        url,
        'POST',
        `/__mock/deposits/${id}/settle`,
        { status: 'PAID' },
        control,
      );
      expect(settled.status).toBe(200);
    }
    const log = await rawRequest(url, 'GET', '/__mock/webhooks/deliveries', control);
    expect((log.json as Array<{ id: number }>).map((delivery) => delivery.id)).toEqual([2, 3]);
    await expect(startBin(['--delivery-log-limit', '0'])).rejects.toThrow('exited with 2');
  }, 30_000);

  it('the environment variable does the same', async () => {
    const secret = 'env-secret-3kP9';
    const { url, printed } = await startBin([], { PIX_PAYMENT_MOCK_CONTROL_TOKEN: secret });
    expect(printed).not.toContain(secret);
    expect((await rawRequest(url, 'GET', '/__mock/state')).status).toBe(401);
    const state = await rawRequest(url, 'GET', '/__mock/state', {
      authorization: `Bearer ${secret}`,
    });
    expect(state.status).toBe(200);
  }, 30_000);
});
