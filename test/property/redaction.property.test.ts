// Redaction as a property: whatever the password, no form in which a service echoes it shows in
// the error; and a short password never garbles the client's or the system's own words.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { PaymentClient } from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { type Handler, type Loopback, listen } from '../support/loopback.js';

fc.configureGlobal({ seed: 20261127 });

let behaviour: Handler;
let server: Loopback;
let closedUrl: string;

beforeAll(async () => {
  server = await listen((request, response) => behaviour(request, response));
  const closed = await listen(() => undefined);
  closedUrl = closed.url;
  await closed.close();
});
afterAll(() => server.close());

const clientOf = (password: string, baseUrl = server.url) =>
  new PaymentClient({ baseUrl, email: 'prop@example.com', password, maxRetries: 0 });

const shown = (error: unknown) =>
  [String(error), JSON.stringify(error), inspect(error, { depth: Number.POSITIVE_INFINITY })].join(
    '\n',
  );

// How a service may write the password back: in a body, and (bytes one per character) in a header.
const bodyForms = (password: string): string[] => [
  password,
  JSON.stringify(password).slice(1, -1),
  encodeURIComponent(password),
  encodeURIComponent(password).replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase()),
  new URLSearchParams({ p: password }).toString().slice(2),
];
const headerForm = (password: string) => Buffer.from(password, 'utf8').toString('latin1');

describe('redaction, for any password', () => {
  it('no form of a password echoed in the body or the reason of a refusal shows', async () => {
    // A fixed start keeps the password from occurring by chance in the error's own text.
    const passwords = fc
      .string({ unit: 'binary', minLength: 6, maxLength: 20 })
      .map((s) => `Zq${s}`);
    await fc.assert(
      fc.asyncProperty(passwords, fc.nat({ max: 4 }), async (password, pick) => {
        const form = bodyForms(password)[pick] ?? password;
        const header = headerForm(password);
        const headerSafe = /^[\t\x20-\x7e\x80-\xff]*$/.test(header) && header.trim() === header;
        behaviour = (request, response) => {
          request.resume();
          response.writeHead(400, {
            'content-type': 'text/plain; charset=utf-8',
            ...(headerSafe ? { 'x-mock-reason': `refused ${header} here` } : {}),
          });
          response.end(`refused password=${form} from this client`);
        };
        const error = await rejectionOf(clientOf(password).getToken());
        expect(error).toMatchObject({ status: 400 });
        const text = shown(error);
        for (const echoed of bodyForms(password)) expect(text).not.toContain(echoed);
      }),
      { numRuns: 60 },
    );
  });

  it('a short password of letters never garbles the words of a connection error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-zA-Z]{1,7}$/), async (password) => {
        const error = await rejectionOf(clientOf(password, closedUrl).getToken());
        const cause = (error as { cause?: { cause?: Error } }).cause?.cause;
        expect(String(error)).not.toContain('[redacted]');
        expect(cause?.message ?? '').toMatch(/^connect ECONNREFUSED /);
      }),
      { numRuns: 40 },
    );
  });
});
