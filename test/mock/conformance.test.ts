// One conformance suite, run through MSW's setupServer, through mock.fetch and over real HTTP.
import { isValidCpf, type KnownTransactionStatus } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusedUrl, startReceiver } from '../support/mock-receiver.js';
import {
  decodeJwtPart,
  encodeJwtPart,
  type MockHarness,
  mockTransports,
  rawApi,
} from '../support/mock-transports.js';

const FIFTEEN_DAYS_S = 15 * 24 * 60 * 60;
const HEX24 = /^[0-9a-f]{24}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = '0123456789abcdef01234567';
const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } };
const BAD_REQUEST = { status: 400, body: { message: 'Bad Request' } };
const NOT_FOUND = { status: 404, body: { message: 'Not Found' } };
const SERVER_ERROR = { status: 500, body: { message: 'Internal Server Error' } };

type Api = ReturnType<typeof rawApi>;

function answerOf(answer: { status: number; body: unknown }) {
  return { status: answer.status, body: answer.body };
}

/** Registers a key and lists currencies: what a withdrawal needs. */
async function withdrawalFixture(api: Api, token: string, customerId: string) {
  const added = await api.call('POST', `/pix/customer/${customerId}/key`, {
    token,
    body: { type: 'EMAIL', key: `ana.${customerId}@example.com` },
  });
  const { key } = added.body as { key: { key: string; type: string; _id: string } };
  const currencies = await api.call('GET', '/withdraw/company/currencies', { token });
  const [currency] = currencies.body as Array<Record<string, unknown>>;
  return { pixKey: key, currency: currency as Record<string, unknown> };
}

async function depositCurrency(api: Api, token: string): Promise<Record<string, unknown>> {
  const answer = await api.call('GET', '/deposit/company/currencies', { token });
  return (answer.body as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

// An independent CRC16-CCITT (0x1021, init 0xFFFF) and EMV reader, to check the mock's BR Codes.
function crc16(text: string): string {
  let crc = 0xffff;
  for (const char of Buffer.from(text, 'utf8')) {
    crc ^= char << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function emvFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

describe.each(mockTransports())('the mock through $name', (transport) => {
  let h: MockHarness;
  let api: Api;
  let token: string;
  let customerId: string;

  beforeAll(() => transport.setup());
  afterAll(() => transport.teardown());
  beforeEach(async () => {
    h = await transport.create({ seed: 7, webhookTimeoutMs: 300 });
    api = rawApi(h);
    token = await api.login();
    customerId = h.mock.customers.seeded._id;
  });
  afterEach(async () => {
    await h.mock.webhooks.flush();
    await h.close();
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

  describe('section 7: Add Pix key', () => {
    const add = (customer: string, body: unknown) =>
      api.call('POST', `/pix/customer/${customer}/key`, { token, body });

    it('201 with the Portuguese confirmation and the whole key object', async () => {
      const answer = await add(customerId, { type: 'CPF', key: '123.456.789-09' });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Chave Pix adicionada com sucesso',
        key: { key: '12345678909', type: 'CPF', _id: expect.stringMatching(HEX24) },
      });
    });

    it.each([
      ['an e-mail in upper case', { type: 'EMAIL', key: 'Ana@Example.com' }],
      ['a phone without +55', { type: 'PHONE', key: '11987654321' }],
      ['a CNPJ with wrong check digits', { type: 'CNPJ', key: '11222333000182' }],
      ['a RANDOM key that is not a UUID', { type: 'RANDOM', key: 'abc' }],
      ['a CPF of 10 digits', { type: 'CPF', key: '1234567890' }],
      ['an unknown type', { type: 'IBAN', key: 'BR00' }],
      ['a missing key', { type: 'EMAIL' }],
      ['a missing type', { key: 'ana@example.com' }],
      ['a key that is not a string', { type: 'EMAIL', key: 42 }],
      ['a body that is an array', [{ type: 'EMAIL', key: 'ana@example.com' }]],
    ])('400 Bad Request: the provided Pix key is not valid (%s)', async (_name, body) => {
      expect(answerOf(await add(customerId, body))).toEqual(BAD_REQUEST);
    });

    it('404 Not Found: the Pix key is already registered, for this customer or another', async () => {
      const other = h.mock.customers.create();
      expect((await add(customerId, { type: 'PHONE', key: '+5561912345678' })).status).toBe(201);
      expect(answerOf(await add(customerId, { type: 'PHONE', key: '+5561912345678' }))).toEqual(
        NOT_FOUND,
      );
      expect(answerOf(await add(other._id, { type: 'PHONE', key: '+55 61 91234-5678' }))).toEqual(
        NOT_FOUND,
      );
    });

    it('404 Not Found: the key does not correspond to a valid CPF (11 digits, wrong check digits)', async () => {
      expect(answerOf(await add(customerId, { type: 'CPF', key: '12345678900' }))).toEqual(
        NOT_FOUND,
      );
      expect(answerOf(await add(customerId, { type: 'CPF', key: '111.111.111-11' }))).toEqual(
        NOT_FOUND,
      );
    });

    it('404 Not Found: the customer is not found (unknown id, or not an id at all)', async () => {
      const body = { type: 'EMAIL', key: 'ana@example.com' };
      expect(answerOf(await add(UNKNOWN_ID, body))).toEqual(NOT_FOUND);
      expect(answerOf(await add('not-an-id', body))).toEqual(NOT_FOUND);
    });

    it('500 Internal Server Error: reachable by fault injection', async () => {
      h.mock.faults.inject({
        method: 'POST',
        path: `/pix/customer/${customerId}/key`,
        status: 500,
      });
      expect(answerOf(await add(customerId, { type: 'EMAIL', key: 'ana@example.com' }))).toEqual(
        SERVER_ERROR,
      );
      expect(h.mock.pixKeys.list()).toHaveLength(0);
    });
  });

  describe('section 7: List Pix keys', () => {
    it('200 with a plain array of whole key objects, in registration order', async () => {
      await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: 'ana@example.com' },
      });
      await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'RANDOM', key: '123e4567-e89b-12d3-a456-426614174000' },
      });
      const answer = await api.call('GET', `/pix/customer/${customerId}/key`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        { key: 'ana@example.com', type: 'EMAIL', _id: expect.stringMatching(HEX24) },
        {
          key: '123e4567-e89b-12d3-a456-426614174000',
          type: 'RANDOM',
          _id: expect.stringMatching(HEX24),
        },
      ]);
    });

    it('404 Not Found: customer not found', async () => {
      expect(answerOf(await api.call('GET', `/pix/customer/${UNKNOWN_ID}/key`, { token }))).toEqual(
        NOT_FOUND,
      );
    });

    it('500 Internal Server Error: reachable by fault injection', async () => {
      h.mock.faults.inject({ path: `/pix/customer/${customerId}/key`, status: 500 });
      expect(answerOf(await api.call('GET', `/pix/customer/${customerId}/key`, { token }))).toEqual(
        SERVER_ERROR,
      );
    });
  });

  describe('section 7: List withdrawal and deposit currencies', () => {
    const currencyShape = {
      _id: expect.stringMatching(HEX24),
      name: 'BRL',
      type: 'PIX',
      symbol: 'R$',
      createdDate: expect.stringMatching(ISO_UTC),
      updatedDate: expect.stringMatching(ISO_UTC),
      __v: 0,
      supplierFeeByActivity: {
        servicetreeal: {
          type: expect.stringMatching(/^(FIXED|PERCENTAGE)$/),
          value: expect.any(Number),
        },
        servicetreealliquidity: {
          type: expect.stringMatching(/^(FIXED|PERCENTAGE)$/),
          value: expect.any(Number),
        },
      },
    };

    it('200 with whole currency objects; withdrawal and deposit BRL are different objects', async () => {
      const withdrawal = await api.call('GET', '/withdraw/company/currencies', { token });
      const deposit = await api.call('GET', '/deposit/company/currencies', { token });
      expect(withdrawal.status).toBe(200);
      expect(deposit.status).toBe(200);
      expect(withdrawal.body).toEqual([currencyShape]);
      expect(deposit.body).toEqual([currencyShape]);
      const [w] = withdrawal.body as Array<{ _id: string }>;
      const [d] = deposit.body as Array<{ _id: string }>;
      expect(w?._id).not.toBe(d?._id);
    });

    it('404 Customer not found (withdrawal currencies) has no natural trigger: only a fault gives it', async () => {
      h.mock.faults.inject({ method: 'GET', path: '/withdraw/company/currencies', status: 404 });
      expect(answerOf(await api.call('GET', '/withdraw/company/currencies', { token }))).toEqual(
        NOT_FOUND,
      );
    });

    it('500 Internal Server Error on either list: reachable by fault injection', async () => {
      h.mock.faults.inject({ path: '/withdraw/company/currencies', status: 500 });
      h.mock.faults.inject({ path: '/deposit/company/currencies', status: 500 });
      expect(answerOf(await api.call('GET', '/withdraw/company/currencies', { token }))).toEqual(
        SERVER_ERROR,
      );
      expect(answerOf(await api.call('GET', '/deposit/company/currencies', { token }))).toEqual(
        SERVER_ERROR,
      );
    });
  });

  describe('section 7: Resend withdrawal webhook', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeEach(async () => {
      receiver = await startReceiver();
    });
    afterEach(() => receiver.close());

    async function createWithdrawal(externalId?: string): Promise<string> {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 10.5, customerId, currency, pixKey, ...(externalId ? { externalId } : {}) },
      });
      return (answer.body as { _id: string })._id;
    }

    it('200 with the Portuguese message, and the webhook reaches a real receiver over HTTP', async () => {
      const id = await createWithdrawal('order-1');
      h.mock.webhooks.setUrl(receiver.url);
      const answer = await api.call('POST', `/withdraw/${id}/resend/webhook`, { token, body: {} });
      expect(answerOf(answer)).toEqual({
        status: 200,
        body: { message: 'Webhook de saque reenviado com sucesso' },
      });
      const [delivery] = await h.mock.webhooks.flush();
      expect(delivery).toMatchObject({
        outcome: 'delivered',
        status: 200,
        url: receiver.url,
        trigger: 'resend',
      });
      expect(receiver.received).toEqual([
        {
          method: 'POST',
          path: '/webhooks/pix',
          headers: expect.objectContaining({ 'content-type': 'application/json' }),
          body: {
            id,
            customerId,
            status: 'PENDING',
            name: 'BRL',
            type: 'PIX',
            amount: 10.5,
            operation: 'WITHDRAW',
            externalId: 'order-1',
          },
        },
      ]);
    });

    it('may be called any number of times; each call delivers again', async () => {
      const id = await createWithdrawal();
      h.mock.webhooks.setUrl(receiver.url);
      for (let i = 0; i < 3; i++) {
        expect((await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })).status).toBe(
          200,
        );
      }
      await h.mock.webhooks.flush();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[0]?.body).not.toHaveProperty('externalId');
    });

    it('404 Not Found: the provided ID is invalid, or the transaction does not exist', async () => {
      const deposit = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1, customerId, currency: await depositCurrency(api, token) },
      });
      const depositId = (deposit.body as { data: { id: string } }).data.id;
      for (const id of ['123', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', UNKNOWN_ID, depositId]) {
        const answer = await api.call('POST', `/withdraw/${id}/resend/webhook`, { token });
        expect({ id, ...answerOf(answer) }).toEqual({ id, ...NOT_FOUND });
      }
    });

    it('401 Unauthorized: not authorized for this action (mock.auth.denyAction)', async () => {
      const id = await createWithdrawal();
      h.mock.webhooks.setUrl(receiver.url);
      h.mock.auth.denyAction('resendWithdrawalWebhook');
      expect(answerOf(await api.call('POST', `/withdraw/${id}/resend/webhook`, { token }))).toEqual(
        UNAUTHORIZED,
      );
      expect((await api.call('GET', `/withdraw/${id}/details`, { token })).status).toBe(200);
      h.mock.auth.allowAction('resendWithdrawalWebhook');
      expect((await api.call('POST', `/withdraw/${id}/resend/webhook`, { token })).status).toBe(
        200,
      );
      await h.mock.webhooks.flush();
      expect(receiver.received).toHaveLength(1);
    });

    it('500 Internal Server Error: reachable by fault injection, and nothing is sent', async () => {
      const id = await createWithdrawal();
      h.mock.webhooks.setUrl(receiver.url);
      h.mock.faults.inject({ path: /\/resend\/webhook$/, status: 500 });
      expect(answerOf(await api.call('POST', `/withdraw/${id}/resend/webhook`, { token }))).toEqual(
        SERVER_ERROR,
      );
      expect(h.mock.webhooks.deliveries).toHaveLength(0);
    });
  });

  describe('Pix key removal (per the provider)', () => {
    it('201 with the Portuguese message; the key leaves the list and may be registered again', async () => {
      const added = await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: 'ana@example.com' },
      });
      const { _id } = (added.body as { key: { _id: string } }).key;
      const removed = await api.call('DELETE', `/pix/customer/${customerId}/key/remove/${_id}`, {
        token,
      });
      expect(answerOf(removed)).toEqual({
        status: 201,
        body: { message: 'Chave Pix removida com sucesso' },
      });
      expect((await api.call('GET', `/pix/customer/${customerId}/key`, { token })).body).toEqual(
        [],
      );
      const again = await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: 'ana@example.com' },
      });
      expect(again.status).toBe(201);
    });

    it('404 when the customer or the key is unknown, or the key is another customer’s', async () => {
      const other = h.mock.customers.create();
      const added = await api.call('POST', `/pix/customer/${other._id}/key`, {
        token,
        body: { type: 'EMAIL', key: 'bia@example.com' },
      });
      const { _id } = (added.body as { key: { _id: string } }).key;
      for (const path of [
        `/pix/customer/${customerId}/key/remove/${_id}`,
        `/pix/customer/${customerId}/key/remove/${UNKNOWN_ID}`,
        `/pix/customer/${UNKNOWN_ID}/key/remove/${_id}`,
      ]) {
        expect(answerOf(await api.call('DELETE', path, { token }))).toEqual(NOT_FOUND);
      }
      expect(h.mock.pixKeys.list()).toHaveLength(1);
    });
  });

  describe('withdrawals (per the provider)', () => {
    it('201 PENDING with the Portuguese message; details show it', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 10.5, customerId, currency, pixKey, externalId: 'order-7' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Solicitação de Saque realizada com sucesso',
        status: 'PENDING',
        _id: expect.stringMatching(HEX24),
      });
      const { _id } = answer.body as { _id: string };
      const details = await api.call('GET', `/withdraw/${_id}/details`, { token });
      expect(answerOf(details)).toEqual({
        status: 200,
        body: {
          _id,
          customerId,
          externalId: 'order-7',
          document: h.mock.customers.seeded.document,
          currency: { name: 'BRL', type: 'PIX', amount: 10.5, status: 'PENDING' },
        },
      });
    });

    it('accepts the currency without supplierFeeByActivity, as in the service document’s example', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const { supplierFeeByActivity: _fees, ...withoutFees } = currency;
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId, currency: withoutFees, pixKey },
      });
      expect(answer.status).toBe(201);
    });

    it('the same externalId again answers the first withdrawal (201, same _id) and creates nothing', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const body = { amount: 10.5, customerId, currency, pixKey, externalId: 'order-9' };
      const first = await api.call('POST', '/withdraw', { token, body });
      const second = await api.call('POST', '/withdraw', { token, body: { ...body, amount: 99 } });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(h.mock.withdrawals.list()).toHaveLength(1);
      expect(h.mock.withdrawals.list()[0]?.amount).toBe(10.5);
    });

    it('404 Not Found when customerId is unknown', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId: UNKNOWN_ID, currency, pixKey },
      });
      expect(answerOf(answer)).toEqual(NOT_FOUND);
    });

    it('400 Bad Request for every body that does not validate, and nothing is created', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const other = h.mock.customers.create();
      const otherKey = await api.call('POST', `/pix/customer/${other._id}/key`, {
        token,
        body: { type: 'EMAIL', key: 'other@example.com' },
      });
      const good = { amount: 10.5, customerId, currency, pixKey };
      const { _id: _currencyId, ...currencyWithoutId } = currency;
      const { _id: _keyId, ...keyWithoutId } = pixKey;
      const bad: Array<[string, unknown]> = [
        ['amount as a string', { ...good, amount: '10.50' }],
        ['amount zero', { ...good, amount: 0 }],
        ['amount negative', { ...good, amount: -1 }],
        ['amount with three decimals', { ...good, amount: 10.505 }],
        ['amount missing', { ...good, amount: undefined }],
        ['currency missing _id', { ...good, currency: currencyWithoutId }],
        ['currency a string', { ...good, currency: 'BRL' }],
        [
          'currency from the deposit list',
          { ...good, currency: await depositCurrency(api, token) },
        ],
        ['currency with another symbol', { ...good, currency: { ...currency, symbol: 'US$' } }],
        [
          'currency with other fees',
          {
            ...good,
            currency: {
              ...currency,
              supplierFeeByActivity: { servicetreeal: { type: 'FIXED', value: 0 } },
            },
          },
        ],
        ['pixKey missing _id', { ...good, pixKey: keyWithoutId }],
        ['pixKey with another key value', { ...good, pixKey: { ...pixKey, key: 'x@example.com' } }],
        ['pixKey with another type', { ...good, pixKey: { ...pixKey, type: 'CPF' } }],
        [
          'pixKey of another customer',
          { ...good, pixKey: (otherKey.body as { key: unknown }).key },
        ],
        ['pixKey unknown', { ...good, pixKey: { ...pixKey, _id: UNKNOWN_ID } }],
        ['customerId not a string', { ...good, customerId: 1 }],
        ['externalId empty', { ...good, externalId: '' }],
        ['externalId a number', { ...good, externalId: 7 }],
        ['a body that is null', null],
      ];
      for (const [name, body] of bad) {
        const answer = await api.call('POST', '/withdraw', { token, body });
        expect({ name, ...answerOf(answer) }).toEqual({ name, ...BAD_REQUEST });
      }
      expect(h.mock.withdrawals.list()).toHaveLength(0);
    });

    it('with maskKeys, lists keys masked, and the masked object is accepted whole', async () => {
      const masked = await transport.create({ seed: 8, maskKeys: true });
      try {
        const maskedApi = rawApi(masked);
        const maskedToken = await maskedApi.login();
        const id = masked.mock.customers.seeded._id;
        const added = await maskedApi.call('POST', `/pix/customer/${id}/key`, {
          token: maskedToken,
          body: { type: 'PHONE', key: '+5512912345678' },
        });
        expect((added.body as { key: { key: string } }).key.key).toBe('+5512*********');
        const list = await maskedApi.call('GET', `/pix/customer/${id}/key`, { token: maskedToken });
        const [pixKey] = list.body as Array<{ key: string }>;
        expect(pixKey?.key).toBe('+5512*********');
        const currencies = await maskedApi.call('GET', '/withdraw/company/currencies', {
          token: maskedToken,
        });
        const [currency] = currencies.body as unknown[];
        const answer = await maskedApi.call('POST', '/withdraw', {
          token: maskedToken,
          body: { amount: 3, customerId: id, currency, pixKey },
        });
        expect(answer.status).toBe(201);
        expect(masked.mock.withdrawals.list()[0]?.pixKey.key).toBe('+5512912345678');
      } finally {
        await masked.close();
      }
    });
  });

  describe('deposits (per the provider)', () => {
    it('201 WAITING_PAYMENT with a valid Pix BR Code; details show it', async () => {
      const currency = await depositCurrency(api, token);
      const answer = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1234.5, customerId, currency, externalId: 'dep-1' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Pix Gerado com Sucesso',
        data: {
          status: 'WAITING_PAYMENT',
          code: expect.any(String),
          id: expect.stringMatching(HEX24),
          customerId,
        },
      });
      const { code, id } = (answer.body as { data: { code: string; id: string } }).data;
      expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
      expect(code.slice(-8, -4)).toBe('6304');
      const fields = emvFields(code);
      expect(fields.get('00')).toBe('01');
      expect(emvFields(fields.get('26') ?? '').get('00')).toBe('br.gov.bcb.pix');
      expect(fields.get('52')).toBe('0000');
      expect(fields.get('53')).toBe('986');
      expect(fields.get('54')).toBe('1234.50');
      expect(fields.get('58')).toBe('BR');
      expect(fields.get('59')?.length).toBeGreaterThan(0);
      expect(fields.get('60')?.length).toBeGreaterThan(0);
      expect(emvFields(fields.get('62') ?? '').get('05')).toBe(id);
      const details = await api.call('GET', `/deposit/${id}/details`, { token });
      expect(answerOf(details)).toEqual({
        status: 200,
        body: {
          _id: id,
          customerId,
          externalId: 'dep-1',
          document: h.mock.customers.seeded.document,
          currency: { name: 'BRL', type: 'PIX', amount: 1234.5, status: 'WAITING_PAYMENT' },
        },
      });
    });

    it('404 for an unknown customer; 400 for a withdrawal currency or a bad amount', async () => {
      const currency = await depositCurrency(api, token);
      const withdrawalCurrency = (await api.call('GET', '/withdraw/company/currencies', { token }))
        .body as unknown[];
      const unknown = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1, customerId: UNKNOWN_ID, currency },
      });
      expect(answerOf(unknown)).toEqual(NOT_FOUND);
      for (const body of [
        { amount: 1, customerId, currency: withdrawalCurrency[0] },
        { amount: 0.001, customerId, currency },
        { amount: 1, customerId },
      ]) {
        expect(answerOf(await api.call('POST', '/deposit', { token, body }))).toEqual(BAD_REQUEST);
      }
      expect(h.mock.deposits.list()).toHaveLength(0);
    });

    it('resend answers 200 with the Portuguese message; details of an unknown id are 404', async () => {
      const currency = await depositCurrency(api, token);
      const created = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1, customerId, currency },
      });
      const { id } = (created.body as { data: { id: string } }).data;
      const resent = await api.call('POST', `/deposit/${id}/resend/webhook`, { token });
      expect(answerOf(resent)).toEqual({
        status: 200,
        body: { message: 'Webhook de depósito reenviado com sucesso' },
      });
      expect(answerOf(await api.call('GET', `/deposit/${UNKNOWN_ID}/details`, { token }))).toEqual(
        NOT_FOUND,
      );
      expect(
        answerOf(await api.call('POST', `/deposit/${UNKNOWN_ID}/resend/webhook`, { token })),
      ).toEqual(NOT_FOUND);
      const [delivery] = await h.mock.webhooks.flush();
      expect(delivery).toMatchObject({ outcome: 'skipped', url: null });
    });
  });

  describe('customers (per the provider)', () => {
    it('POST /customer: 201 with the new customer, 200 with the _id when the document exists', async () => {
      const created = await api.call('POST', '/customer', {
        token,
        body: {
          name: 'Ana Souza',
          document: '529.982.247-25',
          email: 'ana@example.com',
          phone: '+5511987654321',
        },
      });
      expect(answerOf(created)).toEqual({
        status: 201,
        body: {
          message: 'Novo cliente criado com sucesso',
          customer: {
            _id: expect.stringMatching(HEX24),
            name: 'Ana Souza',
            email: 'ana@example.com',
            document: '52998224725',
          },
        },
      });
      const { _id } = (created.body as { customer: { _id: string } }).customer;
      const again = await api.call('POST', '/customer', {
        token,
        body: { name: 'Ana S.', document: '52998224725' },
      });
      expect(answerOf(again)).toEqual({
        status: 200,
        body: { message: 'Cliente já está cadastrado na base de dados', customer: { _id } },
      });
      const got = await api.call('GET', `/customer/${_id}`, { token });
      expect(answerOf(got)).toEqual({
        status: 200,
        body: {
          _id,
          name: 'Ana Souza',
          email: 'ana@example.com',
          document: '52998224725',
          version: 0,
          createdDate: expect.stringMatching(ISO_UTC),
          updatedDate: expect.stringMatching(ISO_UTC),
        },
      });
    });

    it('400 when name or document is missing or the document is not a CPF/CNPJ; 404 for unknown ids', async () => {
      for (const body of [
        { document: '52998224725' },
        { name: 'Ana' },
        { name: 'Ana', document: '123' },
      ]) {
        expect(answerOf(await api.call('POST', '/customer', { token, body }))).toEqual(BAD_REQUEST);
      }
      expect(answerOf(await api.call('GET', `/customer/${UNKNOWN_ID}`, { token }))).toEqual(
        NOT_FOUND,
      );
      expect(answerOf(await api.call('GET', '/customer/__proto__', { token }))).toEqual(NOT_FOUND);
      expect(h.mock.customers.list()).toHaveLength(1);
    });
  });

  describe('webhooks: settle and delivery failures', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let withdrawalId: string;
    beforeEach(async () => {
      receiver = await startReceiver();
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const answer = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 25, customerId, currency, pixKey, externalId: 'order-25' },
      });
      withdrawalId = (answer.body as { _id: string })._id;
    });
    afterEach(() => receiver.close());

    it('settle moves the withdrawal on, notifies the receiver, and details agree', async () => {
      h.mock.webhooks.setUrl(receiver.url);
      const delivery = await h.mock.withdrawals.settle(withdrawalId, 'PAID');
      expect(delivery).toMatchObject({ outcome: 'delivered', status: 200, trigger: 'settle' });
      expect(delivery.time).toMatch(ISO_UTC);
      expect(receiver.received[0]?.body).toMatchObject({
        id: withdrawalId,
        status: 'PAID',
        amount: 25,
      });
      const details = await api.call('GET', `/withdraw/${withdrawalId}/details`, { token });
      expect((details.body as { currency: { status: string } }).currency.status).toBe('PAID');
    });

    it('settle on a deposit notifies with operation DEPOSIT', async () => {
      h.mock.webhooks.setUrl(receiver.url);
      const currency = await depositCurrency(api, token);
      const created = await api.call('POST', '/deposit', {
        token,
        body: { amount: 7, customerId, currency },
      });
      const { id } = (created.body as { data: { id: string } }).data;
      await h.mock.deposits.settle(id, 'PAID', { identifiedDocumentPix: '52998224725' });
      expect(receiver.received[0]?.body).toEqual({
        id,
        customerId,
        status: 'PAID',
        name: 'BRL',
        type: 'PIX',
        amount: 7,
        operation: 'DEPOSIT',
      });
      const details = await api.call('GET', `/deposit/${id}/details`, { token });
      expect(details.body).toMatchObject({ identifiedDocumentPix: '52998224725' });
    });

    it.each([
      ['answers 500', 'rejected'],
      ['refuses the connection', 'failed'],
      ['never answers', 'timeout'],
    ] as const)(
      'a receiver that %s does not break the service (journaled %s)',
      async (how, outcome) => {
        if (how === 'answers 500') receiver.setMode({ status: 500 });
        if (how === 'never answers') receiver.setMode('hang');
        h.mock.webhooks.setUrl(
          how === 'refuses the connection' ? await refusedUrl() : receiver.url,
        );
        const answer = await api.call('POST', `/withdraw/${withdrawalId}/resend/webhook`, {
          token,
        });
        expect(answer.status).toBe(200);
        const [delivery] = await h.mock.webhooks.flush();
        expect(delivery?.outcome).toBe(outcome);
        if (outcome !== 'rejected') expect(delivery?.error).toEqual(expect.any(String));
        expect(delivery?.durationMs).toEqual(expect.any(Number));
        expect((await api.call('GET', `/withdraw/${withdrawalId}/details`, { token })).status).toBe(
          200,
        );
      },
    );

    it('without a callback URL a delivery is journaled as skipped', async () => {
      const delivery = await h.mock.withdrawals.settle(withdrawalId, 'ERROR');
      expect(delivery).toMatchObject({ outcome: 'skipped', url: null });
      expect(receiver.received).toHaveLength(0);
    });

    it('every published status can be settled', async () => {
      const statuses: KnownTransactionStatus[] = ['PROCESSING', 'REJECTED', 'REFUND_APPROVED'];
      for (const status of statuses) {
        await h.mock.withdrawals.settle(withdrawalId, status);
        expect(h.mock.withdrawals.get(withdrawalId)?.status).toBe(status);
      }
    });
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

  describe('journal, isolation, reset, determinism', () => {
    it('journals method, path, status and operation, never a token or a password', async () => {
      await api.call('GET', '/withdraw/company/currencies?x=1', { token });
      await api.call('GET', '/nope', { token });
      const entries = h.mock.requests;
      expect(entries[0]).toMatchObject({
        method: 'POST',
        path: '/auth/token',
        operation: 'auth.getToken',
        status: 200,
        body: { email: h.mock.credentials.email, password: '[redacted]' },
      });
      expect(entries[1]).toMatchObject({
        method: 'GET',
        path: '/withdraw/company/currencies',
        query: '?x=1',
        operation: 'withdrawals.listCurrencies',
        status: 200,
        time: expect.stringMatching(ISO_UTC),
      });
      expect(entries[2]).toMatchObject({ path: '/nope', operation: null, status: 404 });
      const text = JSON.stringify(entries);
      expect(text).not.toContain(h.mock.credentials.password);
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[2]);
    });

    it('two mocks share nothing', async () => {
      const other = await transport.create({ seed: 7 });
      try {
        const otherApi = rawApi(other);
        const otherToken = await otherApi.login();
        const ana = h.mock.customers.create({ name: 'Ana' });
        expect(other.mock.customers.get(ana._id)).toBeUndefined();
        expect(
          (await otherApi.call('GET', `/customer/${ana._id}`, { token: otherToken })).status,
        ).toBe(404);
        expect(
          (await api.call('GET', '/deposit/company/currencies', { token: otherToken })).status,
        ).toBe(401);
        other.mock.faults.inject({ status: 500, times: Number.POSITIVE_INFINITY });
        expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(200);
        expect(h.mock.requests.some((entry) => entry.fault)).toBe(false);
      } finally {
        await other.close();
      }
    });

    it('a request that fails changes nothing', async () => {
      const { pixKey, currency } = await withdrawalFixture(api, token, customerId);
      const snapshot = () =>
        JSON.stringify([
          h.mock.customers.list(),
          h.mock.pixKeys.list(),
          h.mock.withdrawals.list(),
          h.mock.deposits.list(),
        ]);
      const before = snapshot();
      await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: pixKey.key },
      });
      await api.call('POST', `/pix/customer/${UNKNOWN_ID}/key`, {
        token,
        body: { type: 'EMAIL', key: 'new@example.com' },
      });
      await api.call('POST', '/withdraw', {
        token,
        body: {
          amount: 1,
          customerId,
          currency,
          pixKey: { ...pixKey, key: 'no' },
          externalId: 'x1',
        },
      });
      await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId: UNKNOWN_ID, currency, pixKey, externalId: 'x2' },
      });
      await api.call('POST', '/deposit', { token, body: { amount: -1, customerId, currency } });
      await api.call('POST', '/customer', { token, body: { name: '', document: '52998224725' } });
      expect(snapshot()).toBe(before);
      // The failed externalIds were not remembered: they create withdrawals now.
      const retry = await api.call('POST', '/withdraw', {
        token,
        body: { amount: 1, customerId, currency, pixKey, externalId: 'x1' },
      });
      expect(retry.status).toBe(201);
    });

    it('reset() goes back to the freshly seeded state: same credentials, seeded customer and ids', async () => {
      const credentials = h.mock.credentials;
      const seeded = h.mock.customers.seeded;
      const firstKey = await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: 'ana@example.com' },
      });
      h.mock.faults.inject({ status: 500, times: Number.POSITIVE_INFINITY, path: '/nothing' });
      h.mock.auth.allowIps(['203.0.113.9']);
      h.mock.clock.advance(1000);
      h.mock.reset();
      expect(h.mock.credentials).toEqual(credentials);
      expect(h.mock.customers.seeded).toEqual(seeded);
      expect(h.mock.customers.list()).toHaveLength(1);
      expect(h.mock.pixKeys.list()).toHaveLength(0);
      expect(h.mock.requests).toHaveLength(0);
      expect(h.mock.auth.allowedIps).toEqual([]);
      expect(h.mock.clock.now().toISOString()).toBe('2040-01-01T00:00:00.000Z');
      const again = await api.call('POST', `/pix/customer/${customerId}/key`, {
        token,
        body: { type: 'EMAIL', key: 'ana@example.com' },
      });
      expect(again.body).toEqual(firstKey.body);
    });

    it('the same seed gives the same ids, password, customer and times', async () => {
      const a = createPaymentServiceMock({ seed: 'same' });
      const b = createPaymentServiceMock({ seed: 'same' });
      expect(a.credentials).toEqual(b.credentials);
      expect(a.customers.seeded).toEqual(b.customers.seeded);
      expect(isValidCpf(a.customers.seeded.document)).toBe(true);
      expect(a.customers.create()).toEqual(b.customers.create());
      expect(createPaymentServiceMock({ seed: 'other' }).customers.seeded._id).not.toBe(
        a.customers.seeded._id,
      );
    });
  });
});
