import { PaymentValidationError, parseWebhookPayload } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

describe('parseWebhookPayload', () => {
  const payload = {
    id: '65f1c0ffee00000000000a01',
    customerId: '65f1c0ffee0000000000c001',
    status: 'PAID',
    name: 'BRL',
    type: 'PIX',
    amount: 10.5,
    operation: 'WITHDRAW',
    externalId: 'order-42',
  };

  it('returns the payload typed, from an object or from text, keeping unknown fields and statuses', () => {
    expect(parseWebhookPayload(payload)).toEqual(payload);
    const novel = { ...payload, status: 'CHARGEBACK', extra: true };
    expect(parseWebhookPayload(JSON.stringify(novel))).toEqual(novel);
  });

  it('a bad payload is a PaymentValidationError naming the fields', () => {
    const { id: _id, ...missing } = payload;
    const error = (() => {
      try {
        parseWebhookPayload({ ...missing, amount: '10.50' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['id'], message: 'is required (string)' },
      { path: ['amount'], message: 'expected number, received string' },
    ]);
    expect(() => parseWebhookPayload('{not json')).toThrow(PaymentValidationError);
  });
});
