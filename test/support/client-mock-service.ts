// The client's own tests run against the package's mock of the service, through MSW intercepting
// real fetch. A fresh mock per test; what the client sent is read from the mock's journal, and
// where the journal keeps too little (headers, whole bodies) from what MSW received.
import { setupServer } from 'msw/node';
import type { Currency, PixKey } from 'pix-payment-sdk';
import {
  createPaymentServiceMock,
  type JournalEntry,
  type PaymentServiceMock,
  type PaymentServiceMockOptions,
} from 'pix-payment-sdk/mock';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

/** The mock's base URL: a path prefix, so that tests see the client keep it. */
export const BASE_URL = 'https://api.pix.test/v1';
export const EMAIL = 'finance@merchant.example';
export const PASSWORD = 'pa55-Word-never-shown';

/** Options of a fresh mock in this suite (the base URL and credentials are fixed). */
export type ServiceOptions = Omit<PaymentServiceMockOptions, 'baseUrl' | 'credentials'>;

/** A request as MSW received it, before the mock answered. */
export interface WireRequest {
  readonly method: string;
  /** The path as sent, still percent-encoded, base path included. */
  readonly pathname: string;
  readonly headers: Headers;
  /** The body as text; a promise because MSW hands the request over before it is read. */
  readonly body: Promise<string>;
}

/** State arranged through the service's own API, before the client under test runs. */
export interface Fixtures {
  readonly customerId: string;
  /** A Pix key registered to the customer. */
  readonly pixKey: PixKey;
  readonly withdrawalCurrency: Currency;
  readonly depositCurrency: Currency;
  /** A withdrawal and a deposit of the customer. */
  readonly withdrawalId: string;
  readonly depositId: string;
}

function createMock(options: ServiceOptions): PaymentServiceMock {
  return createPaymentServiceMock({
    ...options,
    baseUrl: BASE_URL,
    credentials: { email: EMAIL, password: PASSWORD },
  });
}

/**
 * Serves a fresh mock to the calling test file through MSW: listen before all tests, a new mock
 * (and no overrides) before each, close after all. Requests MSW does not handle are errors.
 */
export function useMockService(defaults: ServiceOptions = {}) {
  let mock = createMock(defaults);
  let mark = 0;
  const server = setupServer(...mock.handlers);
  const wire: WireRequest[] = [];
  const issuedTokens: string[] = [];
  const onRequest: Array<(request: WireRequest) => void> = [];
  server.events.on('request:start', ({ request }) => {
    const seen: WireRequest = {
      method: request.method,
      pathname: new URL(request.url).pathname,
      headers: new Headers(request.headers),
      body: request
        .clone()
        .text()
        .catch(() => ''),
    };
    wire.push(seen);
    for (const hook of onRequest) hook(seen);
  });

  const service = {
    server,
    /** What MSW received, in order (arranging through `api` goes around MSW, so it is not here). */
    wire,
    /** Tokens that login answers carried to clients given `fetch: service.fetch`. */
    issuedTokens,
    /** The mock of the current test. */
    get mock(): PaymentServiceMock {
      return mock;
    },
    /** Replaces the mock with a fresh one made with `options`; forgets overrides and records. */
    restart(options: ServiceOptions = defaults): PaymentServiceMock {
      mock = createMock(options);
      server.resetHandlers(...mock.handlers);
      wire.length = 0;
      issuedTokens.length = 0;
      onRequest.length = 0;
      mark = 0;
      return mock;
    },
    /** Calls `hook` with each request as it reaches MSW, for the rest of the test. */
    onRequest(hook: (request: WireRequest) => void): void {
      onRequest.push(hook);
    },
    /**
     * A fetch that forwards to the global fetch (so MSW answers) and records the token of every
     * login answer before the client sees it.
     */
    async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
      const response = await globalThis.fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/auth/token') && response.ok) {
        const body = (await response.clone().json()) as { token?: unknown };
        if (typeof body.token === 'string') issuedTokens.push(body.token);
      }
      return response;
    },
    /**
     * Calls the service directly (the mock's own fetch, with a token of its own), to arrange state
     * without the client under test. Rejects unless the answer is 2xx.
     */
    async api(method: string, path: string, body?: unknown): Promise<unknown> {
      const response = await mock.fetch(`${mock.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await mock.auth.issueToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer: unknown = await response.json();
      if (!response.ok) {
        throw new Error(
          `arranging ${method} ${path}: ${response.status} ${JSON.stringify(answer)}`,
        );
      }
      return answer;
    },
    /** Journal entries from now on are the test's own: `journal()` leaves out those before. */
    markJournal(): void {
      mark = mock.requests.length;
    },
    /** The mock's journal since the last `markJournal()` (or since the mock was made). */
    journal(): JournalEntry[] {
      return mock.requests.slice(mark);
    },
    /** Logins the mock received: journal entries for POST /auth/token. */
    logins(): number {
      return service
        .journal()
        .filter((entry) => entry.method === 'POST' && entry.path === '/auth/token').length;
    },
    /** Requests other than logins the mock received, as `METHOD path` (path relative to BASE_URL). */
    calls(): string[] {
      return service
        .journal()
        .filter((entry) => !(entry.method === 'POST' && entry.path === '/auth/token'))
        .map((entry) => `${entry.method} ${entry.path}`);
    },
    /** Asserts that no request left the client: MSW saw none, the mock journaled none. */
    expectNothingSent(): void {
      expect(wire).toEqual([]);
      expect(service.journal()).toEqual([]);
    },
    /**
     * Registers a Pix key for the seeded customer, creates a withdrawal and a deposit through the
     * service's API, then marks the journal so that only the test's own requests remain in it.
     */
    async arrange(): Promise<Fixtures> {
      const customerId = mock.customers.seeded._id;
      const { key: pixKey } = (await service.api('POST', `/pix/customer/${customerId}/key`, {
        type: 'EMAIL',
        key: 'pix@example.com',
      })) as { key: PixKey };
      const [withdrawalCurrency] = (await service.api(
        'GET',
        '/withdraw/company/currencies',
      )) as Currency[];
      const [depositCurrency] = (await service.api(
        'GET',
        '/deposit/company/currencies',
      )) as Currency[];
      if (!withdrawalCurrency || !depositCurrency) throw new Error('the mock lists no currency');
      const withdrawal = (await service.api('POST', '/withdraw', {
        amount: 10.5,
        customerId,
        currency: withdrawalCurrency,
        pixKey,
      })) as { _id: string };
      const deposit = (await service.api('POST', '/deposit', {
        amount: 25,
        customerId,
        currency: depositCurrency,
      })) as { data: { id: string } };
      service.markJournal();
      return {
        customerId,
        pixKey,
        withdrawalCurrency,
        depositCurrency,
        withdrawalId: withdrawal._id,
        depositId: deposit.data.id,
      };
    },
  };

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    service.restart();
  });
  afterAll(() => server.close());
  return service;
}
