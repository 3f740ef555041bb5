// The package's schemas are built at their first use, not at import: each exported object is the
// schema for good, so identity, instanceof, nesting and zod's own functions behave as with a
// schema built at import.
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

const currency = {
  _id: '65f1c0ffee00000000000c01',
  name: 'BRL',
  type: 'PIX',
  symbol: 'R$',
  createdDate: '2025-01-02T03:04:05.006Z',
  updatedDate: '2025-01-02T03:04:05.006Z',
  __v: 1,
};

// A module graph of its own, so that no schema has been used yet.
async function freshPackage() {
  vi.resetModules();
  return import('pix-payment-sdk');
}

describe('schemas built at their first use', () => {
  it('a schema first used through its parent is the object the parent holds, and parses the same', async () => {
    const { Currency, CurrencyList } = await freshPackage();
    const before = Currency;
    expect(CurrencyList.parse([currency, { ...currency, extra: 1 }])).toEqual([
      currency,
      { ...currency, extra: 1 },
    ]);
    expect(CurrencyList._zod.def.element).toBe(before);
    expect(Currency).toBe(before);
    expect(Currency).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(Currency.shape)).toContain('supplierFeeByActivity');
    expect(Currency.safeParse({ ...currency, _id: 1 }).success).toBe(false);
  });

  it('instanceof, zod functions and the standard schema interface work on a schema never used before', async () => {
    const { TransactionDetails, MessageResult, CurrencyList } = await freshPackage();
    expect(MessageResult).toBeInstanceOf(z.ZodMiniObject);
    expect(z.toJSONSchema(CurrencyList)).toMatchObject({ type: 'array' });
    const checked = TransactionDetails['~standard'].validate({});
    expect(checked).toMatchObject({ issues: expect.any(Array) });
  });
});
