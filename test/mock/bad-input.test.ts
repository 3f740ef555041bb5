// Hostile and malformed input: never a 5xx (other than injected faults), never a corrupted state.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockHarness, mockTransports, rawApi } from '../support/mock-transports.js';

const VALID_CPF = '52998224725';

/** A raw HTTP/1.1 request, the path sent byte for byte (fetch would normalise it). */
function rawHttp(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(mockTransports())('bad input through $name', (transport) => {
  let h: MockHarness;
  let api: ReturnType<typeof rawApi>;
  let token: string;
  let customerId: string;

  beforeAll(() => transport.setup());
  afterAll(() => transport.teardown());
  beforeEach(async () => {
    h = await transport.create({ seed: 11 });
    api = rawApi(h);
    token = await api.login();
    customerId = h.mock.customers.seeded._id;
  });
  afterEach(async () => {
    // Whatever happened, the service still answers and nothing leaked into Object.prototype.
    expect((await api.call('GET', '/withdraw/company/currencies', { token })).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(h.mock.requests.every((entry) => entry.status < 500)).toBe(true);
    await h.close();
  });

  it('a body over 1 MiB is 413 { message } before authentication, and nothing is created', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), document: VALID_CPF });
    for (const auth of [token, null]) {
      const answer = await api.call('POST', '/customer', {
        token: auth,
        rawBody: huge,
        headers: { 'content-type': 'application/json' },
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 413,
        body: { message: 'Payload Too Large' },
      });
    }
    expect(h.mock.customers.list()).toHaveLength(1);
  });

  it('a deeply nested body is 400, not a crash', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const [path, body] of [
      ['/auth/token', `{"email":${nested},"password":"x"}`],
      ['/customer', `{"name":${nested},"document":"${VALID_CPF}"}`],
      [
        '/withdraw',
        `{"amount":1,"customerId":"${customerId}","currency":${nested},"pixKey":${nested}}`,
      ],
      ['/deposit', `{"amount":1,"customerId":"${customerId}","currency":{"_id":${nested}}}`],
    ] as const) {
      const answer = await api.call('POST', path, {
        token,
        rawBody: body,
        headers: { 'content-type': 'application/json' },
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
    }
    expect(JSON.stringify(h.mock.requests).length).toBeLessThan(100_000);
  });

  it('prototype-pollution keys are plain data: never inherited, never stored', async () => {
    const created = await api.call('POST', '/customer', {
      token,
      rawBody: `{"__proto__":{"polluted":true,"email":"x@y.z"},"constructor":{"prototype":{"polluted":true}},"name":"Ana","document":"${VALID_CPF}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const { _id } = (created.body as { customer: { _id: string } }).customer;
    const got = await api.call('GET', `/customer/${_id}`, { token });
    expect(Object.keys(got.body as object).sort()).toEqual(
      ['_id', 'createdDate', 'document', 'name', 'updatedDate', 'version'].sort(),
    );
    const key = await api.call('POST', `/pix/customer/${customerId}/key`, {
      token,
      rawBody: '{"__proto__":{"key":"ana@example.com","type":"EMAIL"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(key.status).toBe(400);
    for (const id of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty']) {
      expect((await api.call('GET', `/customer/${id}`, { token })).status).toBe(404);
      expect((await api.call('GET', `/pix/customer/${id}/key`, { token })).status).toBe(404);
      expect((await api.call('GET', `/withdraw/${id}/details`, { token })).status).toBe(404);
    }
  });

  it.each([
    ['not JSON', '{"name": ', 'application/json'],
    ['empty', '', 'application/json'],
    ['JSON declared as text/plain', `{"name":"Ana","document":"${VALID_CPF}"}`, 'text/plain'],
    ['form data', `name=Ana&document=${VALID_CPF}`, 'application/x-www-form-urlencoded'],
    ['a JSON string', '"Ana"', 'application/json'],
    ['a JSON number', '42', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
  ])('a body that is %s is 400 Bad Request', async (_name, rawBody, type) => {
    const answer = await api.call('POST', '/customer', {
      token,
      rawBody,
      headers: { 'content-type': type },
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { message: 'Bad Request' },
    });
    expect(h.mock.customers.list()).toHaveLength(1);
  });

  it('a body that is not valid UTF-8 is 400 Bad Request', async () => {
    const response = await h.fetch(`${h.baseUrl}/customer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Bad Request' });
  });

  it('JSON with a charset or a +json type is accepted', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      const answer = await api.call('POST', '/auth/token', {
        rawBody: JSON.stringify(h.mock.credentials),
        headers: { 'content-type': type },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('odd path parameters are 404, never another operation', async () => {
    for (const path of [
      `/pix/customer/${customerId}%2Fkey/key`,
      `/pix/customer/..%2F..%2Fwithdraw%2Fcompany%2Fcurrencies/key`,
      '/customer/%E0%A4%A',
      '/customer/%00',
      `/customer/${encodeURIComponent('çãо漢字😀')}`,
      `/customer/${'a'.repeat(4000)}`,
      `/withdraw/${'f'.repeat(23)}%66/details`,
      `/withdraw/${'F'.repeat(24)}/details`,
      '/withdraw/company/currencies/extra',
      '/pix/customer//key',
    ]) {
      const answer = await api.call('GET', path, { token });
      expect({ path: path.slice(0, 80), status: answer.status }).toEqual({
        path: path.slice(0, 80),
        status: 404,
      });
    }
    expect((await api.call('PUT', '/withdraw', { token, body: {} })).status).toBe(404);
    expect((await api.call('GET', '/withdraw/company/currencies/', { token })).status).toBe(200);
  });

  it('an Authorization header of 8 KB or of many dots is 401', async () => {
    for (const value of [
      `Bearer ${'a'.repeat(8000)}`,
      `Bearer ${'.'.repeat(500)}`,
      'Bearer a.b.c.d',
    ]) {
      const answer = await api.call('GET', '/deposit/company/currencies', {
        headers: { authorization: value },
      });
      expect(answer.status).toBe(401);
    }
  });

  // Raw request lines exist only over a real socket, so this case is defined for that transport.
  if (transport.name === 'http')
    it('raw HTTP: dot segments, unencoded odd bytes and absurd request lines never reach 5xx', async () => {
      for (const path of [
        '/pix/customer/../../auth/token',
        `/pix/customer/${customerId}/key/../../../withdraw/company/currencies`,
        '/%2e%2e/customer',
        '/customer/%',
        `/customer/${'x'.repeat(12_000)}`,
        '//withdraw/company/currencies',
      ]) {
        const answer = await rawHttp(h.baseUrl, 'GET', path, { authorization: `Bearer ${token}` });
        expect({ path: path.slice(0, 60), server: answer.status < 500 }).toEqual({
          path: path.slice(0, 60),
          server: true,
        });
      }
      const absolute = await rawHttp(h.baseUrl, 'GET', 'http://evil.example/customer', {});
      expect(absolute.status).toBe(400);
      const chunked = await rawHttp(
        h.baseUrl,
        'POST',
        '/auth/token',
        { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        JSON.stringify(h.mock.credentials),
      );
      expect(chunked.status).toBe(200);
      const control = await rawHttp(
        h.baseUrl,
        'POST',
        '/__mock/faults',
        { 'content-type': 'application/json' },
        '{"pathPattern":"("}',
      );
      expect(control.status).toBe(400);
    });
});
