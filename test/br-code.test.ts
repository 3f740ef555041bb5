// parseBrCode against public BR Codes: the static example of the Banco Central's manual, dynamic
// codes published by Pix libraries and payment providers, and codes broken on purpose.

import { resolve } from 'node:path';
import { build } from 'esbuild';
import {
  brCodeCrc16,
  MAX_BR_CODE_LENGTH,
  PaymentValidationError,
  parseBrCode,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';

// The static example of the Banco Central's "Manual de Padrões para Iniciação do Pix".
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
// A dynamic code of a payment provider, the same layout as this service's (26 of 85, 25 of 63).
const PROVIDER_DYNAMIC =
  '00020126850014br.gov.bcb.pix2563pix.voluti.com.br/qr/v3/at/c75d8412-3935-49d1-9d80-6435716962665204000053039865802BR5925SMARTPAY_SERVICOS_DIGITAI6013FLORIANOPOLIS62070503***6304575A';
// More dynamic codes of that layout, as published in open-source integrations of payment
// providers: a comma in the name, a two-letter city.
const SAME_LAYOUT = [
  '00020126850014br.gov.bcb.pix2563pix.voluti.com.br/qr/v3/at/8f3b297a-6185-42ae-a09a-0acfe74d3e0e5204000053039865802BR5925TRANSAC_INTERMEDIADOR_DE_6007GOIANIA62070503***63047C44',
  '00020126850014br.gov.bcb.pix2563pix.voluti.com.br/qr/v3/at/a62c3200-8944-48c1-aca8-af816ed0ee925204000053039865802BR5925MEGA_SERVICOS,_TECNOLOGIA6002SP62070503***6304D208',
  '00020126850014br.gov.bcb.pix2563pix.voluti.com.br/qr/v3/at/e090cf24-506a-4905-865b-30fbd4d833c85204000053039865802BR5925PAGFACIL_MEIOS_DE_PAGAMEN6005SINOP62070503***63043678',
];
// Dynamic, single use (01 = 12), with an amount and a txid (the pixcode library's README).
const DYNAMIC_WITH_AMOUNT =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';
// Dynamic on the Banco Central's homologation host (the pix-utils library's tests).
const BCB_HOMOLOGATION =
  '00020126940014br.gov.bcb.pix2572qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c705204000053039865802BR5903Pix6008BRASILIA62070503***6304C7D7';
// Static with a phone key, an upper-case GUI and an amount, as published in a gist of examples:
// its checksum matches, but field 62 declares 8 characters and holds 7, so the checksum's own
// field is swallowed. A reader that trusted the checksum alone would take it.
const MISCOUNTED_PUBLISHED =
  '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E';
// Static with a description (26.02) and a postal code (61).
const STATIC_WITH_INFO =
  '00020126580014BR.GOV.BCB.PIX0119nubank@thalesog.com0213PIX de Testes52040000530398654041.005802BR5914Thales Ogliari6009SAO PAULO61080540900062070503***6304581E';
// A bank's dynamic code whose checksum is wrong on purpose (the content gives DAA5).
const BROKEN_CHECKSUM =
  '00020101021226960014br.gov.bcb.pix2574ww4.banrisul.com.br/bqq/api/pix/qrcode/nightly/hiPxAvkKJJhHdJ8Qp2P4aU3Yb2g5204000053039865802BR5908Banrisul6012Porto Alegre61089001026062070503***6304DAA6';

function problemOf(code: unknown): string {
  try {
    parseBrCode(code as string);
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return (error as Error).message;
  }
  throw new Error('expected parseBrCode to throw');
}

// A code with a correct checksum around any content, to reach the checks after the checksum.
function sealed(content: string): string {
  return `${content}6304${brCodeCrc16(`${content}6304`)}`;
}

function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

describe('parseBrCode: public codes', () => {
  it("reads the Banco Central manual's static example: key, name, city, no amount, no txid", () => {
    expect(parseBrCode(BCB_STATIC)).toEqual({
      kind: 'static',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      crc: '1D3D',
    });
  });

  it("reads a provider's dynamic code: the 63-character location, no key, no amount", () => {
    const brCode = parseBrCode(PROVIDER_DYNAMIC);
    expect(brCode).toEqual({
      kind: 'dynamic',
      url: 'pix.voluti.com.br/qr/v3/at/c75d8412-3935-49d1-9d80-643571696266',
      merchantName: 'SMARTPAY_SERVICOS_DIGITAI',
      merchantCity: 'FLORIANOPOLIS',
      crc: '575A',
    });
    expect(brCode.url).toHaveLength(63);
  });

  it.each(SAME_LAYOUT)('reads the published dynamic code %s', (code) => {
    const brCode = parseBrCode(code);
    expect(brCode.kind).toBe('dynamic');
    expect(brCode.url).toHaveLength(63);
    expect(brCode.merchantName).toHaveLength(25);
    expect(brCode.crc).toBe(code.slice(-4));
    expect(brCode).not.toHaveProperty('amount');
  });

  it('reads the amount (field 54) and the txid (field 62.05) of a dynamic code', () => {
    expect(parseBrCode(DYNAMIC_WITH_AMOUNT)).toMatchObject({
      kind: 'dynamic',
      url: 'bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441',
      amount: '123.45',
      txid: 'RP12345678-2019',
      crc: '45C8',
    });
  });

  it("reads the Banco Central's homologation code", () => {
    expect(parseBrCode(BCB_HOMOLOGATION)).toMatchObject({
      kind: 'dynamic',
      url: 'qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c70',
      merchantName: 'Pix',
    });
  });

  it('takes the GUI in upper case, and reads a static amount and description', () => {
    expect(parseBrCode(STATIC_WITH_INFO)).toMatchObject({
      key: 'nubank@thalesog.com',
      info: 'PIX de Testes',
      amount: '1.00',
      merchantCity: 'SAO PAULO',
    });
  });

  it('gives the CRC16/CCITT-FALSE check value for "123456789"', () => {
    expect(brCodeCrc16('123456789')).toBe('29B1');
  });
});

describe('parseBrCode: refused codes', () => {
  it('a wrong checksum names both checksums and says the code was altered', () => {
    const message = problemOf(BROKEN_CHECKSUM);
    expect(message).toContain('field 63 (CRC16) is DAA6 but the content gives DAA5');
    expect(message).toContain('altered or mistyped');
  });

  it('one changed character of the manual example breaks its checksum', () => {
    expect(problemOf(BCB_STATIC.replace('Fulano', 'Fulana'))).toContain('CRC16');
  });

  it('a lower-case checksum is refused: the manual writes it in upper case', () => {
    expect(problemOf(BCB_STATIC.replace(/1D3D$/, '1d3d'))).toContain('upper-case');
  });

  it('an EMV code of another scheme is not a Pix code', () => {
    const body = `000201${tlv('26', tlv('00', 'br.com.example.wallet') + tlv('01', 'abc'))}${tlv('52', '0000')}${tlv('53', '986')}${tlv('58', 'BR')}${tlv('59', 'LOJA')}${tlv('60', 'RIO')}`;
    expect(problemOf(sealed(body))).toContain(
      'Invalid BR Code: not a Pix code: no merchant account (fields 26 to 51) with the GUI br.gov.bcb.pix',
    );
  });

  it('text that is not EMV at all is not a Pix code', () => {
    expect(problemOf('https://example.com/pay?amount=10')).toContain('not a Pix code');
    expect(problemOf('')).toContain('is empty');
  });

  it('a value that is not a string is refused with its type', () => {
    expect(problemOf(12345)).toContain('must be a string, got number');
    expect(problemOf(null)).toContain('got null');
  });

  it(`a code longer than ${MAX_BR_CODE_LENGTH} characters is refused before it is read`, () => {
    const long = `000201${'9'.repeat(10_000_000)}`;
    expect(problemOf(long)).toContain(`at most ${MAX_BR_CODE_LENGTH} characters`);
  });

  it('a line break or another control character is refused, not passed on', () => {
    expect(problemOf(`${BCB_STATIC}\n`)).toContain('control character');
    expect(problemOf(BCB_STATIC.replace('Fulano', 'Ful\u0000no'))).toContain('control character');
  });

  it('a field that runs past the end, or a malformed length, is refused', () => {
    expect(problemOf(sealed('0002012699'))).toContain('field 26 runs past the end');
    expect(problemOf(sealed('000201xx'))).toContain('two-digit field id');
  });

  it('a field given twice is refused', () => {
    const twice = BCB_STATIC.slice(0, -8).replace('5802BR', '5802BR5802BR');
    expect(problemOf(sealed(twice))).toContain('field 58 appears twice');
  });

  it('a code with both a key and a location, or with neither, is refused', () => {
    const account = (inner: string) =>
      sealed(
        `000201${tlv('26', tlv('00', 'br.gov.bcb.pix') + inner)}${tlv('52', '0000')}${tlv('53', '986')}${tlv('58', 'BR')}${tlv('59', 'LOJA')}${tlv('60', 'RIO')}`,
      );
    expect(problemOf(account(tlv('01', 'a@b.com') + tlv('25', 'pix.example/x')))).toContain(
      'both a Pix key (01) and a location (25)',
    );
    expect(problemOf(account(''))).toContain('neither a Pix key (01) nor a location (25)');
    expect(parseBrCode(account(tlv('25', 'pix.example/x')))).toMatchObject({ kind: 'dynamic' });
  });

  it('another currency than BRL, another country, an unreadable amount are refused', () => {
    const base = BCB_STATIC.slice(0, -8);
    expect(problemOf(sealed(base.replace('5303986', '5303840')))).toContain('field 53 (currency)');
    expect(problemOf(sealed(base.replace('5802BR', '5802US')))).toContain('field 58 (country)');
    const withAmount = (amount: string) =>
      sealed(base.replace('5802BR', `${tlv('54', amount)}5802BR`));
    expect(problemOf(withAmount('1,00'))).toContain('field 54 (amount)');
    expect(problemOf(withAmount('0.00'))).toContain('field 54 (amount)');
    expect(problemOf(withAmount('-1.00'))).toContain('field 54 (amount)');
    expect(problemOf(withAmount('1.005'))).toContain('field 54 (amount)');
    expect(parseBrCode(withAmount('1')).amount).toBe('1');
  });

  it('a merchant name over 25 characters or a city over 15 is refused', () => {
    const base = BCB_STATIC.slice(0, -8);
    expect(
      problemOf(sealed(base.replace('5913Fulano de Tal', tlv('59', 'N'.repeat(26))))),
    ).toContain('field 59 (merchant name) has more than 25 characters');
    expect(problemOf(sealed(base.replace('6008BRASILIA', tlv('60', 'C'.repeat(16)))))).toContain(
      'field 60 (merchant city) has more than 15 characters',
    );
    expect(problemOf(sealed(base.replace('6008BRASILIA', '')))).toContain(
      'field 60 (merchant city) is missing',
    );
  });

  it('a published code whose field 62 is miscounted is refused, though its checksum matches', () => {
    expect(problemOf(MISCOUNTED_PUBLISHED)).toContain('field 30 runs past the end');
  });

  it('the checksum must close the code', () => {
    expect(problemOf(`${BCB_STATIC}0000`)).toContain('must end with field 63');
  });
});

describe('parseBrCode in a bundle', () => {
  it('brings neither zod nor the HTTP client along: a bundler keeps the parser and the errors only', async () => {
    const result = await build({
      stdin: {
        contents: "import { parseBrCode } from './src/index.ts'; globalThis.parse = parseBrCode;",
        resolveDir: resolve(import.meta.dirname, '..'),
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]?.text ?? '';
    expect(text).toContain('function parseBrCode');
    expect(text).not.toMatch(/zod|ZodError|class PaymentClient|from "ky"/);
    expect(text.length).toBeLessThan(20_000);
  });
});
