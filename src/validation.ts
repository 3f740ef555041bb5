import { type PaymentIssue, PaymentValidationError } from './errors/index.js';
import { type KnownPixKeyType, PIX_KEY_TYPES } from './models/pix-keys.js';

/** A Pix key that passed {@link validatePixKey}, with its normalised value. */
export interface ValidPixKey {
  /** Always `true`. */
  readonly valid: true;
  /** The key's type. */
  readonly type: KnownPixKeyType;
  /** The key as it is to be sent: punctuation removed from CPF and CNPJ, formatting from PHONE. */
  readonly key: string;
}

/** A Pix key that failed {@link validatePixKey}, with the reason in English. */
export interface InvalidPixKey {
  /** Always `false`. */
  readonly valid: false;
  /** Why the key is invalid, in English. */
  readonly reason: string;
}

/** What {@link validatePixKey} returns. */
export type PixKeyValidation = ValidPixKey | InvalidPixKey;

// Mod 11 check digit of the first `count` values, shared by CPF and CNPJ: weights from `count + 1`
// down to 2 (CPF), or the same cycling through 9..2 (CNPJ, `cycle` 8); a remainder under 2 gives 0.
function checkDigit(values: ReadonlyArray<number>, count: number, cycle = 99): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += (values[i] ?? 0) * (((count - 1 - i) % cycle) + 2);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Whether an 11-digit string is a valid CPF: two mod-11 check digits; all-equal digits are invalid.
 *
 * @example
 * ```ts
 * isValidCpf('12345678909'); // true
 * ```
 */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const values = [...digits].map(Number);
  return values[9] === checkDigit(values, 9) && values[10] === checkDigit(values, 10);
}

/**
 * Whether a 14-character string is a valid CNPJ, the alphanumeric form included: the first 12
 * characters are `0-9A-Z` (each worth its character code minus 48), the last two are numeric
 * mod-11 check digits. All-equal characters are invalid.
 *
 * @example
 * ```ts
 * isValidCnpj('11222333000181'); // true
 * isValidCnpj('12ABC34501DE35'); // true, the alphanumeric form
 * ```
 */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(.)\1{13}$/.test(value)) return false;
  const values = [...value].map((char) => char.charCodeAt(0) - 48);
  return values[12] === checkDigit(values, 12, 8) && values[13] === checkDigit(values, 13, 8);
}

/**
 * What is wrong with a customer's `document`, as an issue at `path`: it must be a valid CPF or
 * CNPJ, punctuation allowed (`529.982.247-25`). `undefined` when it is valid, and for anything but
 * a non-empty string, which the callers check as a required field. The value is not quoted.
 *
 * @internal
 */
export function documentIssue(
  value: unknown,
  path: ReadonlyArray<PropertyKey>,
): PaymentIssue | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const plain = value
    .trim()
    .toUpperCase()
    .replace(/[.\-/\s]/g, '');
  if (isValidCpf(plain) || isValidCnpj(plain)) return undefined;
  return {
    path,
    message:
      plain.length === 11 || plain.length === 14
        ? 'is not a valid CPF or CNPJ: its check digits do not match (a typo?)'
        : 'must be a CPF (11 digits) or a CNPJ (14 characters), punctuation allowed',
  };
}

const EMAIL_MAX_LENGTH = 77;
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
const PHONE = /^\+55[1-9]{2}9\d{8}$/;
const RANDOM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalid(reason: string): InvalidPixKey {
  return { valid: false, reason };
}

function validateKnown(type: KnownPixKeyType, raw: string): PixKeyValidation {
  switch (type) {
    case 'CPF': {
      if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(raw)) {
        return invalid('CPF must be 11 digits, optionally written as 000.000.000-00');
      }
      const key = raw.replace(/\D/g, '');
      return isValidCpf(key)
        ? { valid: true, type, key }
        : invalid('CPF check digits do not match');
    }
    case 'CNPJ': {
      const upper = raw.toUpperCase();
      if (!/^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/.test(upper)) {
        return invalid(
          'CNPJ must be 14 characters (12 of 0-9 or A-Z, then 2 digits), optionally written as 00.000.000/0000-00',
        );
      }
      const key = upper.replace(/[./-]/g, '');
      return isValidCnpj(key)
        ? { valid: true, type, key }
        : invalid('CNPJ check digits do not match');
    }
    case 'PHONE': {
      const key = raw.replace(/[\s()-]/g, '');
      return PHONE.test(key)
        ? { valid: true, type, key }
        : invalid(
            'PHONE must be +55, a two-digit area code and a nine-digit mobile number starting with 9',
          );
    }
    case 'EMAIL': {
      if (raw.length > EMAIL_MAX_LENGTH)
        return invalid(`EMAIL must be at most ${EMAIL_MAX_LENGTH} characters`);
      if (raw !== raw.toLowerCase()) return invalid('EMAIL must be lower case');
      return EMAIL.test(raw)
        ? { valid: true, type, key: raw }
        : invalid('EMAIL is not a valid address');
    }
    case 'RANDOM':
      return RANDOM.test(raw)
        ? { valid: true, type, key: raw }
        : invalid('RANDOM must be a lower-case UUID (8-4-4-4-12 hex digits)');
  }
}

/**
 * Checks a Pix key against the Banco Central directory rules for its type and returns it
 * normalised, or the reason it is invalid. Pure: sends nothing.
 *
 * - CPF: 11 digits with valid check digits (punctuation allowed and removed).
 * - CNPJ: 14 characters, the alphanumeric form included, with valid check digits.
 * - PHONE: `+55`, area code, nine-digit mobile number starting with 9 (spaces, dashes and
 *   parentheses removed).
 * - EMAIL: lower case, at most 77 characters.
 * - RANDOM: a lower-case UUID, any version.
 *
 * Leading and trailing white space is ignored for every type.
 *
 * @example
 * ```ts
 * validatePixKey({ type: 'CPF', key: '123.456.789-09' }); // { valid: true, type: 'CPF', key: '12345678909' }
 * validatePixKey({ type: 'PHONE', key: '11987654321' });  // { valid: false, reason: 'PHONE must be +55, …' }
 * ```
 */
export function validatePixKey(input: {
  readonly type: string;
  readonly key: string;
}): PixKeyValidation {
  if (typeof input !== 'object' || input === null)
    return invalid('a Pix key is an object { type, key }');
  const { type, key } = input;
  if (typeof key !== 'string' || key.trim() === '')
    return invalid('key must be a non-empty string');
  if (!(PIX_KEY_TYPES as ReadonlyArray<string>).includes(type)) {
    return invalid(`type must be one of ${PIX_KEY_TYPES.join(', ')}`);
  }
  return validateKnown(type as KnownPixKeyType, key.trim());
}

/**
 * Like {@link validatePixKey}, but throws a {@link PaymentValidationError} for an invalid key and
 * returns the normalised `{ type, key }` otherwise.
 *
 * @example
 * ```ts
 * const input = assertValidPixKey({ type: 'CNPJ', key: '12.ABC.345/01DE-35' }); // { type: 'CNPJ', key: '12ABC34501DE35' }
 * ```
 */
export function assertValidPixKey(
  input: { readonly type: string; readonly key: string },
  path: ReadonlyArray<PropertyKey> = [],
): {
  /** The key's type. */
  type: KnownPixKeyType;
  /** The normalised key. */
  key: string;
} {
  const result = validatePixKey(input);
  if (!result.valid)
    throw new PaymentValidationError(
      [{ path: [...path, 'key'], message: result.reason }],
      'Invalid Pix key',
    );
  return { type: result.type, key: result.key };
}
