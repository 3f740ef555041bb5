import { buildDeposit, PaymentValidationError } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient } from '../../support/client-setup.js';

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

describe('deposits: input validation sends nothing', () => {
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
