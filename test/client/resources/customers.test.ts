import { PaymentValidationError } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

describe('customers: paths, methods, bodies, answers', () => {
  it('customers.create and customers.get', async () => {
    const client = makeClient();
    const { customer } = await client.customers.create({
      name: 'Ana Souza',
      document: '12345678909',
    });
    expect(customer).toMatchObject({ name: 'Ana Souza', document: '12345678909' });
    await expect(client.customers.get(customer._id)).resolves.toMatchObject({ _id: customer._id });
    expect(service.calls()).toEqual(['POST /customer', `GET /customer/${customer._id}`]);
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
});
