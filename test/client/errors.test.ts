import { delay, HttpResponse, http } from 'msw';
import {
  BadRequestError,
  InternalServerError,
  isPaymentError,
  NotFoundError,
  PaymentApiError,
  PaymentConnectionError,
  PaymentResponseError,
  PaymentTimeoutError,
  PaymentValidationError,
  RateLimitError,
  UnauthorizedError,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, url, useFakeService } from '../support/client-fake-service.js';
import { makeClient, rejectionOf } from '../support/client-setup.js';

const { fake, server } = useFakeService();

const KEYS = `/pix/customer/${CUSTOMER_ID}/key`;
const answerKeysWith = (response: () => Response | Promise<Response>) =>
  server.use(http.get(url(KEYS), response));

describe('error answers', () => {
  it.each([
    [400, BadRequestError],
    [401, UnauthorizedError],
    [404, NotFoundError],
    [409, PaymentApiError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
  ])(
    '%i is a %o with serviceMessage, body, method, path and requestId',
    async (status, ErrorClass) => {
      answerKeysWith(() =>
        HttpResponse.json(
          { message: `service says ${status}`, detail: 'x' },
          { status, headers: { 'x-request-id': 'req-123' } },
        ),
      );
      const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({
        status,
        serviceMessage: `service says ${status}`,
        body: { message: `service says ${status}`, detail: 'x' },
        method: 'GET',
        path: KEYS,
        requestId: 'req-123',
      });
      expect((error as Error).message).toBe(`${status} service says ${status}: GET ${KEYS}`);
    },
  );

  it('without a message in the body, serviceMessage is the reason phrase and body the text', async () => {
    answerKeysWith(
      () =>
        new HttpResponse('<h1>oops</h1>', {
          status: 503,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      serviceMessage: 'Service Unavailable',
      body: '<h1>oops</h1>',
      requestId: undefined,
    });
  });

  it('retryAfterMs carries the Retry-After of the answer', async () => {
    answerKeysWith(() =>
      HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'retry-after': '7' } }),
    );
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID));
    expect(error).toMatchObject({ retryAfterMs: 7000 });
  });

  it('nothing from ky or fetch escapes: every failure is a PaymentError', async () => {
    const answers = [
      () => HttpResponse.json({ message: 'x' }, { status: 500 }),
      () => HttpResponse.error(),
      () => new HttpResponse('{', { status: 200 }),
    ];
    for (const answer of answers) {
      answerKeysWith(answer);
      const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID));
      expect(isPaymentError(error)).toBe(true);
      expect((error as Error).name).not.toMatch(
        /^(HTTPError|TimeoutError|NetworkError|TypeError)$/,
      );
    }
  });

  it('a fetch that throws anything (TypeError, a string, synchronously) gives a PaymentConnectionError', async () => {
    const throwers = [
      () => Promise.reject(new TypeError('Invalid header value')),
      () => Promise.reject('plain string'),
      () => {
        throw new RangeError('sync');
      },
    ];
    for (const fetch of throwers) {
      const client = makeClient({ maxRetries: 0, fetch });
      const error = await rejectionOf(client.withdrawals.listCurrencies());
      expect(error).toBeInstanceOf(PaymentConnectionError);
      expect(error).toMatchObject({ method: 'POST', path: '/auth/token' });
    }
  });

  it('a connection error is a PaymentConnectionError with method, path and a cause', async () => {
    answerKeysWith(() => HttpResponse.error());
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID));
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect(error).toMatchObject({ method: 'GET', path: KEYS });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('an attempt longer than timeoutMs is a PaymentTimeoutError', async () => {
    answerKeysWith(async () => {
      await delay(500);
      return HttpResponse.json([]);
    });
    const error = await rejectionOf(
      makeClient({ maxRetries: 0, timeoutMs: 40 }).pixKeys.list(CUSTOMER_ID),
    );
    expect(error).toBeInstanceOf(PaymentTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 40, method: 'GET', path: KEYS });
  });

  it('timeoutMs per call overrides the client', async () => {
    answerKeysWith(async () => {
      await delay(500);
      return HttpResponse.json([]);
    });
    const error = await rejectionOf(
      makeClient({ maxRetries: 0 }).pixKeys.list(CUSTOMER_ID, { timeoutMs: 30 }),
    );
    expect(error).toMatchObject({ name: 'PaymentTimeoutError', timeoutMs: 30 });
  });
});

describe('abort', () => {
  it('an abort during the request rejects with exactly signal.reason', async () => {
    const controller = new AbortController();
    const reason = { why: 'user navigated away' };
    answerKeysWith(async () => {
      controller.abort(reason);
      await delay(300);
      return HttpResponse.json([]);
    });
    await expect(
      makeClient().pixKeys.list(CUSTOMER_ID, { signal: controller.signal }),
    ).rejects.toBe(reason);
  });

  it('an already aborted signal rejects with its reason and sends nothing', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    await expect(
      makeClient().withdrawals.listCurrencies({ signal: controller.signal }),
    ).rejects.toBe('stop');
    expect(fake.requests).toEqual([]);
  });

  it('an abort with no reason rejects with the AbortError DOMException of the signal', async () => {
    const controller = new AbortController();
    answerKeysWith(async () => {
      controller.abort();
      await delay(300);
      return HttpResponse.json([]);
    });
    const error = await rejectionOf(
      makeClient().pixKeys.list(CUSTOMER_ID, { signal: controller.signal }),
    );
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('answers that break the contract', () => {
  it('a 2xx body that is not JSON is a PaymentResponseError with the text as body', async () => {
    answerKeysWith(() => new HttpResponse('<html>maintenance</html>', { status: 200 }));
    const error = await rejectionOf(makeClient().pixKeys.list(CUSTOMER_ID));
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect(error).toMatchObject({
      status: 200,
      method: 'GET',
      path: KEYS,
      body: '<html>maintenance</html>',
      issues: [{ path: [], message: 'is not JSON' }],
    });
  });

  it('a 2xx body missing a required field is a PaymentResponseError with readable issues', async () => {
    answerKeysWith(() =>
      HttpResponse.json([
        { key: 'ana@example.com', type: 'EMAIL' },
        { key: 5, type: 'CPF', _id: 'b' },
      ]),
    );
    const error = await rejectionOf(makeClient().pixKeys.list(CUSTOMER_ID));
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect((error as PaymentResponseError).issues).toEqual([
      { path: [0, '_id'], message: 'is required (string)' },
      { path: [1, 'key'], message: 'expected string, received number' },
    ]);
    expect((error as PaymentResponseError).body).toEqual([
      { key: 'ana@example.com', type: 'EMAIL' },
      { key: 5, type: 'CPF', _id: 'b' },
    ]);
    expect((error as Error).message).toContain('0._id: is required (string)');
  });

  it('a contract-breaking answer is not retried', async () => {
    answerKeysWith(() => HttpResponse.json({ not: 'a list' }));
    await rejectionOf(makeClient().pixKeys.list(CUSTOMER_ID));
    expect(fake.calls()).toHaveLength(1);
  });

  it('unknown fields are kept and unknown enum values accepted', async () => {
    answerKeysWith(() =>
      HttpResponse.json([
        { key: 'k', type: 'EVP', _id: 'a', createdAt: '2024-01-01', nested: { x: 1 } },
      ]),
    );
    await expect(makeClient().pixKeys.list(CUSTOMER_ID)).resolves.toEqual([
      { key: 'k', type: 'EVP', _id: 'a', createdAt: '2024-01-01', nested: { x: 1 } },
    ]);
  });

  it('an unknown withdrawal status is accepted', async () => {
    server.use(
      http.post(url('/withdraw'), () =>
        HttpResponse.json(
          { message: 'ok', status: 'QUEUED', _id: 'w1', fee: 0.1 },
          { status: 201 },
        ),
      ),
    );
    const client = makeClient({ validateInput: false });
    const result = await client.withdrawals.create(
      {} as Parameters<typeof client.withdrawals.create>[0],
    );
    expect(result).toMatchObject({ status: 'QUEUED', fee: 0.1 });
  });
});

describe('validation errors are rejections', () => {
  it('methods never throw synchronously: bad input gives a rejected promise', async () => {
    const client = makeClient();
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = client.pixKeys.add('', { type: 'CPF', key: 'x' });
    }).not.toThrow();
    await expect(promise).rejects.toBeInstanceOf(PaymentValidationError);
  });

  it('bad per-call options are a PaymentValidationError', async () => {
    const client = makeClient();
    await expect(client.withdrawals.listCurrencies({ timeoutMs: 0 })).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    await expect(client.withdrawals.listCurrencies({ maxRetries: -1 })).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    await expect(client.withdrawals.listCurrencies({ maxRetries: 1.5 })).rejects.toBeInstanceOf(
      PaymentValidationError,
    );
    expect(fake.requests).toEqual([]);
  });
});
