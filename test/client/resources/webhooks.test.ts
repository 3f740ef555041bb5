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
    expect(parseWebhookPayload(Object.assign(Object.create(null), payload))).toEqual(payload);
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

  it('takes the raw body as a Buffer or a Uint8Array (express.raw), decoded as UTF-8', () => {
    const named = { ...payload, externalId: 'pedido-ação' };
    const bytes = new TextEncoder().encode(JSON.stringify(named));
    expect(parseWebhookPayload(bytes)).toEqual(named);
    expect(parseWebhookPayload(Buffer.from(JSON.stringify(named)))).toEqual(named);
    // A view on part of a larger buffer: only its own bytes are read.
    const framed = new Uint8Array(bytes.length + 4);
    framed.set(bytes, 2);
    expect(parseWebhookPayload(framed.subarray(2, 2 + bytes.length))).toEqual(named);
  });

  it('bytes that are not UTF-8 JSON are refused as not JSON', () => {
    expect(() => parseWebhookPayload(new Uint8Array([0xff, 0xfe, 0x7b]))).toThrow(
      expect.objectContaining({ issues: [{ path: [], message: 'is not JSON' }] }),
    );
  });

  it.each([
    [undefined, 'undefined (is a body parser installed?)'],
    [null, 'null'],
    [42, 'number'],
    [[payload], 'array'],
    [new ArrayBuffer(2), 'ArrayBuffer'],
    [new Request('http://127.0.0.1/'), 'Request'],
  ])('%o: says what it received instead of naming every field', (body, received) => {
    expect(() => parseWebhookPayload(body)).toThrow(
      expect.objectContaining({
        issues: [
          {
            path: [],
            message: `expected a JSON object, its text, or its bytes (Buffer or Uint8Array); received ${received}`,
          },
        ],
      }),
    );
  });
});
