import { type PaymentIssue, PaymentValidationError } from './errors/index.js';

/**
 * A Pix BR Code ("Pix copia e cola") read by {@link parseBrCode}: the fields a payer's app shows
 * and uses, every one as the code carries it.
 *
 * @example
 * ```ts
 * const brCode: BrCode = parseBrCode(data.code);
 * if (brCode.kind === 'dynamic') console.log(`https://${brCode.url}`); // where the charge is
 * ```
 */
export interface BrCode {
  /**
   * `'static'` when the code carries the receiver's Pix key (field 26, sub-field 01);
   * `'dynamic'` when it carries the location of a charge the payer's app fetches (sub-field 25).
   */
  readonly kind: 'static' | 'dynamic';
  /** The receiver's Pix key, as written in a static code. */
  readonly key?: string;
  /** The free text a static code may carry for the payer (field 26, sub-field 02). */
  readonly info?: string;
  /**
   * Where a dynamic code's charge is: the location as written, normally without its scheme (the
   * payer's app prefixes `https://`).
   */
  readonly url?: string;
  /**
   * The amount in reais (not cents) as written in field 54, an exact decimal text such as
   * `'123.45'` or `'1'`; absent when the payer chooses it (or, in a dynamic code, when the
   * charge at the location says it).
   */
  readonly amount?: string;
  /** The transaction id of field 62, sub-field 05; absent when the code writes `***` (none). */
  readonly txid?: string;
  /** The receiver's name (field 59, 1 to 25 characters). */
  readonly merchantName: string;
  /** The receiver's city (field 60, 1 to 15 characters). */
  readonly merchantCity: string;
  /** The checksum of field 63: four upper-case hex digits, checked against the content. */
  readonly crc: string;
}

/**
 * Longest code {@link parseBrCode} reads, in characters: the EMV QR payload limit. A longer text
 * is refused before it is read.
 *
 * @example
 * ```ts
 * if (pasted.length > MAX_BR_CODE_LENGTH) return 'That is not a Pix code: too long.';
 * ```
 */
export const MAX_BR_CODE_LENGTH = 512;

const PIX_GUI = 'br.gov.bcb.pix';
// Whether a text holds a C0 or C1 control character or a lone surrogate: never part of a code.
function unprintable(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      at++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}
// A location or a txid: printable ASCII without spaces.
const TOKEN = /^[\x21-\x7e]+$/;
// An amount as EMV writes it: digits, optionally a point and one or two decimals, at most 13 characters.
const AMOUNT = /^\d+(?:\.\d{1,2})?$/;

/**
 * The CRC16/CCITT-FALSE of a text's UTF-8 bytes (polynomial 0x1021, initial value 0xFFFF, no
 * reflection, no final XOR) as four upper-case hex digits: the checksum that closes every BR Code,
 * computed over everything before it, the `6304` of field 63 included.
 *
 * @example
 * ```ts
 * brCodeCrc16('123456789'); // '29B1', the check value of CCITT-FALSE
 * const code = `${payload}6304${brCodeCrc16(`${payload}6304`)}`;
 * ```
 */
export function brCodeCrc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

class BrCodeProblem extends Error {}

function refuse(message: string): never {
  throw new BrCodeProblem(message);
}

/**
 * The fields of an EMV template, in order, from its characters (code points). Refuses a field
 * whose id or length is not two digits, a value that runs past the end, and an id given twice.
 */
function fieldsOf(chars: ReadonlyArray<string>, where?: string): Map<string, string> {
  const fields = new Map<string, string>();
  const refuseHere = (problem: string): never => refuse(where ? `${where}: ${problem}` : problem);
  let at = 0;
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) {
      refuseHere(`expected a two-digit field id and a two-digit length at character ${at}`);
    }
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    if (length === 0) refuseHere(`field ${id} is empty`);
    if (at + 4 + length > chars.length) refuseHere(`field ${id} runs past the end`);
    if (fields.has(id)) refuseHere(`field ${id} appears twice`);
    fields.set(id, chars.slice(at + 4, at + 4 + length).join(''));
    at += 4 + length;
  }
  return fields;
}

function subFields(value: string, where: string): Map<string, string> {
  return fieldsOf(Array.from(value), where);
}

function bounded(value: string | undefined, name: string, max: number): string {
  if (value === undefined) refuse(`${name} is missing`);
  if (Array.from(value).length > max) refuse(`${name} has more than ${max} characters`);
  return value;
}

function token(value: string, name: string): string {
  if (!TOKEN.test(value)) refuse(`${name} must be printable ASCII without spaces`);
  return value;
}

// The Pix merchant account template: the first of fields 26 to 51 whose GUI is br.gov.bcb.pix
// (case does not matter, upper case is common).
function pixAccount(fields: ReadonlyMap<string, string>): { id: string; sub: Map<string, string> } {
  for (let number = 26; number <= 51; number++) {
    const id = String(number);
    const value = fields.get(id);
    if (value === undefined) continue;
    const sub = subFields(value, `field ${id}`);
    if (sub.get('00')?.toLowerCase() === PIX_GUI) return { id, sub };
  }
  refuse(`not a Pix code: no merchant account (fields 26 to 51) with the GUI ${PIX_GUI}`);
}

function read(code: unknown): BrCode {
  if (typeof code !== 'string')
    refuse(`must be a string, got ${code === null ? 'null' : typeof code}`);
  if (code.length > MAX_BR_CODE_LENGTH * 2 || Array.from(code).length > MAX_BR_CODE_LENGTH) {
    refuse(`must have at most ${MAX_BR_CODE_LENGTH} characters`);
  }
  if (code === '') refuse('is empty');
  if (unprintable(code))
    refuse('holds a control character or a broken surrogate pair (copied with a line break?)');
  const chars = Array.from(code);
  if (!code.startsWith('000201'))
    refuse('not a Pix code: it must start with 000201 (field 00, payload format 01)');
  const tail = chars.slice(-8).join('');
  if (chars.length < 8 || !/^6304[0-9A-Fa-f]{4}$/.test(tail)) {
    refuse('must end with field 63, the CRC16: 6304 and four hex digits');
  }
  const fields = fieldsOf(chars);
  if ([...fields.keys()].at(-1) !== '63') refuse('field 63, the CRC16, must be the last field');
  const crc = fields.get('63') ?? '';
  if (!/^[0-9A-F]{4}$/.test(crc)) refuse('field 63 (CRC16) must be four upper-case hex digits');
  const expected = brCodeCrc16(chars.slice(0, -4).join(''));
  if (crc !== expected) {
    refuse(
      `field 63 (CRC16) is ${crc} but the content gives ${expected}: the code was altered or mistyped`,
    );
  }
  const { id, sub } = pixAccount(fields);
  const key = sub.get('01');
  const url = sub.get('25');
  if (key !== undefined && url !== undefined) {
    refuse(
      `field ${id} holds both a Pix key (01) and a location (25): a code has one or the other`,
    );
  }
  if (key === undefined && url === undefined) {
    refuse(`field ${id} holds neither a Pix key (01) nor a location (25)`);
  }
  const initiation = fields.get('01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    refuse('field 01 (point of initiation) must be 11 (reusable) or 12 (single use)');
  }
  if (!/^\d{4}$/.test(fields.get('52') ?? ''))
    refuse('field 52 (merchant category code) must be four digits');
  if (fields.get('53') !== '986')
    refuse('field 53 (currency) must be 986, the real: Pix is in BRL');
  if (fields.get('58') !== 'BR') refuse('field 58 (country) must be BR');
  const amount = fields.get('54');
  if (
    amount !== undefined &&
    (amount.length > 13 || !AMOUNT.test(amount) || !/[1-9]/.test(amount))
  ) {
    refuse('field 54 (amount) must be a positive decimal such as 10.00, at most 13 characters');
  }
  const merchantName = bounded(fields.get('59'), 'field 59 (merchant name)', 25);
  const merchantCity = bounded(fields.get('60'), 'field 60 (merchant city)', 15);
  const extra = fields.get('62');
  const txid = extra === undefined ? undefined : subFields(extra, 'field 62').get('05');
  if (txid !== undefined) token(bounded(txid, 'field 62.05 (txid)', 25), 'field 62.05 (txid)');
  const info = sub.get('02');
  return {
    kind: url === undefined ? 'static' : 'dynamic',
    ...(key !== undefined ? { key: bounded(key, `field ${id}.01 (Pix key)`, 77) } : {}),
    ...(info !== undefined ? { info } : {}),
    ...(url !== undefined
      ? { url: token(bounded(url, `field ${id}.25 (location)`, 77), `field ${id}.25 (location)`) }
      : {}),
    ...(amount !== undefined ? { amount } : {}),
    ...(txid !== undefined && txid !== '***' ? { txid } : {}),
    merchantName,
    merchantCity,
    crc,
  };
}

/**
 * What is wrong with a BR Code, as issues at `path`, or the code read. Never throws.
 *
 * @internal
 */
export function readBrCode(
  code: unknown,
  path: ReadonlyArray<PropertyKey> = [],
): { ok: true; value: BrCode } | { ok: false; issues: PaymentIssue[] } {
  try {
    return { ok: true, value: read(code) };
  } catch (error) {
    if (!(error instanceof BrCodeProblem)) throw error;
    return { ok: false, issues: [{ path, message: error.message }] };
  }
}

/**
 * Reads a Pix BR Code (the "Pix copia e cola" text behind a Pix QR code) and checks it: the EMV
 * fields (two-digit id, two-digit length, value), the CRC16/CCITT-FALSE of field 63, the Pix
 * merchant account (GUI `br.gov.bcb.pix`) with either a key (static) or a location (dynamic),
 * currency 986 (BRL), country BR, merchant name and city within their lengths. Pure: no request,
 * no clock. Lengths are counted in characters; the checksum covers the UTF-8 bytes.
 *
 * @param code - The text as copied or decoded from the QR image, at most
 * {@link MAX_BR_CODE_LENGTH} characters, nothing before or after it.
 * @returns The fields read; `amount` is the exact text of field 54.
 * @throws {@link PaymentValidationError} naming what is wrong: not a Pix code (another EMV
 * scheme, or not EMV at all), a checksum that does not match (the code was altered or mistyped),
 * a field too long, missing or malformed.
 *
 * @example
 * ```ts
 * const brCode = parseBrCode(
 *   '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
 * );
 * brCode.kind; // 'static'
 * brCode.key; // '123e4567-e12b-12d1-a456-426655440000'
 * brCode.merchantCity; // 'BRASILIA'
 * ```
 */
export function parseBrCode(code: string): BrCode {
  const result = readBrCode(code);
  if (!result.ok) throw new PaymentValidationError(result.issues, 'Invalid BR Code');
  return result.value;
}

/**
 * Integer cents of a BR Code amount (`'123.45'`, `'1'`, `'1.5'`).
 *
 * @internal
 */
export function brCodeAmountCents(amount: string): number {
  const [units = '0', decimals = ''] = amount.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
