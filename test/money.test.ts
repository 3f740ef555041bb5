import {
  amountToCents,
  centsToAmount,
  formatCents,
  normalizeAmount,
  PaymentValidationError,
  toCents,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

function issueOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return (error as PaymentValidationError).issues[0];
  }
  throw new Error('expected a PaymentValidationError');
}

describe('toCents', () => {
  it.each([
    ['10.50', 1050],
    ['10.5', 1050],
    ['10', 1000],
    ['0.01', 1],
    ['007.10', 710],
    ['70368744177664.00', 7036874417766400],
  ])('the decimal string %s is %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([
    [10.5, 1050],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [19.99, 1999],
    [100, 10000],
  ])('the number %d is %i cents, without float error', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('integer cents are taken as they are', () => {
    expect(toCents({ cents: 1050 })).toBe(1050);
  });

  it.each([
    ['0', 'must be greater than zero'],
    ['0.00', 'must be greater than zero'],
    ['10.505', 'has more than two decimals'],
    ['-1', 'is not a positive decimal amount: "-1"'],
    ['1e3', 'is not a positive decimal amount: "1e3"'],
    ['10,50', `"10,50": write '10.50'`],
    ['', 'is not a positive decimal amount: ""'],
    [' 10', 'is not a positive decimal amount: " 10"'],
    ['.5', 'is not a positive decimal amount: ".5"'],
    [
      '70368744177664.01',
      'is above the largest amount sent exactly, 7036874417766400 cents (70368744177664.00)',
    ],
    [
      '90071992547409.92',
      'is above the largest amount sent exactly, 7036874417766400 cents (70368744177664.00)',
    ],
  ])('the string %j is refused: %s', (amount, message) => {
    expect(issueOf(() => toCents(amount))).toEqual({
      path: ['amount'],
      message: expect.stringContaining(message),
    });
  });

  it("a decimal comma gets the fix: '10,50' → '10.50' or { cents: 1050 }", () => {
    expect(issueOf(() => toCents('10,50'))?.message).toMatch(/'10\.50'.*\{ cents: 1050 \}/);
    expect(issueOf(() => toCents('1.234,5'))?.message).toMatch(/'1234\.5'.*\{ cents: 123450 \}/);
  });

  it('too many decimals shows the value', () => {
    expect(issueOf(() => toCents('10.505'))?.message).toContain('"10.505"');
    expect(issueOf(() => toCents(0.1 + 0.2))?.message).toContain('0.30000000000000004');
  });

  it.each([
    [0, 'must be greater than zero'],
    [-10.5, 'must be greater than zero'],
    [Number.NaN, 'must be a finite number'],
    [Number.POSITIVE_INFINITY, 'must be a finite number'],
    [10.505, 'has more than two decimals'],
    [0.1 + 0.2, 'has more than two decimals'],
    [1e21, 'cannot be written with at most two decimals: 1e+21'],
    [1e-7, 'cannot be written with at most two decimals: 1e-7'],
  ])('the number %d is refused: %s', (amount, message) => {
    expect(issueOf(() => toCents(amount))).toEqual({
      path: ['amount'],
      message: expect.stringContaining(message),
    });
  });

  it.each([
    [{ cents: 0 }, 'must be greater than zero'],
    [{ cents: -5 }, 'must be greater than zero'],
    [{ cents: 10.5 }, 'cents must be a safe integer'],
    [{ cents: Number.MAX_SAFE_INTEGER + 1 }, 'cents must be a safe integer'],
    [
      { cents: 7036874417766401 },
      'is above the largest amount sent exactly, 7036874417766400 cents (70368744177664.00)',
    ],
  ])('cents %j are refused: %s', (amount, message) => {
    expect(issueOf(() => toCents(amount))).toEqual({ path: ['amount', 'cents'], message });
  });

  it('anything else is refused, at the path given', () => {
    expect(issueOf(() => toCents(null as unknown as string, ['order', 'total']))).toEqual({
      path: ['order', 'total'],
      message: 'must be a decimal string, a number or { cents }',
    });
  });
});

describe('centsToAmount, normalizeAmount and formatCents', () => {
  it('centsToAmount gives the decimal number JSON writes exactly', () => {
    expect(centsToAmount(1050)).toBe(10.5);
    expect(JSON.stringify({ amount: centsToAmount(1999) })).toBe('{"amount":19.99}');
    expect(JSON.stringify({ amount: centsToAmount(1) })).toBe('{"amount":0.01}');
  });

  it('normalizeAmount accepts every form and returns the same number', () => {
    expect(normalizeAmount('10.50')).toBe(10.5);
    expect(normalizeAmount(10.5)).toBe(10.5);
    expect(normalizeAmount({ cents: 1050 })).toBe(10.5);
    expect(() => normalizeAmount('10.505')).toThrow(PaymentValidationError);
  });

  it.each([
    [1050, '10.50'],
    [1, '0.01'],
    [100, '1.00'],
    [0, '0.00'],
    [-1050, '-10.50'],
  ])('formatCents(%i) is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('amountToCents', () => {
  it('reads an amount the service sent as its exact cents, zero and negatives included', () => {
    expect(amountToCents(1.94)).toBe(194);
    expect(amountToCents(0)).toBe(0);
    expect(amountToCents(-0)).toBe(0);
    expect(amountToCents(-12.3)).toBe(-1230);
    expect(amountToCents(1.13)).toBe(113); // 1.13 * 100 is 112.99999999999999
    expect(amountToCents(centsToAmount(123_456_789_012))).toBe(123_456_789_012);
  });

  it('refuses what is not whole cents, naming the path it is given', () => {
    for (const bad of [0.1 + 0.2, 1.005, 1e21, 5e-7, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(() => amountToCents(bad), String(bad)).toThrow(PaymentValidationError);
    }
    expect(issueOf(() => amountToCents(0.001, ['balances', 0, 'totalHeld']))?.path).toEqual([
      'balances',
      0,
      'totalHeld',
    ]);
    expect(() => amountToCents(2 ** 60)).toThrow(PaymentValidationError);
  });
});
