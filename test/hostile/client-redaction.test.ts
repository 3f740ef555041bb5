import { inspect } from 'node:util';
import { PaymentClient } from 'pix-payment-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { type Handler, type Loopback, listen } from '../support/loopback.js';

// A password with characters that JSON and URLs escape, echoed back by the service in the forms a
// careless error page would use: inside a JSON string, URL-encoded, or form-encoded.
const PASSWORD = 'p"a\\s s/é&=+%ü\tend';
const FORMS = {
  raw: PASSWORD,
  json: JSON.stringify(PASSWORD).slice(1, -1),
  jsonAscii: JSON.stringify(PASSWORD)
    .slice(1, -1)
    .replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ),
  url: encodeURIComponent(PASSWORD),
  form: new URLSearchParams({ p: PASSWORD }).toString().slice(2),
};

let behaviour: Handler;
let server: Loopback;

beforeAll(async () => {
  server = await listen((request, response) => behaviour(request, response));
});

afterAll(() => server.close());

const makeClient = () =>
  new PaymentClient({
    baseUrl: server.url,
    email: 'escape@example.com',
    password: PASSWORD,
    maxRetries: 0,
  });

function shown(error: unknown): string {
  return [
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: Number.POSITIVE_INFINITY }),
  ].join('\n');
}

describe('redaction knows escaped forms of a secret', () => {
  it('a login error that echoes the request body as text inside JSON is redacted', async () => {
    behaviour = (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `invalid body: ${body}` }));
      });
    };
    const error = await rejectionOf(makeClient().getToken());
    expect(error).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect((error as { serviceMessage: string }).serviceMessage).toContain('[redacted]');
    expect(shown(error)).not.toContain(FORMS.json);
  });

  it.each(Object.entries(FORMS))('the %s form in a text body is redacted', async (_name, form) => {
    behaviour = (_request, response) => {
      response.writeHead(401, { 'content-type': 'text/plain' });
      response.end(`refused credentials password=${form} from this client`);
    };
    const error = await rejectionOf(makeClient().getToken());
    expect(error).toMatchObject({
      status: 401,
      body: 'refused credentials password=[redacted] from this client',
    });
    expect(shown(error)).not.toContain(form);
  });
});
