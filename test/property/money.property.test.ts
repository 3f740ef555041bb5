import fc from 'fast-check';
import {
  buildWithdrawal,
  type Currency,
  centsToAmount,
  formatCents,
  MAX_AMOUNT_CENTS,
  PaymentValidationError,
  toCents,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

fc.configureGlobal({ seed: 20261122 });

const currency: Currency = {
  _id: '65f1c0ffee00000000000w01',
  name: 'BRL',
  type: 'PIX',
  symbol: 'R$',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-01T00:00:00.000Z',
  __v: 0,
};
const pixKey = { key: 'ana@example.com', type: 'EMAIL', _id: '65f1c0ffee00000000000k01' };
const customerId = '65f1c0ffee0000000000c001';

// Cents spread over every magnitude, with extra weight just around each power of two of reais
// (where the spacing of doubles changes) and at the top of the accepted range.
const nearPowerOfTwo = fc
  .tuple(fc.integer({ min: 0, max: 46 }), fc.integer({ min: -5_000, max: 5_000 }))
  .map(([exponent, offset]) => 2 ** exponent * 100 + offset)
  .filter((cents) => cents >= 1 && cents <= MAX_AMOUNT_CENTS);
const accepted = fc.oneof(
  fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
  fc.integer({ min: MAX_AMOUNT_CENTS - 1_000_000, max: MAX_AMOUNT_CENTS }),
  nearPowerOfTwo,
);

/** The amount as the JSON sent writes it, read back digit by digit, never through a float. */
function centsOnTheWire(body: unknown): number {
  const text = /"amount":([^,}]+)/.exec(JSON.stringify(body))?.[1] ?? '';
  return toCents(text);
}

describe('every accepted amount is sent exactly', () => {
  it('{ cents }: the JSON sent reads back as the same cents', () => {
    fc.assert(
      fc.property(accepted, (cents) => {
        const body = buildWithdrawal({ amount: { cents }, customerId, currency, pixKey });
        expect(centsOnTheWire(body)).toBe(cents);
      }),
      { numRuns: 20_000 },
    );
  });

  it('a decimal string and its number: the JSON sent reads back as the same cents', () => {
    fc.assert(
      fc.property(accepted, (cents) => {
        const text = formatCents(cents);
        expect(
          centsOnTheWire(buildWithdrawal({ amount: text, customerId, currency, pixKey })),
        ).toBe(cents);
        const number = centsToAmount(cents);
        expect(centsOnTheWire({ amount: number })).toBe(cents);
      }),
      { numRuns: 20_000 },
    );
  });

  it('every amount above the limit is refused, whatever its form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_AMOUNT_CENTS + 1, max: Number.MAX_SAFE_INTEGER }),
        (cents) => {
          for (const amount of [{ cents }, formatCents(cents)]) {
            expect(() => toCents(amount)).toThrow(PaymentValidationError);
          }
        },
      ),
    );
  });

  it('the limit is tight: the next cent above it would go out as another amount', () => {
    expect(centsOnTheWire({ amount: centsToAmount(MAX_AMOUNT_CENTS) })).toBe(MAX_AMOUNT_CENTS);
    expect(JSON.stringify(centsToAmount(MAX_AMOUNT_CENTS + 1))).not.toBe(
      formatCents(MAX_AMOUNT_CENTS + 1),
    );
  });
});
