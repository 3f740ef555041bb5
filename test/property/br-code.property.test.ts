import fc from 'fast-check';
import { brCodeCrc16, PaymentValidationError, parseBrCode } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

// Deterministic: the same cases on every run, so CI is never red by chance.
fc.configureGlobal({ seed: 20261127 });

function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// A reference CRC written apart from the client's: a table-free loop over the bits, most
// significant first, of each byte of the text (all ASCII here).
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (let at = 0; at < text.length; at++) {
    const byte = text.charCodeAt(at);
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = ((crc << 1) & 0xffff) ^ (top ? 0x1021 : 0);
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const printable = (min: number, max: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789 .-@+'),
      minLength: min,
      maxLength: max,
    })
    .filter((text) => text.trim() === text && text !== '');
const token = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefxyz0123456789./-_'),
    minLength: min,
    maxLength: max,
  });

const fields = fc.record({
  dynamic: fc.boolean(),
  target: token(1, 77),
  amount: fc.option(
    fc.integer({ min: 1, max: 99_999_999_99 }).map((cents) => (cents / 100).toFixed(2)),
    {
      nil: undefined,
    },
  ),
  txid: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
  merchantName: printable(1, 25),
  merchantCity: printable(1, 15),
});

type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

function encode(input: Fields): string {
  const content =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv(input.dynamic ? '25' : '01', input.target)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amount === undefined ? '' : tlv('54', input.amount)) +
    tlv('58', 'BR') +
    tlv('59', input.merchantName) +
    tlv('60', input.merchantCity) +
    tlv('62', tlv('05', input.txid ?? '***')) +
    '6304';
  return content + referenceCrc(content);
}

describe('parseBrCode, property-based', () => {
  it('its CRC agrees with a reference implementation', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 300 }), (text) => {
        expect(brCodeCrc16(text)).toBe(referenceCrc(text));
      }),
    );
  });

  it('reads back every field of a code written from them', () => {
    fc.assert(
      fc.property(fields, (input) => {
        const brCode = parseBrCode(encode(input));
        expect(brCode.kind).toBe(input.dynamic ? 'dynamic' : 'static');
        expect(input.dynamic ? brCode.url : brCode.key).toBe(input.target);
        expect(brCode.amount).toBe(input.amount);
        expect(brCode.txid).toBe(input.txid);
        expect(brCode.merchantName).toBe(input.merchantName);
        expect(brCode.merchantCity).toBe(input.merchantCity);
      }),
    );
  });

  it('refuses a code with any one character changed to another printable one', () => {
    fc.assert(
      fc.property(
        fields,
        fc.nat(),
        fc.integer({ min: 0x20, max: 0x7e }),
        (input, position, replacement) => {
          const code = encode(input);
          const at = position % code.length;
          const changed = code.slice(0, at) + String.fromCharCode(replacement) + code.slice(at + 1);
          fc.pre(changed !== code);
          expect(() => parseBrCode(changed)).toThrow(PaymentValidationError);
        },
      ),
    );
  });

  it('answers any text with a BrCode or a PaymentValidationError, nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 600 }),
          fields.map(encode).map((code) => code.slice(0, -9)),
        ),
        (text) => {
          try {
            parseBrCode(text);
          } catch (error) {
            expect(error).toBeInstanceOf(PaymentValidationError);
          }
        },
      ),
    );
  });
});
