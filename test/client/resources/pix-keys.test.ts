import { NotFoundError, PaymentValidationError } from 'pix-payment-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

let CUSTOMER_ID: string;
beforeEach(() => {
  CUSTOMER_ID = service.mock.customers.seeded._id;
});

describe('pixKeys: paths, methods, bodies, answers', () => {
  it('pixKeys.add: sends the normalised key and returns { message, key }', async () => {
    const result = await makeClient().pixKeys.add(CUSTOMER_ID, {
      type: 'CPF',
      key: '123.456.789-09',
    });
    expect(result).toEqual({
      message: 'Chave Pix adicionada com sucesso',
      key: { key: '12345678909', type: 'CPF', _id: expect.any(String) },
    });
    const request = service.journal().at(-1)!;
    expect(`${request.method} ${request.path}`).toBe(`POST /pix/customer/${CUSTOMER_ID}/key`);
    expect(request.body).toEqual({ key: '12345678909', type: 'CPF' });
    expect(service.mock.pixKeys.list(CUSTOMER_ID)).toMatchObject([
      { _id: result.key._id, key: '12345678909', type: 'CPF' },
    ]);
  });

  it('pixKeys.add: a duplicate key is a NotFoundError with the service message', async () => {
    const client = makeClient();
    await client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' });
    const error = await rejectionOf(
      client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, serviceMessage: 'Not Found', method: 'POST' });
  });

  it('pixKeys.list: returns the keys of the customer', async () => {
    const client = makeClient();
    await client.pixKeys.add(CUSTOMER_ID, { type: 'EMAIL', key: 'ana@example.com' });
    const keys = await client.pixKeys.list(CUSTOMER_ID);
    expect(keys).toEqual([{ key: 'ana@example.com', type: 'EMAIL', _id: expect.any(String) }]);
  });

  it('pixKeys.list: an unknown customer is a NotFoundError', async () => {
    await expect(makeClient().pixKeys.list('65f1c0ffee0000000000ffff')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('pixKeys.ensure: adds a key that is absent', async () => {
    const key = await makeClient().pixKeys.ensure(CUSTOMER_ID, {
      type: 'PHONE',
      key: '+55 (61) 91234-5678',
    });
    expect(key).toMatchObject({ key: '+5561912345678', type: 'PHONE' });
    expect(service.calls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST']);
  });

  it('pixKeys.ensure: returns a key that is already listed, comparing the normalised key and type, without adding', async () => {
    const client = makeClient();
    const added = await client.pixKeys.add(CUSTOMER_ID, { type: 'CPF', key: '12345678909' });
    service.markJournal();
    const key = await client.pixKeys.ensure(CUSTOMER_ID, { type: 'CPF', key: '123.456.789-09' });
    expect(key).toEqual(added.key);
    expect(service.calls()).toEqual([`GET /pix/customer/${CUSTOMER_ID}/key`]);
  });

  it('pixKeys.ensure with acceptMaskedMatch: a masked listed key is matched after the add answers "already registered"', async () => {
    service.restart({ maskKeys: true });
    const customerId = service.mock.customers.seeded._id;
    const { key: masked } = (await service.api('POST', `/pix/customer/${customerId}/key`, {
      type: 'PHONE',
      key: '+5561912345678',
    })) as { key: { key: string; type: string; _id: string } };
    expect(masked.key).toBe('+5561*********');
    service.markJournal();
    const key = await makeClient().pixKeys.ensure(
      customerId,
      { type: 'PHONE', key: '+5561912345678' },
      { acceptMaskedMatch: true },
    );
    expect(key).toEqual(masked);
    expect(service.calls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST', 'GET']);
    expect(service.journal().map((entry) => entry.status)).toEqual([200, 200, 404, 200]);
  });

  it('pixKeys.ensure: a 404 with several listed keys that fit is a PixKeyConflictError (e.g. registered to another customer)', async () => {
    service.restart({ maskKeys: true });
    const customerId = service.mock.customers.seeded._id;
    const other = service.mock.customers.create();
    await service.api('POST', `/pix/customer/${other._id}/key`, {
      type: 'PHONE',
      key: '+5561912345678',
    });
    // Two keys of this customer that look alike once masked: '+5561*********'.
    for (const key of ['+5561911111111', '+5561922222222']) {
      await service.api('POST', `/pix/customer/${customerId}/key`, { type: 'PHONE', key });
    }
    await expect(
      makeClient().pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' }),
    ).rejects.toMatchObject({ name: 'PixKeyConflictError', reason: 'ambiguous' });
    expect(service.mock.pixKeys.list(customerId)).toHaveLength(2);
  });

  it('pixKeys.remove: DELETE /pix/customer/{id}/key/remove/{keyId} answers the message', async () => {
    const client = makeClient();
    const { key } = await client.pixKeys.add(CUSTOMER_ID, {
      type: 'EMAIL',
      key: 'ana@example.com',
    });
    await expect(client.pixKeys.remove(CUSTOMER_ID, key._id)).resolves.toEqual({
      message: 'Chave Pix removida com sucesso',
    });
    expect(service.calls().at(-1)).toBe(
      `DELETE /pix/customer/${CUSTOMER_ID}/key/remove/${key._id}`,
    );
    await expect(client.pixKeys.list(CUSTOMER_ID)).resolves.toEqual([]);
  });
});

describe('pixKeys: input validation sends nothing', () => {
  it('pixKeys.add: an invalid key is a PaymentValidationError', async () => {
    const error = await rejectionOf(
      makeClient().pixKeys.add(CUSTOMER_ID, { type: 'CPF', key: '123.456.789-00' }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.message).toMatch(/check digits/);
    service.expectNothingSent();
  });

  it('pixKeys.ensure: an invalid key is refused before the list', async () => {
    await expect(
      makeClient().pixKeys.ensure(CUSTOMER_ID, { type: 'EMAIL', key: 'Ana@Example.com' }),
    ).rejects.toBeInstanceOf(PaymentValidationError);
    service.expectNothingSent();
  });
});
