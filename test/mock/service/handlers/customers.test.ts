// Customers.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  BAD_REQUEST,
  CONFLICT,
  HEX24,
  ISO_UTC,
  type MockSession,
  mockPerTest,
  NOT_FOUND,
  UNAUTHORIZED,
  UNKNOWN_ID,
} from '../../../support/mock-suite.js';
import { mockTransports } from '../../../support/mock-transports.js';

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

  describe('a name already registered (per the provider)', () => {
    it('POST /customer: the same name with another document answers 200 with the existing _id', async () => {
      const first = await api.call('POST', '/customer', {
        token,
        body: { name: 'Ana Souza', document: '52998224725' },
      });
      const { _id } = (first.body as { customer: { _id: string } }).customer;
      const again = await api.call('POST', '/customer', {
        token,
        body: { name: 'Ana Souza', document: '11144477735' },
      });
      expect(answerOf(again)).toEqual({
        status: 200,
        body: { message: 'Cliente já está cadastrado na base de dados', customer: { _id } },
      });
      const seeded = h.mock.customers.seeded;
      const seededName = await api.call('POST', '/customer', {
        token,
        body: { name: ` ${seeded.name} `, document: '11144477735' },
      });
      expect(answerOf(seededName)).toEqual({
        status: 200,
        body: {
          message: 'Cliente já está cadastrado na base de dados',
          customer: { _id: seeded._id },
        },
      });
      expect(h.mock.customers.list().map((customer) => customer.name)).toEqual([
        seeded.name,
        'Ana Souza',
      ]);
    });

    it('mock.customers.create() hands out a distinct customer every call, past names taken by POST /customer', async () => {
      for (const name of ['Cliente 2', 'Cliente 3']) {
        const answer = await api.call('POST', '/customer', {
          token,
          body: { name, document: h.mock.customers.create({ name: `${name} direto` }).document },
        });
        expect(answer.status).toBe(200);
      }
      await api.call('POST', '/customer', {
        token,
        body: { name: 'Cliente 4', document: '52998224725' },
      });
      const made = [
        h.mock.customers.create(),
        h.mock.customers.create(),
        h.mock.customers.create(),
      ];
      const all = h.mock.customers.list();
      expect(new Set(all.map((customer) => customer.name)).size).toBe(all.length);
      expect(new Set(all.map((customer) => customer.document)).size).toBe(all.length);
      expect(made.map((customer) => customer.name)).not.toContain('Cliente 4');
      expect(() => h.mock.customers.create({ name: 'Cliente 4' })).toThrow(TypeError);
      expect(() => h.mock.customers.create({ document: '529.982.247-25' })).toThrow(TypeError);
      expect(h.mock.customers.list()).toHaveLength(all.length);
    });
  });

  describe('PUT /customer/{id} (per the provider)', () => {
    it('200 "Cliente alterado com sucesso"; the customer reads back changed, e-mail kept, a new version', async () => {
      const ana = h.mock.customers.create({
        name: 'Ana Souza',
        document: '52998224725',
        email: 'ana@example.com',
      });
      const changes = {
        name: 'Ana Souza Lima',
        document: '111.444.777-35',
        phone: '+5511987654321',
      };
      const answer = await api.call('PUT', `/customer/${ana._id}`, { token, body: changes });
      expect(answerOf(answer)).toEqual({
        status: 200,
        body: { message: 'Cliente alterado com sucesso' },
      });
      const got = await api.call('GET', `/customer/${ana._id}`, { token });
      expect(answerOf(got)).toEqual({
        status: 200,
        body: {
          _id: ana._id,
          name: 'Ana Souza Lima',
          email: 'ana@example.com',
          document: '11144477735',
          version: 1,
          createdDate: ana.createdDate,
          updatedDate: expect.stringMatching(ISO_UTC),
        },
      });
      expect(h.mock.customers.get(ana._id)?.phone).toBe('+5511987654321');
      // The same data again is no conflict with itself: the answer and the record stay the same.
      const repeated = await api.call('PUT', `/customer/${ana._id}`, { token, body: changes });
      expect(answerOf(repeated)).toEqual(answerOf(answer));
      expect(h.mock.customers.get(ana._id)).toMatchObject({
        name: 'Ana Souza Lima',
        document: '11144477735',
      });
      // The old name and document are free again.
      const reused = await api.call('POST', '/customer', {
        token,
        body: { name: 'Ana Souza', document: '52998224725' },
      });
      expect(reused.status).toBe(201);
    });

    it("409 for another customer's name or document, 404 for an unknown id, 400 for a bad body, 401 without a token; nothing changes", async () => {
      const ana = h.mock.customers.create({ name: 'Ana Souza', document: '52998224725' });
      const seeded = h.mock.customers.seeded;
      const before = h.mock.customers.list();
      const put = (id: string, body: unknown, bearer: string | null = token) =>
        api.call('PUT', `/customer/${id}`, bearer === null ? { body } : { token: bearer, body });
      expect(answerOf(await put(ana._id, { name: seeded.name, document: ana.document }))).toEqual(
        CONFLICT,
      );
      expect(answerOf(await put(ana._id, { name: ana.name, document: seeded.document }))).toEqual(
        CONFLICT,
      );
      const valid = { name: 'Ana Lima', document: ana.document };
      expect(answerOf(await put(UNKNOWN_ID, valid))).toEqual(NOT_FOUND);
      expect(answerOf(await put('__proto__', valid))).toEqual(NOT_FOUND);
      for (const body of [
        { document: ana.document },
        { name: 'Ana Lima' },
        { name: 'Ana Lima', document: '123' },
        { name: '  ', document: ana.document },
        { name: 'Ana Lima', document: ana.document, email: 'not-an-address' },
        [valid],
      ]) {
        expect(answerOf(await put(ana._id, body))).toEqual(BAD_REQUEST);
      }
      expect(answerOf(await put(ana._id, valid, null))).toEqual(UNAUTHORIZED);
      expect(answerOf(await put(ana._id, valid, 'not.a.jwt'))).toEqual(UNAUTHORIZED);
      expect(h.mock.customers.list()).toEqual(before);
    });
  });
});
