// The journal, isolation between mocks, reset and determinism.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { isValidCpf } from 'pix-payment-sdk';
import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import {
  ISO_UTC,
  type MockSession,
  mockPerTest,
  UNKNOWN_ID,
  withdrawalFixture,
} from '../../../support/mock-suite.js';
import { mockTransports, rawApi } from '../../../support/mock-transports.js';

describe.each(mockTransports())(
  'The journal, isolation between mocks, reset and determinism through $name',
  (transport) => {
    let { h, api, token, customerId } = {} as MockSession;
    mockPerTest(transport, (session) => {
      ({ h, api, token, customerId } = session);
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
          expect((await api.call('GET', '/deposit/company/currencies', { token })).status).toBe(
            200,
          );
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
  },
);
