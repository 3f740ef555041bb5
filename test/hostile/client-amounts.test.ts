import {
  type AmountInput,
  buildDeposit,
  buildWithdrawal,
  type Currency,
  PaymentClient,
  PaymentValidationError,
  toCents,
} from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { fakeJwt, type Loopback, listen, withLogin } from '../support/loopback.js';

// What goes over the wire is the JSON text: read the amount back from it as a decimal, digit by
// digit (toCents on the text), never through a float, and compare with the cents accepted.
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
let server: Loopback;

beforeAll(async () => {
  server = await listen(
    withLogin(fakeJwt(), (request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ message: 'ok', status: 'PENDING', _id: 'w1', externalId: 'x' }),
        );
      });
    }),
  );
});

afterAll(() => server.close());

/** The `amount` exactly as the JSON text on the wire writes it. */
function amountOnTheWire(): string {
  const body = server.received.at(-1)?.body ?? '';
  const match = /"amount":([^,}]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no amount in ${body}`);
  return match[1];
}

const client = () =>
  new PaymentClient({ baseUrl: server.url, email: 'a@example.com', password: 'p', maxRetries: 0 });

describe('amounts go out exactly or not at all', () => {
  it.each<[AmountInput, string]>([
    ['70368744177664.00', '70368744177664'],
    ['70368744177663.99', '70368744177663.99'],
    [{ cents: 7036874417766399 }, '70368744177663.99'],
    [{ cents: 999999999999999 }, '9999999999999.99'],
    ['0.01', '0.01'],
  ])('%j is sent as %s', async (amount, wire) => {
    await client().withdrawals.create(
      buildWithdrawal({ amount, customerId, currency, pixKey, externalId: 'x' }),
    );
    expect(amountOnTheWire()).toBe(wire);
    expect(toCents(amountOnTheWire())).toBe(toCents(amount));
  });

  it.each<AmountInput>([
    '90071992547409.91',
    '70368744177664.01',
    { cents: 7036874417766401 },
    { cents: Number.MAX_SAFE_INTEGER },
    90071992547409.9,
  ])('%j is a PaymentValidationError in the builders', (amount) => {
    expect(() => buildWithdrawal({ amount, customerId, currency, pixKey })).toThrow(
      PaymentValidationError,
    );
    expect(() => buildDeposit({ amount, customerId, currency })).toThrow(PaymentValidationError);
  });

  it('a raw request above the limit is refused before anything is sent', async () => {
    const sent = server.received.length;
    const error = await rejectionOf(
      client().withdrawals.create({ amount: 90071992547409.9, customerId, currency, pixKey }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect(server.received).toHaveLength(sent);
  });
});
