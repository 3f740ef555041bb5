// Hooks (`hooks` client option) and the raw answer of a successful call (`onRawResponse`), against
// the mock through MSW intercepting real fetch.
import { HttpResponse, http } from 'msw';
import {
  type CreateSubAccountInput,
  type HookCallEndEvent,
  type HookRequestEvent,
  type HookResponseEvent,
  NotFoundError,
  type PaymentClientOptions,
  type PaymentHooks,
  PaymentValidationError,
  type RawResponse,
} from 'pix-payment-sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, PASSWORD, useMockService } from '../support/client-mock-service.js';
import {
  makeClient as baseClient,
  loggedInClient,
  recordingLogger,
  rejectionOf,
} from '../support/client-setup.js';

const service = useMockService();

const CURRENCIES = '/withdraw/company/currencies';

/** A client whose logins are recorded, so that every token the mock issued counts as a secret. */
const makeClient = (overrides: Partial<PaymentClientOptions> = {}) =>
  baseClient({ fetch: service.fetch, ...overrides });

type Seen =
  | { readonly hook: 'onRequest'; readonly event: HookRequestEvent }
  | { readonly hook: 'onResponse'; readonly event: HookResponseEvent }
  | { readonly hook: 'onCallEnd'; readonly event: HookCallEndEvent };

/** Hooks that keep every event, in order. */
function recordingHooks(extra: Partial<PaymentHooks> = {}) {
  const seen: Seen[] = [];
  const hooks: PaymentHooks = {
    onRequest: (event) => seen.push({ hook: 'onRequest', event }),
    onResponse: (event) => seen.push({ hook: 'onResponse', event }),
    onCallEnd: (event) => seen.push({ hook: 'onCallEnd', event }),
    ...extra,
  };
  const of = <H extends Seen['hook']>(hook: H) =>
    seen.filter((entry) => entry.hook === hook).map((entry) => entry.event) as Array<
      Extract<Seen, { hook: H }>['event']
    >;
  return { hooks, seen, of };
}

/** A fetch through MSW that stamps `x-request-id` on every answer, as gateways do. */
function stampingFetch(prefix = 'req'): typeof fetch {
  let count = 0;
  return async (input, init) => {
    const answer = await service.fetch(input, init);
    const headers = new Headers(answer.headers);
    headers.set('x-request-id', `${prefix}-${++count}`);
    return new Response(answer.body, { status: answer.status, headers });
  };
}

describe('hooks', () => {
  it('see each attempt and the end of each call: method, path template, status, attempt, duration, request id', async () => {
    const { customerId } = await service.arrange();
    const { hooks, seen } = recordingHooks();
    const client = makeClient({ hooks, fetch: stampingFetch() });

    await client.pixKeys.list(customerId);

    const path = `/pix/customer/${customerId}/key`;
    const login = { method: 'POST', pathTemplate: '/auth/token', path: '/auth/token' };
    const list = { method: 'GET', pathTemplate: '/pix/customer/{customerId}/key', path };
    expect(seen.map(({ hook, event }) => [hook, event.method, event.pathTemplate])).toEqual([
      ['onRequest', 'POST', '/auth/token'],
      ['onResponse', 'POST', '/auth/token'],
      ['onCallEnd', 'POST', '/auth/token'],
      ['onRequest', 'GET', '/pix/customer/{customerId}/key'],
      ['onResponse', 'GET', '/pix/customer/{customerId}/key'],
      ['onCallEnd', 'GET', '/pix/customer/{customerId}/key'],
    ]);
    expect(seen[1]?.event).toMatchObject({
      ...login,
      url: `${BASE_URL}/auth/token`,
      attempt: 1,
      status: 200,
      requestId: 'req-1',
      durationMs: expect.any(Number),
    });
    expect(seen[4]?.event).toMatchObject({
      ...list,
      url: `${BASE_URL}${path}`,
      attempt: 1,
      status: 200,
      requestId: 'req-2',
    });
    expect(seen[5]?.event).toMatchObject({
      ...list,
      attempts: 1,
      status: 200,
      requestId: 'req-2',
      errorType: undefined,
      startTime: expect.any(Number),
      durationMs: expect.any(Number),
    });
    // One identity per call, shared by its events; the login is a call of its own.
    expect(seen[3]?.event.call).toBe(seen[5]?.event.call);
    expect(seen[0]?.event.call).not.toBe(seen[3]?.event.call);
  });

  it('see every attempt of a retried call, then its end once', async () => {
    const { hooks, of } = recordingHooks();
    const observed = makeClient({ hooks });
    await observed.getToken();
    service.mock.faults.inject({
      method: 'GET',
      path: CURRENCIES,
      status: 503,
      headers: { 'x-request-id': 'failed-1' },
    });
    await observed.withdrawals.listCurrencies();

    const attempts = of('onResponse').filter((event) => event.pathTemplate === CURRENCIES);
    expect(
      attempts.map(({ attempt, status, requestId }) => ({ attempt, status, requestId })),
    ).toEqual([
      { attempt: 1, status: 503, requestId: 'failed-1' },
      { attempt: 2, status: 200, requestId: undefined },
    ]);
    expect(of('onRequest').filter((event) => event.pathTemplate === CURRENCIES)).toHaveLength(2);
    const ends = of('onCallEnd').filter((event) => event.pathTemplate === CURRENCIES);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ attempts: 2, status: 200, errorType: undefined });
  });

  it('say how a call failed: the status of an error answer, never the error and its body', async () => {
    const { hooks, of } = recordingHooks();
    const client = makeClient({ hooks });
    const error = await rejectionOf(client.withdrawals.get('no-such-withdrawal'));
    expect(error).toBeInstanceOf(NotFoundError);
    const [end] = of('onCallEnd').filter(
      (event) => event.pathTemplate === '/withdraw/{id}/details',
    );
    expect(end).toMatchObject({
      path: '/withdraw/no-such-withdrawal/details',
      attempts: 1,
      status: 404,
      errorType: '404',
    });
    expect(end).not.toHaveProperty('error');
  });

  it('say when no answer came: a connection error, then a timeout', async () => {
    const { hooks, of } = recordingHooks();
    const client = makeClient({ hooks, maxRetries: 0 });
    await client.getToken();
    service.mock.faults.inject({ method: 'GET', path: CURRENCIES, networkError: true });
    await rejectionOf(client.withdrawals.listCurrencies());
    service.mock.faults.inject({ method: 'GET', path: CURRENCIES, delayMs: 1_000 });
    await rejectionOf(client.withdrawals.listCurrencies({ timeoutMs: 20 }));

    const attempts = of('onResponse').filter((event) => event.pathTemplate === CURRENCIES);
    expect(attempts.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: undefined, error: 'PaymentConnectionError' },
      { status: undefined, error: 'PaymentTimeoutError' },
    ]);
    const ends = of('onCallEnd').filter((event) => event.pathTemplate === CURRENCIES);
    expect(ends.map((event) => event.errorType)).toEqual([
      'PaymentConnectionError',
      'PaymentTimeoutError',
    ]);
  });

  it("say when the caller's signal stopped the call", async () => {
    const { hooks, of } = recordingHooks();
    const client = makeClient({ hooks });
    await client.getToken();
    service.mock.faults.inject({ method: 'GET', path: CURRENCIES, delayMs: 1_000 });
    const controller = new AbortController();
    const call = client.withdrawals.listCurrencies({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shopper left')), 20);
    await rejectionOf(call);
    const ends = of('onCallEnd').filter((event) => event.pathTemplate === CURRENCIES);
    expect(ends.map((event) => event.errorType)).toEqual(['aborted']);
    expect(of('onResponse').at(-1)?.error).toBe('aborted');
  });

  it('never carry a header, the password or a token, nor a body unless asked', async () => {
    const { hooks, seen } = recordingHooks();
    const { customerId, pixKey } = await service.arrange();
    const client = makeClient({ hooks });
    await client.pixKeys.list(customerId);
    await rejectionOf(client.pixKeys.add(customerId, { type: pixKey.type, key: pixKey.key }));
    const text = JSON.stringify(seen);
    expect(service.issuedTokens.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, ...service.issuedTokens]) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text).not.toContain(pixKey.key);
    expect(seen.every(({ event }) => !('body' in event))).toBe(true);
  });

  it('with includeBodies, carry the bodies redacted: never the login, the password or a token', async () => {
    const subAccount = {
      user: { name: 'Loja', email: 'contato@subconta.com', password: 'sub-Secret-42' },
      deposit: { currencies: [], blockchainNetworks: [], cryptocurrencies: [] },
      withdraw: { currencies: [], blockchainNetworks: [], cryptocurrencies: [] },
    } satisfies CreateSubAccountInput;
    // A service that echoes the request, the password inside a message and a token too.
    service.server.use(
      http.post(`${BASE_URL}/company/subaccount`, async ({ request }) => {
        const body = (await request.json()) as CreateSubAccountInput;
        const token = request.headers.get('authorization')?.slice('Bearer '.length);
        return HttpResponse.json({
          message: `created ${JSON.stringify(body.user)} for ${token}`,
          echo: body,
        });
      }),
    );
    const { hooks, seen, of } = recordingHooks({ includeBodies: true });
    const plain = recordingHooks();
    const client = makeClient({ hooks: [hooks, plain.hooks] });
    await client.company.createSubAccount(subAccount);

    const [sent] = of('onRequest').filter((event) => event.pathTemplate === '/company/subaccount');
    expect(sent?.body).toEqual({
      ...subAccount,
      user: { name: 'Loja', email: 'contato@subconta.com', password: '[redacted]' },
    });
    const [answer] = of('onResponse').filter(
      (event) => event.pathTemplate === '/company/subaccount',
    );
    expect(answer?.body).toMatchObject({ echo: { user: { password: '[redacted]' } } });
    expect(JSON.stringify(answer?.body)).toContain('contato@subconta.com');
    // The login's bodies are never given: its request holds the password, its answer the token.
    const login = seen.filter(({ event }) => event.pathTemplate === '/auth/token');
    expect(login.every(({ event }) => !('body' in event))).toBe(true);
    const text = JSON.stringify(seen);
    for (const secret of [PASSWORD, 'sub-Secret-42', ...service.issuedTokens]) {
      expect(text).not.toContain(secret);
    }
    // Hooks that did not ask get no body.
    expect(plain.seen.every(({ event }) => !('body' in event))).toBe(true);
  });

  it('that throw are ignored and logged: the call goes on', async () => {
    const logger = recordingLogger();
    const boom = () => {
      throw new Error('hook bug');
    };
    const after = recordingHooks();
    const client = makeClient({
      logger,
      hooks: [{ onRequest: boom, onResponse: boom, onCallEnd: boom }, after.hooks],
    });
    await expect(client.withdrawals.listCurrencies()).resolves.toBeInstanceOf(Array);
    // A later hook still sees every event.
    expect(after.of('onCallEnd').map((event) => event.pathTemplate)).toEqual([
      '/auth/token',
      CURRENCIES,
    ]);
    const failures = logger.lines.filter(
      (line) => (line.fields as { event?: string }).event === 'hook-failed',
    );
    expect(failures.map((line) => [line.level, (line.fields as { hook: string }).hook])).toEqual([
      ['warn', 'onRequest'],
      ['warn', 'onResponse'],
      ['warn', 'onCallEnd'],
      ['warn', 'onRequest'],
      ['warn', 'onResponse'],
      ['warn', 'onCallEnd'],
    ]);
    expect(logger.text()).not.toContain('hook bug');
  });

  it('that return a rejected promise are ignored and logged, with no unhandled rejection', async () => {
    const logger = recordingLogger();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const client = makeClient({
        logger,
        hooks: {
          onResponse: async () => {
            throw new Error('metrics backend down');
          },
        },
      });
      const seen: RawResponse[] = [];
      await client.withdrawals.listCurrencies({
        onRawResponse: async (raw) => {
          seen.push(raw);
          throw new Error('callback down');
        },
      });
      expect(seen).toHaveLength(1);
      // Node reports an unhandled rejection once the microtasks have run, before the next setImmediate.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      const failures = logger.lines
        .map((line) => line.fields as { event?: string; hook?: string })
        .filter((fields) => fields.event === 'hook-failed')
        .map((fields) => fields.hook);
      expect(failures).toEqual(['onResponse', 'onResponse', 'onRawResponse']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it.each([
    ['a misspelled hook', { onResponce: () => undefined }, ['hooks', 'onResponce']],
    ['a hook that is no function', { onRequest: 'log' }, ['hooks', 'onRequest']],
    ['no object', 'verbose', ['hooks']],
    ['a bad entry of a list', [{}, 42], ['hooks', '1']],
  ])('%s is refused at construction', (_, hooks, path) => {
    let error: unknown;
    try {
      makeClient({ hooks: hooks as unknown as PaymentHooks });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PaymentValidationError);
    expect((error as PaymentValidationError).issues.map((issue) => issue.path)).toEqual([path]);
  });
});

describe('onRawResponse', () => {
  it('gives the raw answer of a successful call beside its parsed value', async () => {
    const client = makeClient({ fetch: stampingFetch('answer') });
    await client.getToken();
    let raw: RawResponse | undefined;
    const currencies = await client.withdrawals.listCurrencies({
      onRawResponse: (response) => {
        raw = response;
      },
    });
    expect(currencies.length).toBeGreaterThan(0);
    expect(raw).toMatchObject({
      status: 200,
      requestId: 'answer-2',
      attempt: 1,
      url: `${BASE_URL}${CURRENCIES}`,
    });
    expect(raw?.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('names the attempt that succeeded after a retry', async () => {
    const client = await loggedInClient();
    service.mock.faults.inject({ method: 'GET', path: CURRENCIES, status: 503 });
    const seen: RawResponse[] = [];
    await client.withdrawals.listCurrencies({ onRawResponse: (raw) => seen.push(raw) });
    expect(seen.map(({ status, attempt }) => ({ status, attempt }))).toEqual([
      { status: 200, attempt: 2 },
    ]);
  });

  it('is not called when the call fails', async () => {
    const seen: RawResponse[] = [];
    await rejectionOf(
      makeClient().withdrawals.get('missing', { onRawResponse: (raw) => seen.push(raw) }),
    );
    expect(seen).toEqual([]);
  });

  it('that throws is ignored: the call returns its value', async () => {
    const logger = recordingLogger();
    const client = makeClient({ logger });
    const currencies = await client.withdrawals.listCurrencies({
      onRawResponse: () => {
        throw new Error('callback bug');
      },
    });
    expect(currencies.length).toBeGreaterThan(0);
    expect(logger.lines.map((line) => line.fields)).toContainEqual({
      event: 'hook-failed',
      hook: 'onRawResponse',
    });
  });

  it('that is no function is refused before anything is sent', async () => {
    const error = await rejectionOf(
      makeClient().withdrawals.listCurrencies({
        onRawResponse: 'yes' as unknown as () => void,
      }),
    );
    expect(error).toBeInstanceOf(PaymentValidationError);
    service.expectNothingSent();
  });
});
