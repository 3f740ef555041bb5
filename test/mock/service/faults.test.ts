// Faults.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  type MockSession,
  mockPerTest,
  SERVER_ERROR,
  UNAUTHORIZED,
} from '../../support/mock-suite.js';
import { mockTransports } from '../../support/mock-transports.js';

describe.each(mockTransports())('Faults through $name', (transport) => {
  let { h, api, token } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token } = session);
  });

  describe('faults', () => {
    it('networkError: the request fails like a dropped connection, once', async () => {
      h.mock.faults.inject({
        method: 'GET',
        path: '/deposit/company/currencies',
        networkError: true,
      });
      await expect(api.call('GET', '/deposit/company/currencies', { token })).rejects.toThrow(
        TypeError,
      );
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
      expect(h.mock.requests.at(-2)).toMatchObject({ status: 0, fault: expect.any(String) });
    });

    it('malformedBody: 200 with a body that is not JSON', async () => {
      h.mock.faults.inject({ path: '/withdraw/company/currencies', malformedBody: true });
      const answer = await api.call('GET', '/withdraw/company/currencies', { token });
      expect(answer.status).toBe(200);
      expect(() => JSON.parse(answer.text)).toThrow(SyntaxError);
    });

    it('delayMs alone delays the real answer', async () => {
      const fault = h.mock.faults.inject({ path: '/withdraw/company/currencies', delayMs: 20 });
      const answer = await api.call('GET', '/withdraw/company/currencies', { token });
      expect(answer.status).toBe(200);
      expect(fault.hits).toBe(1);
      expect(h.mock.requests.at(-1)).toMatchObject({ status: 200, fault: fault.id });
    });

    it('times, Infinity and remove(); method and path must both match; status, body and headers', async () => {
      h.mock.faults.inject({ method: 'POST', path: '/withdraw/company/currencies', status: 503 });
      const twice = h.mock.faults.inject({
        path: '/deposit/company/currencies',
        status: 429,
        body: { message: 'Too Many Requests', retryable: true },
        headers: { 'retry-after': '1' },
        times: 2,
      });
      expect((await api.call('GET', '/withdraw/company/currencies', { token })).status).toBe(200);
      const first = await api.call('GET', '/deposit/company/currencies', { token });
      expect(answerOf(first)).toEqual({
        status: 429,
        body: { message: 'Too Many Requests', retryable: true },
      });
      expect(first.headers.get('retry-after')).toBe('1');
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(429);
      expect(twice.remaining).toBe(0);
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
      const forever = h.mock.faults.inject({
        path: /currencies$/,
        status: 502,
        times: Number.POSITIVE_INFINITY,
      });
      for (let i = 0; i < 3; i++) {
        expect((await api.call('GET', '/deposit/company/currencies', { token })).body).toEqual({
          message: 'Bad Gateway',
        });
      }
      forever.remove();
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
    });

    it('a fault comes before authentication, and faults.clear() removes them all', async () => {
      h.mock.faults.inject({ path: '/deposit/company/currencies', status: 500, times: 5 });
      expect(
        answerOf(await api.call('GET', '/deposit/company/currencies', { token: null })),
      ).toEqual(SERVER_ERROR);
      h.mock.faults.clear();
      expect(
        answerOf(await api.call('GET', '/deposit/company/currencies', { token: null })),
      ).toEqual(UNAUTHORIZED);
    });
  });
});
