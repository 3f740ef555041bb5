// Customers.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  HEX24,
  ISO_UTC,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  UNKNOWN_ID,
} from '../../support/mock-suite.js';
import { mockTransports } from '../../support/mock-transports.js';

describe.each(mockTransports())('Customers through $name', (transport) => {
  let { h, api, token } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ h, api, token } = session);
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
});
