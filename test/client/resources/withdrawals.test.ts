import { buildWithdrawal, PaymentValidationError } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/client-mock-service.js';
import { makeClient } from '../../support/client-setup.js';

const service = useMockService();

/** A customer, their Pix key and currency, and a withdrawal of 10.50 to that key, built. */
async function arrangeWithdrawal() {
  const f = await service.arrange();
  const body = buildWithdrawal({
    amount: '10.50',
    customerId: f.customerId,
    currency: f.withdrawalCurrency,
    pixKey: f.pixKey,
  });
  return { f, body };
}

describe('withdrawals: paths, methods, bodies, answers', () => {
  it('withdrawals.create: POST /withdraw with the built body; get reads its details', async () => {
    const { body } = await arrangeWithdrawal();
    const client = makeClient();
    const created = await client.withdrawals.create(body);
    const sent = JSON.parse(await service.wire.at(-1)!.body);
    expect(sent).toEqual({ ...body, externalId: created.externalId });
    const details = await client.withdrawals.get(created._id);
    expect(details).toMatchObject({
      _id: created._id,
      externalId: created.externalId,
      currency: { amount: 10.5 },
    });
    expect(service.calls().at(-1)).toBe(`GET /withdraw/${created._id}/details`);
  });
});

describe('withdrawals: input validation sends nothing', () => {
  it('withdrawals.create: a third decimal, an incomplete currency or Pix key are refused', async () => {
    const { f, body: good } = await arrangeWithdrawal();
    const client = makeClient();
    const { _id: _dropped, ...partialKey } = f.pixKey;
    const { createdDate: _gone, ...partialCurrency } = f.withdrawalCurrency;
    for (const bad of [
      { ...good, amount: 10.505 },
      { ...good, currency: partialCurrency },
      { ...good, pixKey: partialKey },
      { ...good, amount: 0 },
    ]) {
      await expect(client.withdrawals.create(bad as typeof good)).rejects.toBeInstanceOf(
        PaymentValidationError,
      );
    }
    service.expectNothingSent();
  });
});
