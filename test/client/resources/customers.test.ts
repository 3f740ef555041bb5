import {
  ConflictError,
  isExistingCustomer,
  NotFoundError,
  PaymentValidationError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

describe('customers: paths, methods, bodies, answers', () => {
  it('customers.create and customers.get', async () => {
    const client = makeClient();
    const result = await client.customers.create({
      name: 'Ana Souza',
      document: '12345678909',
    });
    expect(isExistingCustomer(result)).toBe(false);
    const { customer } = result;
    expect(customer).toMatchObject({ name: 'Ana Souza', document: '12345678909' });
    await expect(client.customers.get(customer._id)).resolves.toMatchObject({ _id: customer._id });
    expect(service.calls()).toEqual(['POST /customer', `GET /customer/${customer._id}`]);
  });

  it('customers.create: a name already on file answers the existing _id only, told apart by isExistingCustomer', async () => {
    const client = makeClient();
    const seeded = service.mock.customers.seeded;
    const result = await client.customers.create({ name: seeded.name, document: '52998224725' });
    expect(result).toEqual({
      message: 'Cliente já está cadastrado na base de dados',
      customer: { _id: seeded._id },
    });
    expect(isExistingCustomer(result)).toBe(true);
    expect(result.customer.name).toBeUndefined();
    expect(service.mock.customers.list()).toHaveLength(1);
  });

  it('customers.update: PUT /customer/{id} with the changes; the customer reads back changed', async () => {
    const client = makeClient();
    const { _id } = service.mock.customers.seeded;
    const changes = { name: 'Ana Souza Lima', document: '52998224725', email: 'ana@example.com' };
    await expect(client.customers.update(_id, changes)).resolves.toEqual({
      message: 'Cliente alterado com sucesso',
    });
    expect(service.calls()).toEqual([`PUT /customer/${_id}`]);
    expect(service.journal().at(-1)?.body).toEqual(changes);
    await expect(client.customers.get(_id)).resolves.toMatchObject({ ...changes, version: 1 });
  });

  it('customers.update: 409 for a name or document of another customer is a ConflictError, 404 a NotFoundError', async () => {
    const client = makeClient();
    const seeded = service.mock.customers.seeded;
    const ana = service.mock.customers.create({ name: 'Ana Souza', document: '52998224725' });
    const conflict = await rejectionOf(
      client.customers.update(ana._id, { name: seeded.name, document: ana.document }),
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({
      name: 'ConflictError',
      status: 409,
      method: 'PUT',
      serviceMessage: 'Conflict',
    });
    const missing = await rejectionOf(
      client.customers.update('ffffffffffffffffffffffff', { name: 'X', document: ana.document }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(service.mock.customers.get(ana._id)).toEqual(ana);
  });

  it('customers.update is retried when its answer is lost: the second attempt meets its own data, no conflict', async () => {
    const client = makeClient({ maxRetries: 2 });
    const { _id } = service.mock.customers.seeded;
    service.mock.faults.inject({
      method: 'PUT',
      path: `/customer/${_id}`,
      networkError: true,
      phase: 'after',
    });
    const changes = { name: 'Ana Souza Lima', document: '52998224725' };
    await expect(client.customers.update(_id, changes)).resolves.toEqual({
      message: 'Cliente alterado com sucesso',
    });
    expect(service.calls()).toEqual([`PUT /customer/${_id}`, `PUT /customer/${_id}`]);
    expect(service.mock.customers.get(_id)).toMatchObject({ ...changes, version: 2 });
  });
});

describe('customers: input validation sends nothing', () => {
  it('customers.create: a missing or empty name or document is refused', async () => {
    const client = makeClient();
    const error = await rejectionOf(
      client.customers.create({ name: '', document: undefined as unknown as string }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues.map((issue) => issue.path)).toEqual([
      ['document'],
      ['name'],
    ]);
    service.expectNothingSent();
  });

  it('customers.update: a missing or empty name or document is refused', async () => {
    const client = makeClient();
    const error = await rejectionOf(
      client.customers.update('65f1a2b3c4d5e6f7a8b9c0d1', {
        name: ' ',
        document: undefined as unknown as string,
      }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues.map((issue) => issue.path)).toEqual([
      ['document'],
      ['name'],
    ]);
    service.expectNothingSent();
  });
});
