import { PaymentValidationError } from './errors/index.js';

/**
 * An amount of money as the builders accept it, in reais, not cents (`1050` is R$ 1,050.00):
 * - a decimal string with at most two decimals (`'10.50'`, `'10.5'`, `'10'`);
 * - a number with at most two decimals (`10.5`);
 * - integer cents, named as such (`{ cents: 1050 }`, R$ 10.50).
 *
 * Zero, negatives, `NaN`, `Infinity`, exponents and a third decimal are rejected.
 *
 * @example
 * ```ts
 * const a: AmountInput = '10.50';
 * const b: AmountInput = { cents: 1050 }; // the same amount
 * ```
 */
export type AmountInput =
  | string
  | number
  | {
      /** The amount in centavos, a positive integer up to {@link MAX_AMOUNT_CENTS}. */
      readonly cents: number;
    };

/**
 * The largest amount the builders accept, in cents: 7_036_874_417_766_400, that is
 * BRL 70,368,744,177,664.00 (2^46 reais). The amount travels as a JSON number; up to here every
 * amount in cents has a double whose shortest text is exactly that decimal, so the JSON sent
 * reads back as the same cents. Above 2^46 doubles lie more than a cent apart and some amounts
 * would go out as a neighbour (`90071992547409.91` as `90071992547409.9`).
 *
 * @example
 * ```ts
 * if (cents > MAX_AMOUNT_CENTS) throw new Error('split the payment');
 * ```
 */
export const MAX_AMOUNT_CENTS = 7_036_874_417_766_400;

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

const TOO_LARGE = `is above the largest amount sent exactly, ${MAX_AMOUNT_CENTS} cents (70368744177664.00)`;

function reject(message: string, path: ReadonlyArray<PropertyKey>): never {
  throw new PaymentValidationError([{ path, message }], 'Invalid amount');
}

// Build the integer from its digits: exact for every amount up to Number.MAX_SAFE_INTEGER cents.
function digitsToCents(match: RegExpExecArray): number {
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number((match[1] ?? '0').replace(/^0+(?=\d)/, '') + fraction);
}

function centsFromDecimal(text: string, path: ReadonlyArray<PropertyKey>): number {
  const match = DECIMAL.exec(text);
  if (!match) {
    const quoted = JSON.stringify(text.slice(0, 40));
    if (/^\d+\.\d{3,}$/.test(text)) reject(`has more than two decimals: ${quoted}`, path);
    // A decimal comma, with dots between thousands or not: '10,50', '1.234,56'.
    const fixed = text.replace(/\./g, '').replace(',', '.');
    if (text.includes(',') && DECIMAL.test(fixed)) {
      reject(`${quoted}: write '${fixed}' or { cents: ${centsFromDecimal(fixed, path)} }`, path);
    }
    return reject(`is not a positive decimal amount: ${quoted}`, path);
  }
  const cents = digitsToCents(match);
  if (cents > MAX_AMOUNT_CENTS) reject(TOO_LARGE, path);
  if (cents === 0) reject('must be greater than zero', path);
  return cents;
}

/**
 * Converts an {@link AmountInput} to integer cents without any float arithmetic.
 *
 * @param path - Where the amount sits in the caller's input, for the error's `issues`.
 * @throws {@link PaymentValidationError} when the amount is zero, negative, not finite, has a third
 * decimal or is above {@link MAX_AMOUNT_CENTS}.
 *
 * @example
 * ```ts
 * toCents('10.50'); // 1050
 * toCents(0.1);     // 10
 * toCents({ cents: 1050 }); // 1050
 * ```
 */
export function toCents(
  amount: AmountInput,
  path: ReadonlyArray<PropertyKey> = ['amount'],
): number {
  if (typeof amount === 'string') return centsFromDecimal(amount, path);
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return reject('must be a finite number', path);
    if (amount <= 0) return reject('must be greater than zero', path);
    // The shortest round-trip text of a double is the decimal the caller wrote (0.1 -> "0.1"), and
    // the result of float arithmetic shows itself there (0.1 + 0.2 -> "0.30000000000000004").
    const text = String(amount);
    if (text.includes('e'))
      return reject(`cannot be written with at most two decimals: ${text}`, path);
    return centsFromDecimal(text, path);
  }
  if (typeof amount === 'object' && amount !== null && 'cents' in amount) {
    const { cents } = amount;
    if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) {
      return reject('cents must be a safe integer', [...path, 'cents']);
    }
    if (cents <= 0) return reject('must be greater than zero', [...path, 'cents']);
    if (cents > MAX_AMOUNT_CENTS) return reject(TOO_LARGE, [...path, 'cents']);
    return cents;
  }
  return reject('must be a decimal string, a number or { cents }', path);
}

/**
 * The decimal number the service expects for integer cents (`1050` -> `10.5`). Dividing an exact
 * integer by 100 yields the double nearest to the decimal, which `JSON.stringify` writes exactly as
 * that decimal for every amount up to {@link MAX_AMOUNT_CENTS} (beyond it, not always).
 *
 * @example
 * ```ts
 * centsToAmount(1050); // 10.5
 * ```
 */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/**
 * Integer cents of an amount the service sent as a decimal number (a balance, a transaction's
 * amount), read from its shortest text as {@link toCents} reads a number, so no float arithmetic
 * touches it (`1.94` -> `194`). Unlike {@link toCents}, zero and negatives are amounts here.
 *
 * @param path - Where the amount sits, for the error's `issues`.
 * @throws {@link PaymentValidationError} when the amount is not finite, has a third decimal or is
 * beyond exact integer cents.
 *
 * @example
 * ```ts
 * amountToCents(1.94); // 194
 * amountToCents(0);    // 0
 * ```
 */
export function amountToCents(
  amount: number,
  path: ReadonlyArray<PropertyKey> = ['amount'],
): number {
  const text = String(Math.abs(amount));
  const match = Number.isFinite(amount) ? DECIMAL.exec(text) : null;
  if (!match) return reject(`is not a decimal amount with at most two decimals: ${amount}`, path);
  const cents = digitsToCents(match);
  if (!Number.isSafeInteger(cents)) return reject('is beyond exact integer cents', path);
  return amount < 0 ? -cents : cents;
}

/**
 * The exact cents of a JSON number's source text (`90071992547409.91`), which a double may not
 * hold, or `undefined` when the text is not a decimal with at most two decimals or is beyond exact
 * integer cents.
 *
 * @internal
 */
export function centsOfNumberText(text: string): number | undefined {
  const negative = text.startsWith('-');
  const match = DECIMAL.exec(negative ? text.slice(1) : text);
  if (!match) return undefined;
  const cents = digitsToCents(match);
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

/**
 * Integer cents as a decimal string with two decimals, for display and logs.
 *
 * @example
 * ```ts
 * formatCents(1050); // '10.50'
 * ```
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Validates an {@link AmountInput} and returns the decimal number to send as `amount`.
 *
 * @throws {@link PaymentValidationError} as {@link toCents} does.
 *
 * @example
 * ```ts
 * normalizeAmount('10.50'); // 10.5
 * ```
 */
export function normalizeAmount(amount: AmountInput, path?: ReadonlyArray<PropertyKey>): number {
  return centsToAmount(toCents(amount, path));
}

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * The exact decimal text of an amount: a plain decimal string as it is, a finite non-negative
 * number as the shortest text that reads back as it (what `JSON.stringify` sends), exponent
 * written out (`1e21` → `'1000000000000000000000'`). `undefined` for anything else.
 *
 * @internal
 */
export function decimalText(value: unknown): string | undefined {
  if (typeof value === 'string') return PLAIN_DECIMAL.test(value) ? value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  const exponent = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, units = '', fraction = '', power = '0'] = exponent;
  const digits = units + fraction;
  const point = units.length + Number(power);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Compares two plain decimal strings (`'1050'`, `'5000.00'`, `'0.000001'`) exactly, by their
 * digits: negative when `a` is smaller, zero when equal, positive when larger. No float is
 * involved, so `'1000.000001'` is larger than `'1000'` at any size.
 *
 * @internal
 */
export function compareDecimals(a: string, b: string): number {
  const [aUnits = '', aFraction = ''] = a.split('.');
  const [bUnits = '', bFraction = ''] = b.split('.');
  const scale = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aUnits + aFraction.padEnd(scale, '0'));
  const y = BigInt(bUnits + bFraction.padEnd(scale, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
