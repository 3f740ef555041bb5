import {
  BadRequestError,
  ConflictError,
  InternalServerError,
  isPaymentError,
  NotFoundError,
  PaymentApiError,
  PaymentConnectionError,
  PaymentLoginError,
  PaymentResponseError,
  PaymentTimeoutError,
  PaymentValidationError,
  RateLimitError,
  UnauthorizedError,
} from 'pix-payment-sdk';
import type { FaultSpec } from 'pix-payment-sdk/mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { BASE_URL, useMockService } from '../../support/client-mock-service.js';
import { loggedInClient, makeClient, rejectionOf } from '../../support/client-setup.js';

const service = useMockService();

/** The body of the mock's `malformedBody` fault: a JSON answer cut short. */
const MALFORMED = '{"message": "truncated';

let customerId: string;
let KEYS: string;
beforeEach(() => {
  customerId = service.mock.customers.seeded._id;
  KEYS = `/pix/customer/${customerId}/key`;
});

/** The mock answers GET KEYS with `fault` (every time) instead of the customer's keys. */
const answerKeysWith = (fault: FaultSpec) =>
  service.mock.faults.inject({
    method: 'GET',
    path: KEYS,
    times: Number.POSITIVE_INFINITY,
    ...fault,
  });

describe('error answers', () => {
  it.each([
    [400, BadRequestError],
    [401, UnauthorizedError],
    [404, NotFoundError],
    [409, ConflictError],
    [418, PaymentApiError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
  ])(
    '%i is a %o with serviceMessage, body, method, path and requestId',
    async (status, ErrorClass) => {
      answerKeysWith({
        status,
        body: { message: `service says ${status}`, detail: 'x' },
        headers: { 'x-request-id': 'req-123' },
      });
      const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(customerId));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({
        status,
        serviceMessage: `service says ${status}`,
        body: { message: `service says ${status}`, detail: 'x' },
        method: 'GET',
        path: KEYS,
        requestId: 'req-123',
      });
      expect((error as Error).message).toContain(
        `${status} service says ${status}: GET ${BASE_URL}${KEYS}`,
      );
    },
  );

  it('without a message in the body, serviceMessage is the reason phrase and body the text', async () => {
    answerKeysWith({ status: 503, malformedBody: true });
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(customerId));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      serviceMessage: 'Service Unavailable',
      body: MALFORMED,
      requestId: undefined,
    });
  });

  it('retryAfterMs carries the Retry-After of the answer', async () => {
    answerKeysWith({
      status: 429,
      body: { message: 'slow down' },
      headers: { 'retry-after': '7' },
    });
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(customerId));
    expect(error).toMatchObject({ retryAfterMs: 7000 });
  });

  it('nothing from ky or fetch escapes: every failure is a PaymentError', async () => {
    const faults: FaultSpec[] = [
      { status: 500, body: { message: 'x' } },
      { networkError: true },
      { status: 200, malformedBody: true },
    ];
    for (const fault of faults) {
      service.mock.faults.clear();
      answerKeysWith(fault);
      const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(customerId));
      expect(isPaymentError(error)).toBe(true);
      expect((error as Error).name).not.toMatch(
        /^(HTTPError|TimeoutError|NetworkError|TypeError)$/,
      );
    }
  });

  it('a fetch that throws anything (TypeError, a string, synchronously) gives a PaymentConnectionError', async () => {
    // The first request is the login: the call fails with a PaymentLoginError caused by it.
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
      expect(error).toBeInstanceOf(PaymentLoginError);
      const cause = (error as Error).cause;
      expect(cause).toBeInstanceOf(PaymentConnectionError);
      expect(cause).toMatchObject({ method: 'POST', path: '/auth/token' });
    }
  });

  it('a connection error is a PaymentConnectionError with method, path and a cause', async () => {
    answerKeysWith({ networkError: true });
    const error = await rejectionOf(makeClient({ maxRetries: 0 }).pixKeys.list(customerId));
    expect(error).toBeInstanceOf(PaymentConnectionError);
    expect(error).toMatchObject({ method: 'GET', path: KEYS });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('an attempt longer than timeoutMs is a PaymentTimeoutError', async () => {
    answerKeysWith({ delayMs: 500 });
    const error = await rejectionOf(
      (await loggedInClient({ maxRetries: 0, timeoutMs: 40 })).pixKeys.list(customerId),
    );
    expect(error).toBeInstanceOf(PaymentTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 40, method: 'GET', path: KEYS });
  });

  it('timeoutMs per call overrides the client', async () => {
    answerKeysWith({ delayMs: 500 });
    const error = await rejectionOf(
      (await loggedInClient({ maxRetries: 0 })).pixKeys.list(customerId, { timeoutMs: 30 }),
    );
    expect(error).toMatchObject({ name: 'PaymentTimeoutError', timeoutMs: 30 });
  });
});

describe('abort', () => {
  /** Aborts `controller` (with `reason`, if given) once the keys request has reached MSW. */
  const abortWhenKeysRequested = (controller: AbortController, ...reason: [unknown?]) =>
    service.onRequest((request) => {
      if (request.method === 'GET' && request.pathname.endsWith('/key'))
        controller.abort(...reason);
    });

  it('an abort during the request rejects with exactly signal.reason', async () => {
    const controller = new AbortController();
    const reason = { why: 'user navigated away' };
    answerKeysWith({ delayMs: 300 });
    abortWhenKeysRequested(controller, reason);
    await expect(makeClient().pixKeys.list(customerId, { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('an already aborted signal rejects with its reason and sends nothing', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    await expect(
      makeClient().withdrawals.listCurrencies({ signal: controller.signal }),
    ).rejects.toBe('stop');
    service.expectNothingSent();
  });

  it('an abort with no reason rejects with the AbortError DOMException of the signal', async () => {
    const controller = new AbortController();
    answerKeysWith({ delayMs: 300 });
    abortWhenKeysRequested(controller);
    const error = await rejectionOf(
      makeClient().pixKeys.list(customerId, { signal: controller.signal }),
    );
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('answers that break the contract', () => {
  it('a 2xx body that is not JSON is a PaymentResponseError with the text as body', async () => {
    answerKeysWith({ status: 200, malformedBody: true });
    const error = await rejectionOf(makeClient().pixKeys.list(customerId));
    expect(error).toBeInstanceOf(PaymentResponseError);
    expect(error).toMatchObject({
      status: 200,
      method: 'GET',
      path: KEYS,
      body: MALFORMED,
      issues: [{ path: [], message: expect.stringMatching(/^is not JSON/) }],
    });
  });

  it('a 2xx body missing a required field is a PaymentResponseError with readable issues', async () => {
    answerKeysWith({
      status: 200,
      body: [
        { key: 'ana@example.com', type: 'EMAIL' },
        { key: 5, type: 'CPF', _id: 'b' },
      ],
    });
    const error = await rejectionOf(makeClient().pixKeys.list(customerId));
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
    answerKeysWith({ status: 200, body: { not: 'a list' } });
    await rejectionOf(makeClient().pixKeys.list(customerId));
    expect(service.calls()).toHaveLength(1);
  });

  it('unknown fields are kept and unknown enum values accepted', async () => {
    answerKeysWith({
      status: 200,
      body: [{ key: 'k', type: 'EVP', _id: 'a', createdAt: '2024-01-01', nested: { x: 1 } }],
    });
    await expect(makeClient().pixKeys.list(customerId)).resolves.toEqual([
      { key: 'k', type: 'EVP', _id: 'a', createdAt: '2024-01-01', nested: { x: 1 } },
    ]);
  });

  it('an unknown withdrawal status is accepted', async () => {
    service.mock.faults.inject({
      method: 'POST',
      path: '/withdraw',
      status: 201,
      body: { message: 'ok', status: 'QUEUED', _id: 'w1', fee: 0.1 },
    });
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
    service.expectNothingSent();
  });
});
