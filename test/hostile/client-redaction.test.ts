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

/** A client of `password` against the loopback server, no retries. */
const clientWith = (password: string, baseUrl = server.url) =>
  new PaymentClient({ baseUrl, email: 'escape@example.com', password, maxRetries: 0 });

/** Refuses the login with 400, `message` in the body and `reason` as the mock's reason header. */
function refuseWith(message: string, reason?: string): void {
  behaviour = (request, response) => {
    request.resume();
    response.writeHead(400, {
      'content-type': 'application/json',
      ...(reason === undefined ? {} : { 'x-mock-reason': reason }),
    });
    response.end(JSON.stringify({ message }));
  };
}

describe('redaction holds for every form of a secret, and only for secrets', () => {
  // `é` and a tab: a header carries `é` as its UTF-8 bytes read one by one, or (the mock's
  // reasons) as `?`, and keeps a tab as it is.
  const password = 'S3nha\té-forte!9';
  const headerForms = {
    'UTF-8 bytes': Buffer.from(password, 'utf8').toString('latin1'),
    'non-ASCII as ?': password.replace(/[^\x20-\x7e]/g, '?'),
    'a tab kept': password,
  };

  it.each(Object.entries(headerForms))(
    'a password with é and a tab, echoed in a refusal reason (%s), does not show',
    async (_name, form) => {
      refuseWith('Bad Request', `wrong password ${form} for escape@example.com`);
      const error = await rejectionOf(clientWith(password).getToken());
      expect(error).toMatchObject({ status: 400 });
      expect((error as { reason: string }).reason).toContain('[redacted]');
      for (const part of ['S3nha', 'forte!9']) expect(shown(error)).not.toContain(part);
    },
  );

  it('a password cut at character 300 of a reason, by the service or by the client, does not show', async () => {
    const long = 'Qz7#Lm2!Vx9$Kp4&';
    for (const [filler, reason] of [
      // The service cut its reason at 300 characters, in the middle of the password.
      ['a'.repeat(290), `${'a'.repeat(290)}${long}`.slice(0, 300)],
      // The reason is longer than the 300 characters the client keeps: the password straddles it.
      ['b'.repeat(292), `${'b'.repeat(292)}${long} and more`],
    ] as const) {
      refuseWith('Bad Request', reason);
      const error = await rejectionOf(clientWith(long).getToken());
      expect((error as { reason: string }).reason.startsWith(filler)).toBe(true);
      expect(shown(error)).not.toContain(long.slice(0, 4));
    }
  });

  it.each(['e', 'pass', 'conn'])(
    'a short password (%j) is not replaced inside ordinary words',
    async (short) => {
      const closed = await listen(() => undefined);
      const url = closed.url;
      await closed.close();
      const error = await rejectionOf(clientWith(short, url).getToken());
      const cause = (error as { cause: { cause?: Error } }).cause;
      const text = `${String(error)} ${String(cause?.cause ?? '')}`;
      expect(text).toContain('ECONNREFUSED');
      expect(text).toContain('connect');
      expect(text).not.toContain('[redacted]');
    },
  );

  it('a short password is still replaced where it stands as a value of its own', async () => {
    refuseWith('password "pass" refused; password=pass&email=escape@example.com');
    const error = await rejectionOf(clientWith('pass').getToken());
    expect((error as { serviceMessage: string }).serviceMessage).toBe(
      'password "[redacted]" refused; password=[redacted]&email=escape@example.com',
    );
  });
});

describe("a service's text cannot forge log lines", () => {
  it('CR, LF, ANSI escapes and other control characters show escaped in error.message and reason', async () => {
    const forged =
      'denied\r\n2026-01-01T00:00:00Z INFO payout approved\u001b[32m ok\u0007\u2028end';
    // A header cannot carry CR, LF or ESC; it can carry a tab and C1 controls (CSI is U+009B).
    refuseWith(forged, 'refused\u009b2Jcleared\tnow');
    const error = await rejectionOf(clientWith('S3nha-forte!9').getToken());
    const { message, reason, serviceMessage } = error as {
      message: string;
      reason: string;
      serviceMessage: string;
    };
    // The service's own text stays as it came; what is printed is escaped.
    expect(serviceMessage).toBe(forged);
    for (const text of [message, reason]) {
      expect(text).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    }
    expect(message).toContain(
      'denied\\r\\n2026-01-01T00:00:00Z INFO payout approved\\u001b[32m ok\\u0007\\u2028end',
    );
    expect(reason).toBe('refused\\u009b2Jcleared\\tnow');
  });

  it("a map key of a 2xx answer that breaks the contract shows escaped in the error's path", async () => {
    behaviour = (request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        request.url === '/auth/token'
          ? JSON.stringify({ token: 'opaque-token-of-the-test' })
          : JSON.stringify([
              {
                _id: '65f1c0ffee00000000000c01',
                name: 'BRL',
                type: 'PIX',
                symbol: 'R$',
                supplierFeeByActivity: { 'fee\r\nINFO forged line': { type: 1, value: 'x' } },
              },
            ]),
      );
    };
    const error = await rejectionOf(clientWith('S3nha-forte!9').withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'PaymentResponseError' });
    const { message } = error as Error;
    expect(message).not.toMatch(/[\r\n]/);
    expect(message).toContain('fee\\r\\nINFO forged line');
  });
});
