// The mock's own controls: the JavaScript API and the /__mock/ HTTP routes.
import { isValidCnpj, isValidCpf } from 'pix-payment-sdk';
import { createPaymentServiceMock, startMockServer } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../../support/mock-receiver.js';
import { decodeJwtPart } from '../../support/mock-transports.js';

async function login(mock: ReturnType<typeof createPaymentServiceMock>, base = mock.baseUrl) {
  const response = await mock.fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mock.credentials),
  });
  return ((await response.json()) as { token: string }).token;
}

describe('createPaymentServiceMock options', () => {
  it('defaults: https://api.payments.test, merchant@payments.test, a running clock, no webhook URL', () => {
    const mock = createPaymentServiceMock();
    expect(mock.baseUrl).toBe('https://api.payments.test');
    expect(mock.credentials.email).toBe('merchant@payments.test');
    expect(mock.credentials.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(mock.clock.frozen).toBe(false);
    expect(mock.webhooks.url).toBeNull();
    expect(mock.customers.seeded._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('credentials, tokenTtlMs, now and frozenClock are honoured', async () => {
    const mock = createPaymentServiceMock({
      credentials: { email: 'ops@shop.example', password: 's3cret' },
      tokenTtlMs: 60_000,
      now: '2030-05-01T00:00:00.000Z',
      frozenClock: true,
    });
    expect(mock.credentials).toEqual({ email: 'ops@shop.example', password: 's3cret' });
    const claims = decodeJwtPart((await login(mock)).split('.')[1] ?? '');
    expect(claims.iat).toBe(Date.parse('2030-05-01T00:00:00.000Z') / 1000);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
  });

  it('a base URL with a path prefix is kept; mock.fetch refuses URLs outside it with a TypeError', async () => {
    const mock = createPaymentServiceMock({ baseUrl: 'https://pay.example/v1/' });
    expect(mock.baseUrl).toBe('https://pay.example/v1');
    expect(await login(mock)).toEqual(expect.any(String));
    await expect(mock.fetch('https://pay.example/auth/token', { method: 'POST' })).rejects.toThrow(
      TypeError,
    );
    await expect(mock.fetch('https://elsewhere.example/v1/auth/token')).rejects.toThrow(TypeError);
  });

  it('rejects options that make no sense', () => {
    expect(() => createPaymentServiceMock({ baseUrl: 'ftp://x' })).toThrow(TypeError);
    expect(() => createPaymentServiceMock({ tokenTtlMs: 0 })).toThrow(TypeError);
    expect(() => createPaymentServiceMock({ webhookUrl: 'not a url' })).toThrow(TypeError);
    expect(() => createPaymentServiceMock({ now: 'yesterday' })).toThrow(TypeError);
  });
});

describe('mock.fetch', () => {
  it('rejects with the signal’s reason when aborted, also during an injected delay', async () => {
    const mock = createPaymentServiceMock();
    const before = new AbortController();
    before.abort(new Error('gone'));
    await expect(
      mock.fetch(`${mock.baseUrl}/auth/token`, { signal: before.signal }),
    ).rejects.toThrow('gone');
    mock.faults.inject({ path: '/auth/token', delayMs: 60_000 });
    const during = new AbortController();
    const pending = mock.fetch(`${mock.baseUrl}/auth/token`, {
      method: 'POST',
      signal: during.signal,
    });
    during.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});

describe('mock.clock', () => {
  it('now() is a Date; advance() and set() move it; a seeded clock is frozen', () => {
    const mock = createPaymentServiceMock({ seed: 1 });
    expect(mock.clock.frozen).toBe(true);
    expect(mock.clock.now()).toBeInstanceOf(Date);
    expect(mock.clock.now().toISOString()).toBe('2040-01-01T00:00:00.000Z');
    mock.clock.advance(1500);
    expect(mock.clock.now().toISOString()).toBe('2040-01-01T00:00:01.500Z');
    mock.clock.set('2027-02-03T04:05:06.000Z');
    expect(mock.clock.now().toISOString()).toBe('2027-02-03T04:05:06.000Z');
    mock.clock.set(new Date(0));
    expect(mock.clock.now().getTime()).toBe(0);
    expect(() => mock.clock.advance(-1)).toThrow(TypeError);
    expect(() => mock.clock.set('never')).toThrow(TypeError);
  });

  it('timestamps and id prefixes come from the mock clock', () => {
    const mock = createPaymentServiceMock({ seed: 1 });
    mock.clock.set('2031-01-01T00:00:00.000Z');
    const customer = mock.customers.create();
    expect(customer.createdDate).toBe('2031-01-01T00:00:00.000Z');
    expect(Number.parseInt(customer._id.slice(0, 8), 16)).toBe(
      Date.parse('2031-01-01T00:00:00Z') / 1000,
    );
  });
});

describe('mock.customers', () => {
  it('create() generates a valid CPF and a name; input is checked and normalised', () => {
    const mock = createPaymentServiceMock();
    const generated = mock.customers.create();
    expect(isValidCpf(generated.document)).toBe(true);
    expect(generated.name).toBe('Cliente 2');
    const company = mock.customers.create({
      name: 'Loja',
      document: '12.ABC.345/01DE-35',
      email: 'loja@example.com',
    });
    expect(company.document).toBe('12ABC34501DE35');
    expect(isValidCnpj(company.document)).toBe(true);
    expect(mock.customers.get(company._id)).toEqual(company);
    expect(mock.customers.list().map((c) => c._id)).toEqual([
      mock.customers.seeded._id,
      generated._id,
      company._id,
    ]);
    expect(() => mock.customers.create({ document: '123' })).toThrow(TypeError);
    expect(() => mock.customers.create({ document: '12ABC34501DE35' })).toThrow(/exists/);
    expect(() => mock.customers.create({ name: '' })).toThrow(TypeError);
    expect(mock.customers.list()).toHaveLength(3);
  });

  it('reset() without a seed keeps the credentials and the seeded customer', () => {
    const mock = createPaymentServiceMock();
    const seeded = mock.customers.seeded;
    const credentials = mock.credentials;
    mock.customers.create();
    mock.reset();
    expect(mock.customers.list()).toEqual([seeded]);
    expect(mock.credentials).toEqual(credentials);
  });
});

describe('settle, faults and webhook controls refuse bad arguments', () => {
  it('settle rejects an unknown id or status and changes nothing', async () => {
    const mock = createPaymentServiceMock();
    await expect(mock.withdrawals.settle('0123456789abcdef01234567', 'PAID')).rejects.toThrow(
      RangeError,
    );
    await expect(mock.deposits.settle('nope', 'PAID')).rejects.toThrow(RangeError);
    expect(mock.webhooks.deliveries).toHaveLength(0);
  });

  it('faults.inject rejects impossible faults', () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.faults.inject({ times: 0 })).toThrow(TypeError);
    expect(() => mock.faults.inject({ times: 1.5 })).toThrow(TypeError);
    expect(() => mock.faults.inject({ status: 99 })).toThrow(TypeError);
    expect(() => mock.faults.inject({ delayMs: -1 })).toThrow(TypeError);
    expect(() => mock.faults.inject({ networkError: true, status: 500 })).toThrow(TypeError);
  });

  it('webhooks.setUrl takes an absolute http(s) URL or null', () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.webhooks.setUrl('ftp://example.com/x')).toThrow(TypeError);
    expect(() => mock.webhooks.setUrl('/relative')).toThrow(TypeError);
    mock.webhooks.setUrl('http://127.0.0.1:9/hook');
    expect(mock.webhooks.url).toBe('http://127.0.0.1:9/hook');
    mock.webhooks.setUrl(null);
    expect(mock.webhooks.url).toBeNull();
  });

  it('auth controls validate their input; issueToken() gives a working token', async () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.auth.allowIps('127.0.0.1' as never)).toThrow(TypeError);
    expect(() => mock.auth.setCallerIp('')).toThrow(TypeError);
    const token = await mock.auth.issueToken();
    const response = await mock.fetch(`${mock.baseUrl}/deposit/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    mock.auth.denyAction('listDepositCurrencies');
    const denied = await mock.fetch(`${mock.baseUrl}/deposit/company/currencies`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(denied.status).toBe(401);
  });
});

describe('startMockServer', () => {
  it('serves an existing mock, keeps its baseUrl, and close() twice is harmless', async () => {
    const mock = createPaymentServiceMock({ seed: 3 });
    const running = await startMockServer({ mock });
    try {
      expect(running.mock).toBe(mock);
      expect(mock.baseUrl).toBe('https://api.payments.test');
      const response = await fetch(`${running.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mock.credentials),
      });
      expect(response.status).toBe(200);
      expect(mock.requests).toHaveLength(1);
    } finally {
      await running.close();
      await running.close();
    }
    await expect(fetch(`${running.url}/auth/token`)).rejects.toThrow(TypeError);
  });

  it('serves the OpenAPI document at /openapi.json, with its own URL as the server', async () => {
    const running = await startMockServer({ port: 0 });
    try {
      const response = await fetch(`${running.url}/openapi.json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as {
        openapi: string;
        servers: Array<{ url: string }>;
      };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.servers[0]?.url).toBe(running.url);
    } finally {
      await running.close();
    }
  });

  it('rejects an object that is not a mock', async () => {
    await expect(startMockServer({ mock: {} as never })).rejects.toThrow(TypeError);
  });
});

describe('control routes under /__mock/ (real HTTP)', () => {
  async function control(url: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}/__mock${path}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & unknown[],
    };
  }

  it('drive the whole mock: customers, settle, faults, journal, deliveries, clock, auth, reset', async () => {
    const receiver = await startReceiver();
    const running = await startMockServer({ port: 0, seed: 9 });
    const { url, mock } = running;
    try {
      const state = await control(url, 'GET', '/state');
      expect(state.body).toMatchObject({
        baseUrl: url,
        credentials: mock.credentials,
        seededCustomerId: mock.customers.seeded._id,
      });

      const created = await control(url, 'POST', '/customers', { name: 'Ana' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Ana',
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      expect((await control(url, 'POST', '/customers', { document: '1' })).status).toBe(400);
      expect((await control(url, 'GET', '/customers')).body).toHaveLength(2);

      expect((await control(url, 'PUT', '/webhooks/url', { url: receiver.url })).body).toEqual({
        url: receiver.url,
      });
      const token = await mock.auth.issueToken();
      const listed = await fetch(`${url}/deposit/company/currencies`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const currency = (await listed.json()) as unknown[];
      const deposit = await fetch(`${url}/deposit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: 5,
          customerId: mock.customers.seeded._id,
          currency: currency[0],
        }),
      });
      const { data } = (await deposit.json()) as { data: { id: string } };
      const settled = await control(url, 'POST', `/deposits/${data.id}/settle`, { status: 'PAID' });
      expect(settled.status).toBe(200);
      expect(settled.body).toMatchObject({
        deposit: { status: 'PAID' },
        delivery: { outcome: 'delivered' },
      });
      expect(receiver.received).toHaveLength(1);
      expect(
        (await control(url, 'POST', `/deposits/${data.id}/settle`, { status: 'DONE' })).status,
      ).toBe(400);
      expect(
        (
          await control(url, 'POST', '/withdrawals/0123456789abcdef01234567/settle', {
            status: 'PAID',
          })
        ).status,
      ).toBe(404);
      expect((await control(url, 'GET', '/webhooks/deliveries')).body).toHaveLength(1);
      expect((await control(url, 'POST', '/webhooks/flush')).body).toHaveLength(1);
      expect((await control(url, 'GET', '/deposits')).body).toHaveLength(1);
      expect((await control(url, 'GET', '/withdrawals')).body).toHaveLength(0);

      const fault = await control(url, 'POST', '/faults', {
        pathPattern: '/*/currencies',
        status: 503,
        times: 'Infinity',
      });
      expect(fault.status).toBe(201);
      const faulted = await fetch(`${url}/withdraw/company/currencies`);
      expect(faulted.status).toBe(503);
      expect((await control(url, 'GET', '/faults')).body).toEqual([
        expect.objectContaining({ id: fault.body.id, remaining: 'Infinity', hits: 1 }),
      ]);
      expect((await control(url, 'DELETE', `/faults/${String(fault.body.id)}`)).status).toBe(200);
      expect((await control(url, 'DELETE', '/faults/nope')).status).toBe(404);
      await control(url, 'POST', '/faults', { path: '/auth/token', networkError: true });
      await expect(fetch(`${url}/auth/token`, { method: 'POST' })).rejects.toThrow(TypeError);
      await control(url, 'POST', '/faults', { path: '/auth/token', status: 500 });
      expect((await control(url, 'DELETE', '/faults')).status).toBe(200);
      expect((await control(url, 'POST', '/faults', { status: 'x' })).status).toBe(400);

      const journal = (await control(url, 'GET', '/requests')).body as Array<{
        path: string;
        fault?: string;
      }>;
      expect(journal.map((entry) => entry.path)).not.toContain('/__mock/state');
      expect(journal.some((entry) => entry.fault)).toBe(true);

      expect((await control(url, 'POST', '/clock/advance', { ms: 1000 })).body).toEqual({
        now: '2040-01-01T00:00:01.000Z',
      });
      expect(
        (await control(url, 'PUT', '/clock', { now: '2040-06-01T00:00:00.000Z' })).body,
      ).toEqual({ now: '2040-06-01T00:00:00.000Z' });
      expect((await control(url, 'GET', '/clock')).body).toEqual({
        now: '2040-06-01T00:00:00.000Z',
      });
      expect((await control(url, 'POST', '/clock/advance', { ms: -5 })).status).toBe(400);

      // The clock moved five months: the first token has expired, so log in again.
      expect(
        (
          await fetch(`${url}/deposit/company/currencies`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(401);
      const authorized = { headers: { authorization: `Bearer ${await mock.auth.issueToken()}` } };
      await control(url, 'PUT', '/auth/denied-actions', { actions: ['listDepositCurrencies'] });
      expect((await fetch(`${url}/deposit/company/currencies`, authorized)).status).toBe(401);
      await control(url, 'PUT', '/auth/denied-actions', { actions: [] });
      await control(url, 'PUT', '/auth/allowed-ips', { ips: ['203.0.113.7'] });
      expect((await fetch(`${url}/deposit/company/currencies`, authorized)).status).toBe(401);
      await control(url, 'PUT', '/auth/allowed-ips', { ips: ['127.0.0.1'] });
      expect((await fetch(`${url}/deposit/company/currencies`, authorized)).status).toBe(200);
      await control(url, 'POST', '/auth/expire-tokens');
      expect((await fetch(`${url}/deposit/company/currencies`, authorized)).status).toBe(401);

      const reset = await control(url, 'POST', '/reset');
      expect(reset.body).toMatchObject({
        counts: { customers: 1, deposits: 0, requests: 0 },
        webhookUrl: null,
      });
      expect((await control(url, 'GET', '/nope')).status).toBe(404);
    } finally {
      await running.close();
      await receiver.close();
    }
  });
});
