import { inspect } from 'node:util';
import { InMemoryTokenStore, PaymentClient, type PaymentClientOptions } from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, PASSWORD, useMockService } from '../support/client-mock-service.js';
import { makeClient as baseClient, recordingLogger, rejectionOf } from '../support/client-setup.js';

const service = useMockService();

/** A client whose logins are recorded, so that every token the mock issued counts as a secret. */
const makeClient = (overrides: Partial<PaymentClientOptions> = {}) =>
  baseClient({ fetch: service.fetch, ...overrides });

const CURRENCIES = '/withdraw/company/currencies';

function renderings(value: unknown): string[] {
  const error = value as Error;
  return [
    String(error?.message),
    String(error?.stack),
    JSON.stringify(value),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true, customInspect: false }),
  ];
}

function expectNoSecret(value: unknown, secrets: ReadonlyArray<string>): void {
  for (const text of renderings(value)) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

const secrets = () => [PASSWORD, ...service.issuedTokens];

describe('secrets never show', () => {
  it('an error body that echoes the token and the password is redacted', async () => {
    const client = makeClient();
    const authorization = `Bearer ${await client.getToken()}`;
    service.mock.faults.inject({
      method: 'GET',
      path: CURRENCIES,
      status: 400,
      body: { message: `rejected ${authorization}`, echo: { authorization, password: PASSWORD } },
    });
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(service.wire.at(-1)?.headers.get('authorization')).toBe(authorization);
    expect(service.issuedTokens).toHaveLength(1);
    expect(error).toMatchObject({ serviceMessage: 'rejected Bearer [redacted]' });
    expectNoSecret(error, secrets());
  });

  it('a 2xx body that echoes the token is redacted in the PaymentResponseError', async () => {
    const client = makeClient();
    const authorization = `Bearer ${await client.getToken()}`;
    service.mock.faults.inject({
      method: 'GET',
      path: CURRENCIES,
      status: 200,
      body: [{ leaked: authorization }],
    });
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(service.wire.at(-1)?.headers.get('authorization')).toBe(authorization);
    expect(error).toMatchObject({ name: 'PaymentResponseError' });
    expectNoSecret(error, secrets());
  });

  it('a login answer that breaks the contract keeps no trace of its body', async () => {
    service.mock.faults.inject({
      method: 'POST',
      path: '/auth/token',
      status: 200,
      body: { tokn: 'eyJ.secret-looking.value' },
    });
    const error = await rejectionOf(makeClient().withdrawals.listCurrencies());
    expect(error).toMatchObject({
      name: 'PaymentLoginError',
      path: '/withdraw/company/currencies',
      cause: { name: 'PaymentResponseError', body: '[redacted]', path: '/auth/token' },
    });
    expectNoSecret(error, ['eyJ.secret-looking.value', PASSWORD]);
  });

  it('a refused login keeps no trace of the password', async () => {
    const error = await rejectionOf(makeClient({ password: 'Wrong-Pa55word' }).getToken());
    expectNoSecret(error, ['Wrong-Pa55word']);
  });

  it('a connection error whose cause holds the Request and the token is reduced to a clean cause', async () => {
    const client = makeClient({
      maxRetries: 0,
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (request.url.endsWith('/auth/token')) return service.fetch(request);
        const authorization = request.headers.get('authorization');
        const failure = Object.assign(new TypeError('fetch failed'), {
          request,
          init,
          cause: Object.assign(new Error(`socket hang up while sending ${authorization}`), {
            code: 'ECONNRESET',
            headers: { authorization },
          }),
        });
        return Promise.reject(failure);
      },
    });
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(error).toMatchObject({ name: 'PaymentConnectionError' });
    const cause = (error as Error).cause as Error & { cause: Error & { code: string } };
    expect(cause.message).toBe('fetch failed');
    expect(cause).not.toHaveProperty('request');
    expect(cause.cause.code).toBe('ECONNRESET');
    expect(cause.cause.message).toBe('socket hang up while sending Bearer [redacted]');
    expectNoSecret(error, secrets());
  });

  it('timeouts and the 401 refresh leave no secret in errors or log lines', async () => {
    const logger = recordingLogger();
    const client = makeClient({ logger, maxRetries: 1 });
    await client.withdrawals.listCurrencies();
    service.mock.auth.expireTokens();
    service.mock.faults.inject({
      path: '/deposit/company/currencies',
      delayMs: 1_000,
      times: Number.POSITIVE_INFINITY,
    });
    await client.withdrawals.listCurrencies();
    // Only the delayed call gets a short deadline, so a loaded machine cannot time out the others.
    const error = await rejectionOf(client.deposits.listCurrencies({ timeoutMs: 30 }));
    expect(error).toMatchObject({ name: 'PaymentTimeoutError' });
    expectNoSecret(error, secrets());
    expect(service.issuedTokens).toHaveLength(2);
    expect(logger.lines.length).toBeGreaterThan(4);
    for (const secret of secrets()) expect(logger.text()).not.toContain(secret);
    expect(logger.text()).not.toMatch(/authorization|password|bearer/i);
  });

  it('log lines say event, method, path, status, attempt and duration', async () => {
    const CUSTOMER_ID = service.mock.customers.seeded._id;
    const logger = recordingLogger();
    await makeClient({ logger }).pixKeys.list(CUSTOMER_ID);
    expect(logger.lines).toEqual([
      {
        level: 'debug',
        message: 'pix-payment-sdk: response',
        fields: {
          event: 'response',
          method: 'POST',
          path: '/auth/token',
          attempt: 1,
          status: 200,
          durationMs: expect.any(Number),
        },
      },
      {
        level: 'debug',
        message: 'pix-payment-sdk: response',
        fields: {
          event: 'response',
          method: 'GET',
          path: `/pix/customer/${CUSTOMER_ID}/key`,
          attempt: 1,
          status: 200,
          durationMs: expect.any(Number),
        },
      },
    ]);
  });

  it('a logger with only some of the methods is enough', async () => {
    const warnings: string[] = [];
    service.mock.faults.inject({ method: 'GET', path: CURRENCIES, networkError: true });
    const client = makeClient({ logger: { warn: (message) => warnings.push(message) } });
    await client.withdrawals.listCurrencies();
    expect(warnings).toEqual(['pix-payment-sdk: retrying']);
  });

  it('a throwing logger does not fail the call', async () => {
    const logger = recordingLogger();
    logger.debug = () => {
      throw new Error('log sink down');
    };
    await expect(makeClient({ logger }).withdrawals.listCurrencies()).resolves.toHaveLength(1);
  });

  it('JSON.stringify and util.inspect of the client show the base URL and a masked e-mail only', async () => {
    const tokenStore = new InMemoryTokenStore();
    const client = makeClient({ tokenStore });
    await client.withdrawals.listCurrencies();
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      baseUrl: BASE_URL,
      email: 'fi***@merchant.example',
    });
    expect(inspect(client)).toBe(
      `PaymentClient {"baseUrl":"${BASE_URL}","email":"fi***@merchant.example"}`,
    );
    for (const value of [client, client.pixKeys, client.withdrawals, tokenStore]) {
      expectNoSecret(value, secrets());
      expect(inspect(value, { depth: 10, showHidden: true, customInspect: false })).not.toContain(
        'finance@merchant.example',
      );
    }
    expect(JSON.stringify(tokenStore)).toBe('{}');
  });

  it('a resource shows nothing of its transport, and its checks cannot be turned off from outside', () => {
    const client = makeClient();
    for (const resource of [
      client.pixKeys,
      client.withdrawals,
      client.deposits,
      client.customers,
      client.company,
    ]) {
      expect(Object.keys(resource)).toEqual([]);
      expect(JSON.stringify(resource)).toBe('{}');
      expect(inspect(resource)).toBe(`${resource.constructor.name} {}`);
      expect(() => {
        (resource as unknown as { validate: boolean }).validate = false;
      }).toThrow(TypeError);
    }
  });

  it('a bad option is reported without the password', () => {
    const attempt = () =>
      new PaymentClient({ baseUrl: 'not a url', email: 'a@b.c', password: 'Very-Secret-1' });
    expect(attempt).toThrow(/baseUrl/);
    try {
      attempt();
    } catch (error) {
      expectNoSecret(error, ['Very-Secret-1']);
    }
  });
});
