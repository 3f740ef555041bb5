import {
  buildDeposit,
  ConflictError,
  type DepositRequest,
  PaymentValidationError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

describe('deposits: paths, methods, bodies, answers', () => {
  it('deposits.create and deposits.get: the deposit and its Pix code', async () => {
    const f = await service.arrange();
    const client = makeClient();
    const { data } = await client.deposits.create(
      buildDeposit({
        amount: { cents: 2500 },
        customerId: f.customerId,
        currency: f.depositCurrency,
      }),
    );
    expect(data).toMatchObject({
      status: 'WAITING_PAYMENT',
      customerId: f.customerId,
      code: expect.any(String),
    });
    expect(service.journal().at(-1)?.body).toMatchObject({ amount: 25 });
    await expect(client.deposits.get(data.id)).resolves.toMatchObject({ _id: data.id });
  });
});

describe('deposits for someone who is not a customer yet', () => {
  it('deposits.create with customer: the body carries the customer, the answer names the new customer', async () => {
    const f = await service.arrange();
    const client = makeClient();
    const customer = { name: 'Bruno Lima', document: '11144477735', email: 'bruno@example.com' };
    const { data } = await client.deposits.create(
      buildDeposit({ amount: '25.00', customer, currency: f.depositCurrency }),
    );
    const sent = service.journal().at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: 25, customer });
    expect(Object.keys(sent).sort()).toEqual(['amount', 'currency', 'customer', 'externalId']);
    expect(data).toMatchObject({ status: 'WAITING_PAYMENT', customerId: expect.any(String) });
    expect(data.customerId).not.toBe(f.customerId);
    await expect(client.customers.get(data.customerId)).resolves.toMatchObject(customer);
  });

  it('deposits.create with a customer whose document is on file is a ConflictError; nothing is created', async () => {
    const f = await service.arrange();
    const before = service.mock.deposits.list().length;
    const customer = { name: 'Bruno Lima', document: service.mock.customers.seeded.document };
    const error = await rejectionOf(
      makeClient().deposits.create(
        buildDeposit({ amount: '25.00', customer, currency: f.depositCurrency }),
      ),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, method: 'POST', path: '/deposit' });
    expect(service.mock.deposits.list()).toHaveLength(before);
    expect(service.mock.customers.list()).toHaveLength(1);
    expect(service.calls()).toEqual(['POST /deposit']);
  });
});

describe('deposits: input validation sends nothing', () => {
  it('deposits.create: both customerId and customer, or neither, is a PaymentValidationError', async () => {
    const f = await service.arrange();
    const customer = { name: 'Bruno Lima', document: '11144477735' };
    const both = {
      amount: 25,
      customerId: f.customerId,
      customer,
      currency: f.depositCurrency,
    } as unknown as DepositRequest;
    const neither = { amount: 25, currency: f.depositCurrency } as unknown as DepositRequest;
    const client = makeClient();
    const bothError = await rejectionOf(client.deposits.create(both));
    expect(bothError).toBeInstanceOf(PaymentValidationError);
    expect((bothError as PaymentValidationError).issues).toEqual([
      { path: ['customer'], message: 'send customerId or customer, not both' },
    ]);
    const neitherError = await rejectionOf(client.deposits.create(neither));
    expect(neitherError).toBeInstanceOf(PaymentValidationError);
    expect((neitherError as PaymentValidationError).issues).toEqual([
      { path: ['customerId'], message: 'must be a non-empty string' },
    ]);
    service.expectNothingSent();
  });

  it('deposits.create: an invalid amount is refused', async () => {
    const f = await service.arrange();
    const body = buildDeposit({
      amount: '1',
      customerId: f.customerId,
      currency: f.depositCurrency,
    });
    await expect(makeClient().deposits.create({ ...body, amount: -1 })).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    service.expectNothingSent();
  });
});
