// Framing: every answer of the mock that has a body declares its length in bytes.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import { type MockSession, mockPerTest, withdrawalFixture } from '../../../support/mock-suite.js';
import { mockTransports, type RawAnswer } from '../../../support/mock-transports.js';

/** The answer has a body, and its `Content-Length` is that body's length in UTF-8 bytes. */
function expectDeclaredLength(answer: RawAnswer): void {
  expect(answer.text).not.toBe('');
  expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.text)));
}

/** The answer declares a byte length that a count of characters would get wrong. */
function expectMultibyte(answer: RawAnswer): void {
  expect(Buffer.byteLength(answer.text)).toBeGreaterThan(answer.text.length);
}

describe.each(mockTransports())('Content-Length through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  it('service answers: login, a list, a created withdrawal (Portuguese, multibyte)', async () => {
    const login = await api.call('POST', '/auth/token', { body: h.mock.credentials });
    expect(login.status).toBe(200);
    expectDeclaredLength(login);
    const currencies = await api.call('GET', '/withdraw/company/currencies', { token });
    expect(currencies.status).toBe(200);
    expectDeclaredLength(currencies);
    const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
    const created = await api.call('POST', '/withdraw', {
      token,
      body: { amount: 10.5, customerId, currency, pixKey, externalId: 'framing-1' },
    });
    expect(created.status).toBe(201);
    expectMultibyte(created);
    expectDeclaredLength(created);
  });

  it('a customer named with accents, and the duplicate answer, count bytes', async () => {
    const body = { name: 'João Conceição', document: '529.982.247-25' };
    const created = await api.call('POST', '/customer', { token, body });
    expect(created.status).toBe(201);
    expectMultibyte(created);
    expectDeclaredLength(created);
    const again = await api.call('POST', '/customer', { token, body });
    expect(again.body).toMatchObject({ message: 'Cliente já está cadastrado na base de dados' });
    expectDeclaredLength(again);
  });

  it('HEAD, which no operation takes: a 404 that declares its length and carries no body', async () => {
    const answer = await h.fetch(`${h.baseUrl}/withdraw/company/currencies`, { method: 'HEAD' });
    expect(answer.status).toBe(404);
    expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await answer.text()).toBe('');
  });

  it('service errors: 401, 404 and 400', async () => {
    const unauthorized = await api.call('GET', '/withdraw/company/currencies', { token: null });
    expect(unauthorized.status).toBe(401);
    expectDeclaredLength(unauthorized);
    const missing = await api.call('GET', '/no/such/operation', { token });
    expect(missing.status).toBe(404);
    expectDeclaredLength(missing);
    const bad = await api.call('POST', '/withdraw', { token, rawBody: '{not json' });
    expect(bad.status).toBe(400);
    expectDeclaredLength(bad);
  });

  it('control routes: an answer and an error with its detail', async () => {
    const state = await api.call('GET', '/__mock/state');
    expect(state.status).toBe(200);
    expectDeclaredLength(state);
    const unknown = await api.call('GET', '/__mock/não-existe');
    expect(unknown.status).toBe(404);
    expectDeclaredLength(unknown);
    const refused = await api.call('POST', '/__mock/faults', { body: { status: 'lento' } });
    expect(refused.status).toBe(400);
    expectDeclaredLength(refused);
  });

  it('fault answers: a status with a multibyte body and headers, before and after processing', async () => {
    h.mock.faults.inject({
      path: '/deposit/company/currencies',
      status: 429,
      body: { message: 'Muitas requisições: tente de novo' },
      headers: { 'retry-after': '1' },
    });
    const limited = await api.call('GET', '/deposit/company/currencies', { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expectMultibyte(limited);
    expectDeclaredLength(limited);
    h.mock.faults.inject({ path: '/withdraw/company/currencies', status: 503, phase: 'after' });
    const replaced = await api.call('GET', '/withdraw/company/currencies', { token });
    expect(replaced.status).toBe(503);
    expectDeclaredLength(replaced);
  });

  it('fault answers: a malformed body, and a 204 that has none and declares no length', async () => {
    h.mock.faults.inject({ path: '/withdraw/company/currencies', malformedBody: true });
    const malformed = await api.call('GET', '/withdraw/company/currencies', { token });
    expect(malformed.status).toBe(200);
    expectDeclaredLength(malformed);
    h.mock.faults.inject({ path: '/deposit/company/currencies', status: 204 });
    const empty = await api.call('GET', '/deposit/company/currencies', { token });
    expect(empty.status).toBe(204);
    expect(empty.text).toBe('');
    expect(empty.headers.get('content-length')).toBeNull();
  });

  it('several answers in a row on one client keep their framing (no answer runs into the next)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? api.call('GET', '/withdraw/company/currencies', { token })
          : api.call('GET', '/no/such/operation', { token }),
      ),
    );
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(index % 2 === 0 ? 200 : 404);
      expectDeclaredLength(answer);
    });
  });
});
