// The deposit's Pix code: a dynamic BR Code laid out as the provider's deposit example
// (`00020126850014br.gov.bcb.pix2563…`), read back with a strict EMV decoder written here.
// Every test runs through MSW's setupServer, through mock.fetch and over real HTTP.
import { createOpenApiDocument } from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { crc16, depositCurrency, type MockSession, mockPerTest } from '../../support/mock-suite.js';
import { mockTransports } from '../../support/mock-transports.js';

interface EmvField {
  readonly id: string;
  readonly value: string;
}

/**
 * Every top-level (or template) field in order. Throws unless the text is a whole sequence of
 * ID (2 digits), length (2 digits) and value, with nothing left over.
 */
function decodeEmv(text: string): EmvField[] {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head))
      throw new Error(`no ID and length at ${at}: ${JSON.stringify(head)}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${head.slice(0, 2)} runs past the end`);
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

function fieldValue(fields: ReadonlyArray<EmvField>, id: string): string | undefined {
  return fields.find((field) => field.id === id)?.value;
}

describe.each(mockTransports())('Deposit BR Code through $name', (transport) => {
  let { api, token, customerId } = {} as MockSession;
  mockPerTest(transport, (session) => {
    ({ api, token, customerId } = session);
  });

  async function depositCode(amount: number): Promise<string> {
    const currency = await depositCurrency(api, token);
    const answer = await api.call('POST', '/deposit', {
      token,
      body: { amount, customerId, currency },
    });
    expect(answer.status).toBe(201);
    return (answer.body as { data: { code: string } }).data.code;
  }

  it('is a dynamic BR Code: GUI br.gov.bcb.pix and a location URL in field 26, no key', async () => {
    const code = await depositCode(0.2);
    const fields = decodeEmv(code);
    const account = decodeEmv(fieldValue(fields, '26') ?? '');
    expect(account.map((field) => field.id)).toEqual(['00', '25']);
    expect(fieldValue(account, '00')).toBe('br.gov.bcb.pix');
    const location = fieldValue(account, '25') ?? '';
    // A URL without its scheme, as the BR Code manual wants; 63 characters like the example's.
    expect(location).toMatch(
      /^pix\.payments\.test\/qr\/v3\/at\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(location).toHaveLength(63);
    expect(fieldValue(account, '01')).toBeUndefined();
    // The same opening as the provider's example: 000201, then 26 of length 85, GUI, 25 of 63.
    expect(code.startsWith('00020126850014br.gov.bcb.pix2563pi')).toBe(true);
  });

  it('has the fields in the example’s order, BRL (986), country BR, the amount and txid ***', async () => {
    const fields = decodeEmv(await depositCode(1234.5));
    expect(fields.map((field) => field.id)).toEqual([
      '00',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(fieldValue(fields, '00')).toBe('01');
    expect(fieldValue(fields, '52')).toBe('0000');
    expect(fieldValue(fields, '53')).toBe('986');
    expect(fieldValue(fields, '54')).toBe('1234.50');
    expect(fieldValue(fields, '58')).toBe('BR');
    expect(fieldValue(fields, '59')).toBe('EMPRESA EXEMPLO LTDA');
    expect(fieldValue(fields, '60')).toBe('SAO PAULO');
    expect(decodeEmv(fieldValue(fields, '62') ?? '')).toEqual([{ id: '05', value: '***' }]);
  });

  it('ends with field 63: a valid CRC16 (CCITT-FALSE) of everything before its value', async () => {
    const code = await depositCode(49.9);
    const crc = fieldValue(decodeEmv(code), '63');
    expect(crc).toMatch(/^[0-9A-F]{4}$/);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(crc).toBe(crc16(code.slice(0, -4)));
    // A changed character breaks it.
    const tampered = code.replace('540549.90', '540549.91');
    expect(tampered).not.toBe(code);
    expect(crc16(tampered.slice(0, -4))).not.toBe(crc);
  });

  it('each deposit has its own location, so its own code', async () => {
    const first = decodeEmv(await depositCode(10));
    const second = decodeEmv(await depositCode(10));
    expect(fieldValue(first, '26')).not.toBe(fieldValue(second, '26'));
  });
});

describe('the test’s CRC16', () => {
  it('gives 29B1 for "123456789", the CCITT-FALSE check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('the OpenAPI document’s deposit example', () => {
  it('is a dynamic BR Code with a valid CRC16', () => {
    const schemas = createOpenApiDocument().components?.schemas ?? {};
    const [example] = (schemas.CreateDepositResult?.examples ?? []) as Array<{
      data: { code: string };
    }>;
    const code = example?.data.code ?? '';
    const fields = decodeEmv(code);
    expect(decodeEmv(fieldValue(fields, '26') ?? '').map((field) => field.id)).toEqual([
      '00',
      '25',
    ]);
    expect(fieldValue(fields, '63')).toBe(crc16(code.slice(0, -4)));
  });
});
