// Deposits.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  CONFLICT,
  crc16,
  depositCurrency,
  emvFields,
  HEX24,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  UNKNOWN_ID,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Deposits through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
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
      expect(emvFields(fields.get('62') ?? '').get('05')).toBe('***');
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

    it('the same externalId again answers the first deposit (201, same body) and creates nothing', async () => {
      const currency = await depositCurrency(api, token);
      const body = { amount: 12.5, customerId, currency, externalId: 'dep-9' };
      const first = await api.call('POST', '/deposit', { token, body });
      const second = await api.call('POST', '/deposit', { token, body });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(h.mock.deposits.list()).toHaveLength(1);
      expect(h.mock.deposits.list()[0]).toMatchObject({ amount: 12.5, externalId: 'dep-9' });
    });

    it('a repeated externalId with a new customer answers the first deposit; no second customer', async () => {
      const currency = await depositCurrency(api, token);
      const customer = { name: 'Bia Lima', document: '52998224725' };
      const body = { amount: 5, customer, currency, externalId: 'dep-new-1' };
      const customersBefore = h.mock.customers.list().length;
      const first = await api.call('POST', '/deposit', { token, body });
      const second = await api.call('POST', '/deposit', { token, body });
      expect(first.status).toBe(201);
      expect(answerOf(second)).toEqual(answerOf(first));
      expect(h.mock.deposits.list()).toHaveLength(1);
      expect(h.mock.customers.list()).toHaveLength(customersBefore + 1);
    });

    it('a refused deposit reserves no externalId; another externalId is another deposit', async () => {
      const currency = await depositCurrency(api, token);
      const refused = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1, customerId: UNKNOWN_ID, currency, externalId: 'dep-10' },
      });
      expect(answerOf(refused)).toEqual(NOT_FOUND);
      const accepted = await api.call('POST', '/deposit', {
        token,
        body: { amount: 1, customerId, currency, externalId: 'dep-10' },
      });
      expect(accepted.status).toBe(201);
      const other = await api.call('POST', '/deposit', {
        token,
        body: { amount: 2, customerId, currency, externalId: 'dep-11' },
      });
      expect(other.body).not.toEqual(accepted.body);
      expect(h.mock.deposits.list()).toHaveLength(2);
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

  describe('a deposit for someone who is not a customer yet (per the provider)', () => {
    it('201 "Pix Gerado com Sucesso" with a customer object: the customer is registered and the deposit is theirs', async () => {
      const currency = await depositCurrency(api, token);
      const customer = {
        name: 'Bruno Lima',
        document: '111.444.777-35',
        phone: '+5511912345678',
        email: 'bruno@example.com',
      };
      const answer = await api.call('POST', '/deposit', {
        token,
        body: { amount: 10, customer, currency },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        message: 'Pix Gerado com Sucesso',
        data: {
          status: 'WAITING_PAYMENT',
          code: expect.any(String),
          id: expect.stringMatching(HEX24),
          customerId: expect.stringMatching(HEX24),
        },
      });
      const data = (answer.body as { data: { id: string; customerId: string } }).data;
      expect(data.customerId).not.toBe(customerId);
      expect(h.mock.customers.get(data.customerId)).toMatchObject({
        name: 'Bruno Lima',
        document: '11144477735',
        phone: '+5511912345678',
        email: 'bruno@example.com',
        version: 0,
      });
      const details = await api.call('GET', `/deposit/${data.id}/details`, { token });
      expect(details.body).toMatchObject({
        _id: data.id,
        customerId: data.customerId,
        document: '11144477735',
      });
      const got = await api.call('GET', `/customer/${data.customerId}`, { token });
      expect(got.body).toMatchObject({ name: 'Bruno Lima', document: '11144477735' });
    });

    it('409 when the name or the document is already a customer: no deposit and no customer are created', async () => {
      const currency = await depositCurrency(api, token);
      const seeded = h.mock.customers.seeded;
      for (const customer of [
        { name: 'Bruno Lima', document: seeded.document },
        { name: seeded.name, document: '11144477735' },
      ]) {
        const answer = await api.call('POST', '/deposit', {
          token,
          body: { amount: 10, customer, currency },
        });
        expect(answerOf(answer)).toEqual(CONFLICT);
      }
      expect(h.mock.deposits.list()).toHaveLength(0);
      expect(h.mock.customers.list()).toEqual([seeded]);
    });

    it('400 for both customerId and customer, neither, or a bad customer; a deposit refused after the customer checks leaves no customer', async () => {
      const currency = await depositCurrency(api, token);
      const withdrawalCurrency = (
        (await api.call('GET', '/withdraw/company/currencies', { token })).body as unknown[]
      )[0];
      const customer = { name: 'Bruno Lima', document: '11144477735' };
      for (const body of [
        { amount: 10, customerId, customer, currency },
        { amount: 10, currency },
        { amount: 10, customer: { name: 'Bruno Lima' }, currency },
        { amount: 10, customer: { document: '11144477735' }, currency },
        { amount: 10, customer: { name: 'Bruno Lima', document: '123' }, currency },
        { amount: 10, customer: 'Bruno Lima', currency },
        { amount: 10, customer: null, currency },
        { amount: 10, customer, currency: withdrawalCurrency },
        { amount: 10, customer },
        { amount: 0.001, customer, currency },
      ]) {
        const answer = await api.call('POST', '/deposit', { token, body });
        expect(answerOf(answer), JSON.stringify(body)).toEqual(BAD_REQUEST);
      }
      expect(h.mock.deposits.list()).toHaveLength(0);
      expect(h.mock.customers.list()).toEqual([h.mock.customers.seeded]);
    });
  });
});
