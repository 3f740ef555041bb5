// Authentication: the token endpoint and the checks on every protected operation.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  FIFTEEN_DAYS_S,
  HEX24,
  type MockSession,
  mockPerTest,
  UNAUTHORIZED,
  UNKNOWN_ID,
} from '../../../support/mock-suite.js';
import { decodeJwtPart, encodeJwtPart, mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Authentication through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
  });

  describe('POST /auth/token', () => {
    it('answers 200 { token }, an HS256 JWT with sub, iat and exp 15 days ahead on the mock clock', async () => {
      const answer = await api.call('POST', '/auth/token', { body: h.mock.credentials });
      expect(answer.status).toBe(200);
      const { token: jwt } = answer.body as { token: string };
      const [header = '', payload = '', signature = ''] = jwt.split('.');
      expect(decodeJwtPart(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = decodeJwtPart(payload);
      expect(claims.iat).toBe(Math.floor(h.mock.clock.now().getTime() / 1000));
      expect(Number(claims.exp) - Number(claims.iat)).toBe(FIFTEEN_DAYS_S);
      expect(claims.sub).toMatch(HEX24);
      expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers 401 Unauthorized to a wrong password or an unknown email', async () => {
      const { email, password } = h.mock.credentials;
      const wrongPassword = await api.call('POST', '/auth/token', {
        body: { email, password: `${password}x` },
      });
      const wrongEmail = await api.call('POST', '/auth/token', {
        body: { email: `x${email}`, password },
      });
      expect(answerOf(wrongPassword)).toEqual(UNAUTHORIZED);
      expect(answerOf(wrongEmail)).toEqual(UNAUTHORIZED);
    });

    it('answers 400 Bad Request to missing fields, a body that is not JSON or not declared JSON', async () => {
      const { email } = h.mock.credentials;
      const missing = await api.call('POST', '/auth/token', { body: { email } });
      const notStrings = await api.call('POST', '/auth/token', { body: { email, password: 1 } });
      const notJson = await api.call('POST', '/auth/token', {
        rawBody: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      const textPlain = await api.call('POST', '/auth/token', {
        rawBody: JSON.stringify(h.mock.credentials),
        headers: { 'content-type': 'text/plain' },
      });
      for (const answer of [missing, notStrings, notJson, textPlain]) {
        expect(answerOf(answer)).toEqual(BAD_REQUEST);
      }
    });
  });

  describe('authentication, on every protected operation', () => {
    const routes = (customer: string): Array<[string, string, unknown?]> => [
      ['POST', `/pix/customer/${customer}/key`, { type: 'EMAIL', key: 'a@example.com' }],
      ['GET', `/pix/customer/${customer}/key`],
      ['DELETE', `/pix/customer/${customer}/key/remove/${UNKNOWN_ID}`],
      ['GET', '/withdraw/company/currencies'],
      ['GET', '/deposit/company/currencies'],
      ['POST', `/withdraw/${UNKNOWN_ID}/resend/webhook`, {}],
      ['POST', '/withdraw', {}],
      ['GET', `/withdraw/${UNKNOWN_ID}/details`],
      ['POST', '/deposit', {}],
      ['GET', `/deposit/${UNKNOWN_ID}/details`],
      ['POST', `/deposit/${UNKNOWN_ID}/resend/webhook`, {}],
      ['POST', '/customer', { name: 'Ana', document: '12345678909' }],
      ['GET', `/customer/${customer}`],
    ];

    const failures: Array<[string, (good: string) => Promise<Record<string, string>>]> = [
      ['no Authorization header', async () => ({})],
      ['a scheme other than Bearer', async (good) => ({ authorization: `Basic ${good}` })],
      ['Bearer without a token', async () => ({ authorization: 'Bearer ' })],
      ['a token that is not a JWT', async () => ({ authorization: 'Bearer not-a-jwt' })],
      ['a JWT with bad base64', async () => ({ authorization: 'Bearer a!.b!.c!' })],
      [
        'a tampered payload',
        async (good) => {
          const [header, payload, signature] = good.split('.');
          const claims = decodeJwtPart(payload ?? '');
          const forged = encodeJwtPart({ ...claims, exp: Number(claims.exp) + 1000 });
          return { authorization: `Bearer ${header}.${forged}.${signature}` };
        },
      ],
      [
        'a tampered signature',
        async (good) => {
          const last = good.at(-2) === 'A' ? 'B' : 'A';
          return { authorization: `Bearer ${good.slice(0, -2)}${last}${good.at(-1)}` };
        },
      ],
      [
        'alg none',
        async (good) => {
          const [, payload] = good.split('.');
          return {
            authorization: `Bearer ${encodeJwtPart({ alg: 'none', typ: 'JWT' })}.${payload}.`,
          };
        },
      ],
      [
        'another algorithm (HS512 header, HS256 signature)',
        async (good) => {
          const [, payload, signature] = good.split('.');
          return {
            authorization: `Bearer ${encodeJwtPart({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
          };
        },
      ],
      [
        'a token of another mock',
        async () => {
          const other = createPaymentServiceMock({ seed: 7 });
          return { authorization: `Bearer ${await other.auth.issueToken()}` };
        },
      ],
      [
        'an expired token (mock clock)',
        async (good) => {
          h.mock.clock.advance(FIFTEEN_DAYS_S * 1000);
          return { authorization: `Bearer ${good}` };
        },
      ],
      [
        'a token issued before expireTokens()',
        async (good) => {
          h.mock.auth.expireTokens();
          return { authorization: `Bearer ${good}` };
        },
      ],
      [
        'a caller outside the IP allowlist',
        async (good) => {
          h.mock.auth.allowIps(['203.0.113.7']);
          return { authorization: `Bearer ${good}` };
        },
      ],
    ];

    it.each(failures)('401 Unauthorized on every operation for %s', async (_name, makeHeaders) => {
      const headers = await makeHeaders(token);
      for (const [method, path, body] of routes(customerId)) {
        const answer = await api.call(method, path, {
          headers,
          ...(body !== undefined ? { body } : {}),
        });
        expect({ method, path, ...answerOf(answer) }).toEqual({ method, path, ...UNAUTHORIZED });
      }
    });

    it('a failed authentication changes nothing (the POSTs above did not act)', async () => {
      h.mock.auth.expireTokens();
      for (const [method, path, body] of routes(customerId)) {
        await api.call(method, path, { token, ...(body !== undefined ? { body } : {}) });
      }
      expect(h.mock.customers.list()).toHaveLength(1);
      expect(h.mock.pixKeys.list()).toHaveLength(0);
      expect(h.mock.webhooks.deliveries).toHaveLength(0);
    });

    it('a token works until its exp and a new login works after expireTokens()', async () => {
      h.mock.clock.advance(FIFTEEN_DAYS_S * 1000 - 1000);
      expect((await api.call('GET', '/withdraw/company/currencies', { token })).status).toBe(200);
      h.mock.auth.expireTokens();
      const fresh = await api.login();
      expect((await api.call('GET', '/withdraw/company/currencies', { token: fresh })).status).toBe(
        200,
      );
    });

    it('an allowlist that holds the caller lets it in, and applies to POST /auth/token too', async () => {
      h.mock.auth.allowIps(['127.0.0.1', '203.0.113.7']);
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
      h.mock.auth.allowIps(['203.0.113.7']);
      const login = await api.call('POST', '/auth/token', { body: h.mock.credentials });
      expect(answerOf(login)).toEqual(UNAUTHORIZED);
      h.mock.auth.allowIps([]);
      expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
    });

    it('the caller address is settable outside real HTTP, and the real socket address over it', async () => {
      h.mock.auth.allowIps(['203.0.113.7']);
      h.mock.auth.setCallerIp('203.0.113.7');
      const answer = await api.call('GET', '/deposit/company/currencies', { token });
      expect(answer.status).toBe(h.callerIpSettable ? 200 : 401);
      expect(h.mock.requests.at(-1)?.callerIp).toBe(
        h.callerIpSettable ? '203.0.113.7' : '127.0.0.1',
      );
    });
  });
});
