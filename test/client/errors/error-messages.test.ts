// What an error message says: where the request went (the whole URL, never a query), why the
// server refused it (the mock's reason), how many attempts were made and what to do. Asserted by
// meaning (the host, the cause, the advice), not by wording.
import { HttpResponse, http } from 'msw';
import {
  BadRequestError,
  buildDeposit,
  buildWithdrawal,
  ConflictError,
  type Currency,
  createApiError,
  InternalServerError,
  NotFoundError,
  PaymentClient,
  type PaymentError,
  PaymentResponseError,
  PaymentTimeoutError,
  PaymentValidationError,
  RedirectError,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, EMAIL, PASSWORD, useMockService } from '../../support/client-mock-service.js';
import { makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();
const HOST = new URL(BASE_URL).host;

const messageOf = async (promise: Promise<unknown>) =>
  ((await rejectionOf(promise)) as Error).message;

describe('where: the full URL', () => {
  it('an API error names the origin and the whole path, base path included', async () => {
    const error = await rejectionOf(makeClient().customers.get('ffffffffffffffffffffffff'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain(`GET ${BASE_URL}/customer/ffffffffffffffffffffffff`);
    expect(error).toMatchObject({ url: `${BASE_URL}/customer/ffffffffffffffffffffffff` });
  });

  it('a baseUrl with a path prefix the service does not have: a 404 on the login, saying to check baseUrl', async () => {
    const client = makeClient({ baseUrl: `${BASE_URL}/v1` });
    const error = await rejectionOf(client.getToken());
    expect(error).toBeInstanceOf(NotFoundError);
    const { message } = error as Error;
    expect(message).toContain(`${BASE_URL}/v1/auth/token`);
    expect(message).toMatch(/baseUrl/);
  });

  it('a query in the URL never reaches the message', () => {
    const error = createApiError({
      status: 404,
      serviceMessage: 'Not Found',
      body: undefined,
      method: 'GET',
      path: '/x',
      url: 'https://api.example.com/x?token=s3cret#frag',
    });
    expect(error.message).toContain('https://api.example.com/x');
    expect(error.message).not.toMatch(/s3cret|\?|#/);
  });

  it('a timeout names the host', async () => {
    service.mock.faults.inject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      delayMs: 500,
    });
    const client = makeClient({ maxRetries: 0 });
    await client.getToken();
    const error = await rejectionOf(client.withdrawals.listCurrencies({ timeoutMs: 40 }));
    expect(error).toBeInstanceOf(PaymentTimeoutError);
    expect((error as Error).message).toContain(HOST);
  });
});

describe('the refused login gives advice', () => {
  it('a wrong password: the message says to check the e-mail and password, or the IP allowlist', async () => {
    const error = await rejectionOf(makeClient({ password: 'not-the-password' }).getToken());
    expect(error).toBeInstanceOf(UnauthorizedError);
    const { message } = error as Error;
    expect(message).toMatch(/password/i);
    expect(message).toMatch(/allowlist/i);
    expect(message).toContain(`${BASE_URL}/auth/token`);
    expect(message).not.toContain('not-the-password');
  });

  it('an IP not on the allowlist: the mock says so and the advice names the allowlist', async () => {
    service.mock.auth.allowIps(['203.0.113.7']);
    const message = await messageOf(makeClient().getToken());
    expect(message).toMatch(/not in the allowlist/);
    expect(message).toMatch(/IP allowlist/);
  });
});

describe("the mock's reason is in the message, the body stays the service's", () => {
  async function arranged() {
    const fixtures = await service.arrange();
    return { ...fixtures, client: makeClient({ maxRetries: 0 }) };
  }

  it('a withdrawal with a deposit currency: 400 with the reason, body { message } only', async () => {
    const { client, customerId, pixKey, depositCurrency } = await arranged();
    const error = await rejectionOf(
      client.withdrawals.create(
        buildWithdrawal({ amount: '1.00', customerId, currency: depositCurrency, pixKey }),
      ),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/currenc(y|ies) listed/);
    expect((error as BadRequestError).body).toEqual({ message: 'Bad Request' });
  });

  it("another customer's Pix key: 400 naming the key", async () => {
    const { client, pixKey, withdrawalCurrency } = await arranged();
    const other = service.mock.customers.create({});
    const error = await rejectionOf(
      client.withdrawals.create(
        buildWithdrawal({
          amount: '1.00',
          customerId: other._id,
          currency: withdrawalCurrency,
          pixKey,
        }),
      ),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/pixKey.*not.*registered/);
  });

  it("a denied action's 401 says which action", async () => {
    const { client, withdrawalId } = await arranged();
    service.mock.auth.denyAction('withdrawals.resendWebhook');
    const error = await rejectionOf(client.withdrawals.resendWebhook(withdrawalId));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toContain('not authorized for withdrawals.resendWebhook');
  });

  it('a key already registered: the 404 says so', async () => {
    const { client, customerId } = await arranged();
    const error = await rejectionOf(
      client.pixKeys.add(customerId, { type: 'EMAIL', key: 'pix@example.com' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/already registered/);
    expect((error as NotFoundError).body).toEqual({ message: 'Not Found' });
  });

  it('a 409 names the field on file', async () => {
    const client = makeClient();
    const seeded = service.mock.customers.seeded;
    const ana = service.mock.customers.create({ name: 'Ana Souza' });
    const error = await rejectionOf(
      client.customers.update(ana._id, { name: ana.name, document: seeded.document }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/document already belongs/);
  });

  it('a hostile reason is bounded, its control characters escaped, and stripped of every secret', async () => {
    const client = makeClient({ maxRetries: 0 });
    const token = await client.getToken();
    service.server.use(
      http.get(`${BASE_URL}/withdraw/company/currencies`, () =>
        HttpResponse.json(
          { message: 'Bad Request' },
          {
            status: 400,
            headers: {
              'x-mock-reason': `a\tb\u00e9c ${PASSWORD} ${token} ${'x'.repeat(2000)}`,
            },
          },
        ),
      ),
    );
    const message = await messageOf(client.withdrawals.listCurrencies());
    expect(message).toContain('a\\tb?c [redacted] [redacted]');
    expect(message).not.toContain('\u00e9');
    expect(message).not.toContain(PASSWORD);
    expect(message).not.toContain(token);
    expect([...message].filter((char) => char < ' ')).toEqual([]);
    expect(message.length).toBeLessThan(600);
  });
});

describe('validation messages show the fix', () => {
  const currency = { _id: 'c1', name: 'BRL', type: 'FIAT', symbol: 'R$' } as unknown as Currency;

  it("'10,50' says to write '10.50' or { cents: 1050 }", () => {
    const error = rejectionOfSync(() =>
      buildDeposit({ amount: '10,50', customerId: 'c', currency }),
    );
    expect(error.message).toContain("'10.50'");
    expect(error.message).toContain('cents: 1050');
  });

  it('too many decimals shows the value', () => {
    const error = rejectionOfSync(() =>
      buildDeposit({ amount: '10.505', customerId: 'c', currency }),
    );
    expect(error.message).toContain('10.505');
  });

  it('customers.create: an invalid CPF/CNPJ is refused before sending, naming the field', async () => {
    const error = await rejectionOf(
      makeClient().customers.create({ name: 'Ana', document: '123.456.789-00' }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['document'], message: expect.stringMatching(/CPF|CNPJ/) },
    ]);
    service.expectNothingSent();
  });

  it('customers.update: an invalid document is refused before sending', async () => {
    const error = await rejectionOf(
      makeClient().customers.update(service.mock.customers.seeded._id, {
        name: 'Ana',
        document: '1234',
      }),
    );
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['document'], message: expect.stringMatching(/CPF.*CNPJ/) },
    ]);
    service.expectNothingSent();
  });

  it('a deposit for a new customer with an invalid document is refused before sending', async () => {
    const { depositCurrency } = await service.arrange();
    const error = await rejectionOf(
      makeClient().deposits.create({
        amount: 1,
        customer: { name: 'Bruno', document: '11144477736' },
        currency: depositCurrency,
      }),
    );
    expect((error as PaymentValidationError).issues).toEqual([
      { path: ['customer', 'document'], message: expect.stringMatching(/CPF|CNPJ/) },
    ]);
    service.expectNothingSent();
  });

  it('a punctuated valid document passes the check and is sent', async () => {
    const created = await makeClient().customers.create({
      name: 'Bruno Lima',
      document: '111.444.777-35',
    });
    expect(created.customer._id).toEqual(expect.any(String));
  });
});

function rejectionOfSync(run: () => unknown): PaymentValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentValidationError);
    return error as PaymentValidationError;
  }
  throw new Error('expected a PaymentValidationError');
}

describe('retries are visible', () => {
  it('a 503 after retries: attempts is 3 and the message says so', async () => {
    service.mock.faults.inject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await rejectionOf(makeClient({ maxRetries: 2 }).withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ attempts: 3 });
    expect((error as Error).message).toMatch(/after 3 attempts/);
  });

  it('a timeout after retries carries its attempts too', async () => {
    service.mock.faults.inject({
      method: 'GET',
      path: '/withdraw/company/currencies',
      delayMs: 500,
      times: Number.POSITIVE_INFINITY,
    });
    const client = makeClient({ maxRetries: 1 });
    await client.getToken();
    const error = await rejectionOf(client.withdrawals.listCurrencies({ timeoutMs: 30 }));
    expect(error).toMatchObject({ name: 'PaymentTimeoutError', attempts: 2 });
    expect((error as Error).message).toMatch(/after 2 attempts/);
  });

  it('a single attempt says nothing of attempts', async () => {
    const error = await rejectionOf(makeClient().customers.get('ffffffffffffffffffffffff'));
    expect(error).toMatchObject({ attempts: 1 });
    expect((error as Error).message).not.toMatch(/attempt/);
  });
});

describe('answers that are not the API', () => {
  it('a redirect says to fix baseUrl', async () => {
    service.mock.faults.inject({
      method: 'POST',
      path: '/auth/token',
      status: 301,
      headers: { location: 'https://elsewhere.example/login' },
    });
    const error = await rejectionOf(makeClient().getToken());
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/baseUrl/);
    expect((error as Error).message).toContain('elsewhere.example');
  });

  it('an HTML page at baseUrl names the URL and the content type', async () => {
    const client = makeClient();
    await client.getToken();
    service.server.use(
      http.get(
        `${BASE_URL}/withdraw/company/currencies`,
        () =>
          new HttpResponse('<!doctype html><title>Welcome</title>', {
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }),
      ),
    );
    const error = await rejectionOf(client.withdrawals.listCurrencies());
    expect(error).toBeInstanceOf(PaymentResponseError);
    const { message } = error as Error;
    expect(message).toContain(`${BASE_URL}/withdraw/company/currencies`);
    expect(message).toContain('text/html');
    expect(message).toMatch(/baseUrl/);
  });
});

describe('misspelled options are refused with the closest name', () => {
  const base = { baseUrl: BASE_URL, email: EMAIL, password: PASSWORD };

  it.each([
    ['timeout', 'timeoutMs'],
    ['retries', 'maxRetries'],
    ['baseURL', 'baseUrl'],
    ['maxResponseSize', 'maxResponseBytes'],
  ])('PaymentClient: %s suggests %s', (wrong, right) => {
    let error: PaymentError | undefined;
    try {
      new PaymentClient({ ...base, [wrong]: 5 } as never);
    } catch (caught) {
      error = caught as PaymentError;
    }
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues[0]?.path).toEqual([wrong]);
    expect(error?.message).toContain(right);
    expect(error?.message).not.toContain(PASSWORD);
  });

  it('retryBackoff: initialDelay suggests initialDelayMs', () => {
    expect(
      () => new PaymentClient({ ...base, retryBackoff: { initialDelay: 1 } as never }),
    ).toThrow(/retryBackoff\.initialDelay.*initialDelayMs/);
  });
});
