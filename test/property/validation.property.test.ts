import fc from 'fast-check';
import {
  CurrencyList,
  centsToAmount,
  formatCents,
  isValidCnpj,
  isValidCpf,
  MAX_AMOUNT_CENTS,
  PixKey,
  toCents,
  validatePixKey,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

// Deterministic: the same cases on every run, so CI is never red by chance.
fc.configureGlobal({ seed: 20261122 });

// Reference algorithms written independently of src/validation.ts: the CPF one uses the
// "multiply by position, mod 11, mod 10" formulation, the CNPJ one walks the weights from the right
// (2..9 cycling), as the Receita Federal describes them.
function referenceCpfDigits(nine: ReadonlyArray<number>): [number, number] {
  const dv = (digits: ReadonlyArray<number>) =>
    (digits.reduce((sum, digit, index) => sum + digit * (index + 1), 0) % 11) % 10;
  const first = dv(nine);
  // The second digit weighs the first nine digits 0..8 and the first check digit 9.
  const second = ([...nine, first].reduce((sum, digit, index) => sum + digit * index, 0) % 11) % 10;
  return [first, second];
}

function referenceCnpjDigit(values: ReadonlyArray<number>): number {
  let sum = 0;
  let weight = 2;
  for (let index = values.length - 1; index >= 0; index--) {
    sum += (values[index] ?? 0) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const digit = fc.integer({ min: 0, max: 9 });
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');

describe('property: Pix key validators against reference algorithms', () => {
  it('isValidCpf accepts exactly the CPFs whose check digits the reference computes', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 9, maxLength: 9 }), (nine) => {
        const [a, b] = referenceCpfDigits(nine);
        const cpf = [...nine, a, b].join('');
        const allEqual = /^(\d)\1{10}$/.test(cpf);
        expect(isValidCpf(cpf)).toBe(!allEqual);
        expect(isValidCpf([...nine, a, (b + 1) % 10].join(''))).toBe(false);
        expect(isValidCpf([...nine, (a + 1) % 10, b].join(''))).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('validatePixKey normalises a punctuated valid CPF to its 11 digits', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 9, maxLength: 9 }), (nine) => {
        const cpf = [...nine, ...referenceCpfDigits(nine)].join('');
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        const punctuated = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
        expect(validatePixKey({ type: 'CPF', key: punctuated })).toEqual({
          valid: true,
          type: 'CPF',
          key: cpf,
        });
      }),
    );
  });

  it('isValidCnpj accepts exactly the alphanumeric CNPJs whose check digits the reference computes', () => {
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 12, maxLength: 12 }), (twelve) => {
        const values = twelve.map((char) => char.charCodeAt(0) - 48);
        const first = referenceCnpjDigit(values);
        const second = referenceCnpjDigit([...values, first]);
        const cnpj = `${twelve.join('')}${first}${second}`;
        const allEqual = /^(.)\1{13}$/.test(cnpj);
        expect(isValidCnpj(cnpj)).toBe(!allEqual);
        expect(isValidCnpj(`${twelve.join('')}${first}${(second + 1) % 10}`)).toBe(false);
        expect(validatePixKey({ type: 'CNPJ', key: cnpj.toLowerCase() }).valid).toBe(!allEqual);
      }),
      { numRuns: 2_000 },
    );
  });

  it('validatePixKey never throws, whatever the type and key', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 200 }), (type, key) => {
        const result = validatePixKey({ type, key });
        expect(typeof result.valid).toBe('boolean');
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('property: amounts', () => {
  it('every cent value from 1 to 1,000,000 survives formatCents -> toCents and centsToAmount -> toCents', () => {
    for (let cents = 1; cents <= 1_000_000; cents++) {
      if (toCents(formatCents(cents)) !== cents || toCents(centsToAmount(cents)) !== cents) {
        expect.fail(`round trip broke at ${cents} cents`);
      }
    }
  });

  it('any accepted cent value survives the round trip through its decimal string and its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(toCents(formatCents(cents))).toBe(cents);
        expect(toCents({ cents })).toBe(cents);
      }),
      { numRuns: 5_000 },
    );
  });

  it('a decimal with a third non-zero decimal is always rejected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 999 }),
        (units, mills) => {
          fc.pre(mills % 10 !== 0);
          expect(() => toCents(`${units}.${String(mills).padStart(3, '0')}`)).toThrow(
            /more than two decimals/,
          );
        },
      ),
    );
  });
});

describe('property: schemas tolerate what the contract does not name', () => {
  const extraFields = fc.dictionary(
    fc
      .string({ minLength: 1, maxLength: 12 })
      // `__proto__` has its own test below: the schemas drop it rather than keep it.
      .filter((key) => !['key', 'type', '_id', '__proto__'].includes(key)),
    fc.jsonValue(),
    { maxKeys: 6 },
  );

  it('a Pix key with extra fields and an unknown type parses and keeps the extras', () => {
    fc.assert(
      fc.property(extraFields, fc.string({ minLength: 1 }), (extra, type) => {
        const value = { ...extra, key: 'ana@example.com', type, _id: '65a1f0c2e4b0a1b2c3d4e5f6' };
        const parsed = PixKey.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(value);
      }),
    );
  });

  it('a currency list with extra fields on every item parses and keeps them', () => {
    fc.assert(
      fc.property(fc.array(extraFields, { maxLength: 5 }), (extras) => {
        const list = extras.map((extra, index) => ({
          ...extra,
          _id: String(index).padStart(24, '0'),
          name: 'BRL',
          type: 'PIX',
          symbol: 'R$',
          createdDate: '2026-01-01T00:00:00.000Z',
          updatedDate: '2026-01-01T00:00:00.000Z',
          __v: 0,
        }));
        const parsed = CurrencyList.safeParse(list);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(list);
      }),
    );
  });

  it('a __proto__ field in an answer is dropped and never becomes the prototype', () => {
    const answer = JSON.parse(
      '{"key":"a@b.co","type":"EMAIL","_id":"65a1f0c2e4b0a1b2c3d4e5f6","__proto__":{"isAdmin":true}}',
    );
    const parsed = PixKey.parse(answer);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false);
    expect((parsed as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
