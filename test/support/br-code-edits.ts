// Edits of a deposit's Pix code that the client must refuse, for the tests of deposits.create.
import { brCodeCrc16 } from 'pix-payment-sdk';

/** A code whose checksum is recomputed after the edit, so that only the edit is wrong. */
export function resealed(code: string, edit: (content: string) => string): string {
  const content = edit(code.slice(0, -4));
  return content + brCodeCrc16(content);
}

/** Each edit, and what the error says about it (the deposit asked 25.00). */
export const CODE_EDITS: ReadonlyArray<{
  name: string;
  edit: (code: string) => string;
  issue: string;
}> = [
  {
    name: 'a broken checksum',
    edit: (code) => `${code.slice(0, -4)}${code.endsWith('0000') ? 'FFFF' : '0000'}`,
    issue: 'field 63 (CRC16) is',
  },
  {
    name: 'a text that is not a Pix code',
    edit: () => 'https://pay.example/checkout/123',
    issue: 'not a Pix code',
  },
  {
    name: 'another amount, checksum recomputed',
    edit: (code) => resealed(code, (content) => content.replace('540525.00', '5406250.00')),
    issue: 'asks 250.00, the deposit is for 25.00',
  },
];
