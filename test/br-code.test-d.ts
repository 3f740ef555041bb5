import { type BrCode, parseBrCode } from 'pix-payment-sdk';
import { describe, expectTypeOf, it } from 'vitest';

describe('BrCode types', () => {
  it('parseBrCode takes a string and returns a BrCode whose kind is static or dynamic', () => {
    expectTypeOf(parseBrCode).parameters.toEqualTypeOf<[string]>();
    expectTypeOf(parseBrCode).returns.toEqualTypeOf<BrCode>();
    expectTypeOf<BrCode['kind']>().toEqualTypeOf<'static' | 'dynamic'>();
    // Amounts stay exact text; the optional fields may be missing.
    expectTypeOf<BrCode['amount']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<BrCode['merchantName']>().toEqualTypeOf<string>();
    const brCode = {} as BrCode;
    // @ts-expect-error: the fields are read-only
    brCode.crc = 'FFFF';
  });
});
