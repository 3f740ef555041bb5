// Pix "copia e cola" strings: the EMV QR Code (BR Code) layout of the Banco Central's manual.

import { brCodeCrc16 } from 'pix-payment-sdk';

function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// EMV fields allow a restricted character set; names and cities are written without accents.
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .toUpperCase()
    .slice(0, max);
}

/** What a dynamic BR Code carries. */
export interface BrCodeInput {
  /**
   * Where the payer's app fetches the charge (field 26, sub-field 25): a URL without its scheme,
   * at most 77 characters.
   */
  readonly location: string;
  /** Amount in integer cents (field 54, written with two decimals). */
  readonly amountCents: number;
  /** Merchant name (field 59, at most 25 characters). */
  readonly merchantName: string;
  /** Merchant city (field 60, at most 15 characters). */
  readonly merchantCity: string;
}

/**
 * A dynamic Pix BR Code, laid out as the provider's deposit example: `000201`, merchant account
 * information `26` (`00` the GUI `br.gov.bcb.pix`, `25` the location URL, no key), `52040000`,
 * `5303986` (BRL), `54` amount, `5802BR`, `59` name, `60` city, `62` with txid `05` `***` (a
 * dynamic code's txid lives at the location), and `6304` followed by the CRC16 of everything
 * before it. Like the provider's example it has no point of initiation method (field `01`).
 *
 * @internal
 */
export function buildBrCode(input: BrCodeInput): string {
  if (input.location.length === 0 || input.location.length > 77) {
    throw new RangeError('a BR Code location must have 1 to 77 characters');
  }
  const amount = `${Math.trunc(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, '0')}`;
  const payload = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('25', input.location)),
    field('52', '0000'),
    field('53', '986'),
    field('54', amount),
    field('58', 'BR'),
    field('59', plain(input.merchantName, 25)),
    field('60', plain(input.merchantCity, 15)),
    field('62', field('05', '***')),
    '6304',
  ].join('');
  return payload + brCodeCrc16(payload);
}
