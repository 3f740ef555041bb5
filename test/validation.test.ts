import {
  assertValidPixKey,
  isValidCnpj,
  isValidCpf,
  PaymentValidationError,
  validatePixKey,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

const valid = (type: string, key: string) => validatePixKey({ type, key });

describe('validatePixKey: CPF', () => {
  it.each([
    ['12345678909', '12345678909'],
    ['123.456.789-09', '12345678909'],
    ['529.982.247-25', '52998224725'],
    ['  52998224725  ', '52998224725'],
  ])('%s is valid and normalised to %s', (key, normalised) => {
    expect(valid('CPF', key)).toEqual({ valid: true, type: 'CPF', key: normalised });
  });

  it.each([
    ['11111111111', 'all digits equal'],
    ['00000000000', 'all zeros'],
    ['12345678900', 'a bad check digit'],
    ['123.456.789-00', 'a bad check digit, punctuated'],
    ['1234567890', 'ten digits'],
    ['123456789091', 'twelve digits'],
    ['123-456-789.09', 'separators in the wrong places'],
    ['1234567890a', 'a letter'],
  ])('%s is invalid (%s)', (key) => {
    expect(valid('CPF', key).valid).toBe(false);
  });

  it('isValidCpf takes digits only', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(false);
  });
});

describe('validatePixKey: CNPJ', () => {
  it.each([
    ['11222333000181', '11222333000181'],
    ['11.222.333/0001-81', '11222333000181'],
    ['12ABC34501DE35', '12ABC34501DE35'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12abc34501de35', '12ABC34501DE35'],
  ])('%s is valid and normalised to %s', (key, normalised) => {
    expect(valid('CNPJ', key)).toEqual({ valid: true, type: 'CNPJ', key: normalised });
  });

  it.each([
    ['11222333000180', 'a bad check digit'],
    ['11.222.333/0001-82', 'a bad check digit, punctuated'],
    ['12ABC34501DE36', 'a bad check digit, alphanumeric'],
    ['12ABC34501DEAB', 'letters as check digits'],
    ['00000000000000', 'all equal'],
    ['1122233300018', 'thirteen characters'],
    ['11222333000181X', 'fifteen characters'],
  ])('%s is invalid (%s)', (key) => {
    expect(valid('CNPJ', key).valid).toBe(false);
  });

  it('isValidCnpj takes the 14 bare characters', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(false);
  });
});

describe('validatePixKey: PHONE', () => {
  it.each([
    ['+5561912345678', '+5561912345678'],
    ['+55 (61) 91234-5678', '+5561912345678'],
    ['+55 11 98765 4321', '+5511987654321'],
  ])('%s is valid and normalised to %s', (key, normalised) => {
    expect(valid('PHONE', key)).toEqual({ valid: true, type: 'PHONE', key: normalised });
  });

  it.each([
    ['+556132345678', 'a landline (eight digits)'],
    ['+5561812345678', 'a nine-digit number not starting with 9'],
    ['5561912345678', 'no +'],
    ['61912345678', 'no +55'],
    ['+1561912345678', 'another country code'],
    ['+556191234567', 'too short'],
    ['+55619123456789', 'too long'],
    ['+5501912345678', 'an area code starting with 0'],
  ])('%s is invalid (%s)', (key) => {
    expect(valid('PHONE', key).valid).toBe(false);
  });
});

describe('validatePixKey: EMAIL', () => {
  const local = (length: number) => 'a'.repeat(length);

  it.each([
    'ana@example.com',
    'ana.souza+pix@mail.example.com.br',
    `${local(65)}@example.com`, // 77 characters
  ])('%s is valid and kept as is', (key) => {
    expect(valid('EMAIL', key)).toEqual({ valid: true, type: 'EMAIL', key });
  });

  it.each([
    ['Ana@Example.com', 'upper case'],
    ['ANA@EXAMPLE.COM', 'all upper case'],
    [`${local(66)}@example.com`, '78 characters'],
    ['ana.example.com', 'no @'],
    ['ana@', 'no domain'],
    ['ana@example', 'no dot in the domain'],
    ['ana souza@example.com', 'a space'],
  ])('%s is invalid (%s)', (key) => {
    expect(valid('EMAIL', key).valid).toBe(false);
  });

  it('the 78-character reason names the limit', () => {
    expect(valid('EMAIL', `${local(66)}@example.com`)).toEqual({
      valid: false,
      reason: 'EMAIL must be at most 77 characters',
    });
  });
});

describe('validatePixKey: RANDOM', () => {
  it.each([
    '123e4567-e89b-12d3-a456-426614174000', // version 1
    '9b2c4c1e-6f7d-4f8a-9c3b-2d1e0f9a8b7c', // version 4
    '01890a5d-ac96-774b-bcce-b302099a8057', // version 7
    '00000000-0000-0000-0000-000000000000',
  ])('%s is valid, whatever the version', (key) => {
    expect(valid('RANDOM', key)).toEqual({ valid: true, type: 'RANDOM', key });
  });

  it.each([
    ['123E4567-E89B-12D3-A456-426614174000', 'upper case'],
    ['123e4567e89b12d3a456426614174000', 'no dashes'],
    ['123e4567-e89b-12d3-a456-42661417400', 'too short'],
    ['123e4567-e89b-12d3-a456-42661417400g', 'a non-hex digit'],
    ['{123e4567-e89b-12d3-a456-426614174000}', 'braces'],
  ])('%s is invalid (%s)', (key) => {
    expect(valid('RANDOM', key).valid).toBe(false);
  });
});

describe('validatePixKey: type and shape', () => {
  it.each([
    ['an unknown type', { type: 'EVP', key: 'x' }],
    ['a lower-case type', { type: 'cpf', key: '12345678909' }],
    ['an empty key', { type: 'EMAIL', key: '' }],
    ['a blank key', { type: 'EMAIL', key: '   ' }],
    ['a non-string key', { type: 'CPF', key: 12345678909 as unknown as string }],
  ])('%s is invalid', (_, input) => {
    expect(validatePixKey(input).valid).toBe(false);
  });

  it('a non-object is invalid, not a crash', () => {
    expect(validatePixKey(null as unknown as { type: string; key: string }).valid).toBe(false);
  });
});

describe('assertValidPixKey', () => {
  it('returns the normalised key', () => {
    expect(assertValidPixKey({ type: 'CNPJ', key: '12.ABC.345/01DE-35' })).toEqual({
      type: 'CNPJ',
      key: '12ABC34501DE35',
    });
  });

  it('throws a PaymentValidationError with the path of the key', () => {
    try {
      assertValidPixKey({ type: 'CPF', key: '11111111111' }, ['pixKey']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PaymentValidationError);
      expect((error as PaymentValidationError).issues).toEqual([
        { path: ['pixKey', 'key'], message: 'CPF check digits do not match' },
      ]);
    }
  });
});
