// Pix keys: add, list and remove.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  HEX24,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  SERVER_ERROR,
  UNKNOWN_ID,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

describe.each(mockTransports())('Pix keys through $name', (transport) => {
  let { h, api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token, customerId } = session);
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
});
