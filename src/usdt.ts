import { PaymentValidationError } from './errors/index.js';

/**
 * An amount of USDT as the crypto builders and quotes accept it, exact to six decimals (USDT's own
 * precision, and the most the provider's examples show):
 * - a decimal string with at most six decimals (`'10.5'`, `'0.186433'`);
 * - a number with at most six decimals (`10.5`);
 * - integer millionths (`{ micros: 10_500_000 }`).
 *
 * Zero, negatives, `NaN`, `Infinity`, exponents and a seventh decimal are rejected.
 *
 * @example
 * ```ts
 * const a: UsdtAmountInput = '10.5';
 * const b: UsdtAmountInput = { micros: 10_500_000 }; // the same amount
 * ```
 */
export type UsdtAmountInput =
  | string
  | number
  | {
      /** The amount in millionths of a USDT, a positive integer up to {@link MAX_USDT_MICROS}. */
      readonly micros: number;
    };

/**
 * The largest USDT amount sent exactly, in millionths: 999_999_999_999_999, that is
 * USDT 999,999,999.999999. Fifteen significant digits: every decimal of at most fifteen digits has
 * a double whose shortest text is that decimal, so the JSON number sent reads back as the same
 * millionths. Beyond it some amounts would go out as a neighbour.
 *
 * @example
 * ```ts
 * if (micros > MAX_USDT_MICROS) throw new Error('split the transfer');
 * ```
 */
export const MAX_USDT_MICROS = 999_999_999_999_999;

const USDT_DECIMAL = /^(\d+)(?:\.(\d{1,6}))?$/;

function refuse(message: string, path: ReadonlyArray<PropertyKey>): never {
  throw new PaymentValidationError([{ path, message }], 'Invalid USDT amount');
}

function microsOfDecimal(text: string, path: ReadonlyArray<PropertyKey>): number {
  const match = USDT_DECIMAL.exec(text);
  const quoted = JSON.stringify(text.slice(0, 40));
  if (!match) {
    if (/^\d+\.\d{7,}$/.test(text)) refuse(`has more than six decimals: ${quoted}`, path);
    return refuse(`is not a positive decimal USDT amount: ${quoted}`, path);
  }
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const micros = Number(whole + (match[2] ?? '').padEnd(6, '0'));
  if (!(micros <= MAX_USDT_MICROS)) {
    refuse(`is above the largest USDT amount sent exactly (999999999.999999): ${quoted}`, path);
  }
  if (micros === 0) refuse('must be greater than zero', path);
  return micros;
}

/**
 * Converts a {@link UsdtAmountInput} to integer millionths of a USDT without any float arithmetic.
 *
 * @param path - Where the amount sits in the caller's input, for the error's `issues`.
 * @throws {@link PaymentValidationError} when the amount is zero, negative, not finite, has a
 * seventh decimal or is above {@link MAX_USDT_MICROS}.
 *
 * @example
 * ```ts
 * toMicros('10.5');   // 10_500_000
 * toMicros(0.186433); // 186_433
 * toMicros({ micros: 1 }); // 1
 * ```
 */
export function toMicros(
  amount: UsdtAmountInput,
  path: ReadonlyArray<PropertyKey> = ['amount'],
): number {
  if (typeof amount === 'string') return microsOfDecimal(amount, path);
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return refuse('must be a finite number', path);
    if (amount <= 0) return refuse('must be greater than zero', path);
    // The shortest round-trip text of a double is the decimal the caller wrote.
    const text = String(amount);
    if (text.includes('e')) return refuse(`cannot be written with six decimals: ${text}`, path);
    return microsOfDecimal(text, path);
  }
  if (typeof amount === 'object' && amount !== null && 'micros' in amount) {
    const { micros } = amount;
    if (typeof micros !== 'number' || !Number.isSafeInteger(micros) || micros <= 0) {
      return refuse('micros must be a positive safe integer', [...path, 'micros']);
    }
    if (micros > MAX_USDT_MICROS) {
      return refuse('is above the largest USDT amount sent exactly', [...path, 'micros']);
    }
    return micros;
  }
  return refuse('must be a decimal string, a number or { micros }', path);
}

/**
 * Integer millionths as the decimal number the service expects (`10_500_000` -> `10.5`). The
 * division of an exact integer by a million yields the double nearest the decimal, which
 * `JSON.stringify` writes as that decimal up to {@link MAX_USDT_MICROS}.
 *
 * @example
 * ```ts
 * microsToAmount(186_433); // 0.186433
 * ```
 */
export function microsToAmount(micros: number): number {
  return micros / 1_000_000;
}

/**
 * Integer millionths as a decimal string with six decimals, for display and logs.
 *
 * @example
 * ```ts
 * formatMicros(10_500_000); // '10.500000'
 * ```
 */
export function formatMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.trunc(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

/**
 * Validates a {@link UsdtAmountInput} and returns the decimal number to send as `amount`.
 *
 * @throws {@link PaymentValidationError} as {@link toMicros} does.
 *
 * @example
 * ```ts
 * normalizeUsdt('0.1'); // 0.1
 * ```
 */
export function normalizeUsdt(amount: UsdtAmountInput, path?: ReadonlyArray<PropertyKey>): number {
  return microsToAmount(toMicros(amount, path));
}

/**
 * An exact decimal string read from text the service sends: the first number in it, or
 * `undefined` when it holds none. Used for the rates of the quotes, which come as text.
 *
 * The decimal mark is read as a person would: with both marks (`'R$ 1.234,56'`,
 * `'R$ 1,234.56'`) the last one is the decimal mark and the other groups thousands; with one mark
 * written once it is the decimal mark, as in the provider's `'R$ 5.364'` and `'R$ 5,17'`; with one
 * mark written more than once (`'1.234.567'`) it groups thousands.
 *
 * @example
 * ```ts
 * parseRateText('R$ 5.364'); // '5.364'
 * parseRateText('R$ 1.234,56'); // '1234.56'
 * ```
 */
export function parseRateText(text: string): string | undefined {
  const match = /\d+(?:[.,]\d+)*/.exec(text.slice(0, 200));
  if (!match) return undefined;
  const number = match[0];
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  const mark = lastDot > lastComma ? '.' : ',';
  const marks = number.split(mark).length - 1;
  const bothMarks = lastDot >= 0 && lastComma >= 0;
  const decimal = bothMarks || marks === 1 ? Math.max(lastDot, lastComma) : -1;
  const digits = (part: string) => part.replace(/[.,]/g, '');
  const whole = digits(decimal < 0 ? number : number.slice(0, decimal)).replace(/^0+(?=\d)/, '');
  return decimal < 0 ? whole : `${whole}.${number.slice(decimal + 1)}`;
}
