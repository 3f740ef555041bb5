import { inspect } from 'node:util';
import { isPaymentApiError, PaymentClient } from 'pix-payment-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/client-setup.js';
import { fakeJwt, type Handler, type Loopback, listen, withLogin } from '../support/loopback.js';

// The service's origin answers with redirects; a second origin stands for wherever a hostile or
// misconfigured proxy points them. The second origin must never hear from the client.
const PASSWORD = 'redirect-Pa55word';
const TOKEN = fakeJwt();
let behaviour: Handler;
let service: Loopback;
let elsewhere: Loopback;

beforeAll(async () => {
  service = await listen((request, response) => behaviour(request, response));
  elsewhere = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ token: fakeJwt({ sub: 'elsewhere' }) }));
  });
});

beforeEach(() => {
  service.received.length = 0;
  elsewhere.received.length = 0;
});

afterAll(async () => {
  await Promise.all([service.close(), elsewhere.close()]);
});

const makeClient = () =>
  new PaymentClient({
    baseUrl: service.url,
    email: 'redirect@example.com',
    password: PASSWORD,
    maxRetries: 2,
  });

const redirect =
  (status: number, location: () => string): Handler =>
  (_request, response) => {
    response.writeHead(status, { location: location() });
    response.end();
  };

function expectNoTrace(error: unknown, ...texts: string[]): void {
  const shown = [
    String(error),
    (error as Error).stack,
    JSON.stringify(error),
    inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ].join('\n');
  for (const text of texts) expect(shown).not.toContain(text);
}

describe('redirects are never followed', () => {
  it.each([307, 308])(
    'a %i on POST /auth/token is a RedirectError and the other origin receives nothing',
    async (status) => {
      behaviour = redirect(status, () => `${elsewhere.url}/collect?session=s3cr3t`);
      const error = await rejectionOf(makeClient().getToken());
      expect(error).toMatchObject({
        name: 'RedirectError',
        status,
        method: 'POST',
        path: '/auth/token',
        redirectOrigin: elsewhere.url,
      });
      expect(isPaymentApiError(error)).toBe(true);
      expect((error as Error).message).toContain(elsewhere.url);
      expect(elsewhere.received).toEqual([]);
      expect(service.received).toHaveLength(1);
      expectNoTrace(error, PASSWORD, 'session=s3cr3t', '/collect');
    },
  );

  it('a 302 on an authorized GET is a RedirectError, not retried, and no token leaves', async () => {
    behaviour = withLogin(
      TOKEN,
      redirect(302, () => `${elsewhere.url}/withdraw/company/currencies`),
    );
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'RedirectError', status: 302 });
    expect(elsewhere.received).toEqual([]);
    expect(service.received.map(({ path }) => path)).toEqual([
      '/auth/token',
      '/withdraw/company/currencies',
    ]);
    expectNoTrace(error, TOKEN);
  });

  it('a redirect to the same origin is not followed either', async () => {
    behaviour = withLogin(
      TOKEN,
      redirect(301, () => `${service.url}/v2/withdraw/company/currencies`),
    );
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toMatchObject({
      name: 'RedirectError',
      status: 301,
      redirectOrigin: service.url,
    });
    expect(service.received.map(({ path }) => path)).not.toContain(
      '/v2/withdraw/company/currencies',
    );
  });

  it('a redirect without a readable Location is a RedirectError with no origin', async () => {
    behaviour = withLogin(
      TOKEN,
      redirect(303, () => 'http://[not a host'),
    );
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'RedirectError', status: 303, redirectOrigin: undefined });
  });
});
