// The comparison behind maxWithdrawal: exact, digit by digit. Any two decimals compare as the
// integers they are at a common scale, and any number reads as the decimal its JSON writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalText } from '../../src/money.js';

fc.configureGlobal({ seed: 20261127 });

/** A non-negative integer of up to 30 digits written with `scale` decimals, leading zeros kept. */
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 8 }))
  .map(([value, scale]) => {
    const digits = value.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return { text, value, scale };
  });

describe('compareDecimals', () => {
  it('orders two decimals as their values at a common scale', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const scale = Math.max(a.scale, b.scale);
        const x = a.value * 10n ** BigInt(scale - a.scale);
        const y = b.value * 10n ** BigInt(scale - b.scale);
        expect(Math.sign(compareDecimals(a.text, b.text))).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });

  it('tells apart what doubles cannot', () => {
    expect(compareDecimals('0.3', '0.29999999999999999')).toBeGreaterThan(0);
    expect(compareDecimals('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareDecimals('1000.000001', '1000')).toBeGreaterThan(0);
    expect(compareDecimals('5000.00', '5000')).toBe(0);
  });
});

describe('decimalText', () => {
  it('writes any finite non-negative number as a plain decimal that reads back as it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), (number) => {
        const text = decimalText(number);
        expect(text).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(text)).toBe(number === 0 ? 0 : number);
      }),
    );
  });

  it('refuses what is not a plain non-negative decimal', () => {
    for (const value of [
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '1e3',
      '-1',
      ' 1',
      '1.',
      '.5',
      '1,5',
      null,
      {},
    ]) {
      expect(decimalText(value)).toBeUndefined();
    }
  });
});
