import { setupServer } from 'msw/node';
import {
  createPaymentServiceMock,
  type MockFetch,
  type PaymentServiceMock,
  type PaymentServiceMockOptions,
  startMockServer,
} from 'pix-payment-sdk/mock';

/** One mock reached through one transport. */
export interface MockHarness {
  /** Where requests go: `mock.baseUrl`, or the server's URL. */
  readonly baseUrl: string;
  /** The fetch to call it with: global fetch (MSW or real HTTP) or `mock.fetch`. */
  readonly fetch: MockFetch;
  readonly mock: PaymentServiceMock;
  /** Whether `mock.auth.setCallerIp()` decides the caller address (not over real HTTP). */
  readonly callerIpSettable: boolean;
  close(): Promise<void>;
}

/** A way to reach a mock: MSW's setupServer, `mock.fetch`, or real HTTP. */
export interface MockTransport {
  readonly name: 'msw' | 'mock.fetch' | 'http';
  setup(): Promise<void>;
  teardown(): Promise<void>;
  create(options?: Omit<PaymentServiceMockOptions, 'baseUrl'>): Promise<MockHarness>;
}

function mswTransport(): MockTransport {
  const server = setupServer();
  const active = new Set<PaymentServiceMock>();
  const install = () => server.resetHandlers(...[...active].flatMap((mock) => mock.handlers));
  let next = 1;
  return {
    name: 'msw',
    async setup() {
      // 'error': any request MSW does not handle fails, which proves webhook deliveries bypass it.
      server.listen({ onUnhandledFrame: 'error' });
    },
    async teardown() {
      server.close();
    },
    async create(options) {
      // Each mock gets its own host, so several can be installed in one setupServer at once.
      const mock = createPaymentServiceMock({
        ...options,
        baseUrl: `https://api-${next++}.payments.test`,
      });
      active.add(mock);
      install();
      return {
        baseUrl: mock.baseUrl,
        fetch: (input, init) => fetch(input, init),
        mock,
        callerIpSettable: true,
        close: async () => {
          active.delete(mock);
          install();
        },
      };
    },
  };
}

function fetchTransport(): MockTransport {
  return {
    name: 'mock.fetch',
    async setup() {},
    async teardown() {},
    async create(options) {
      const mock = createPaymentServiceMock(options);
      return {
        baseUrl: mock.baseUrl,
        fetch: mock.fetch,
        mock,
        callerIpSettable: true,
        close: async () => {},
      };
    },
  };
}

function httpTransport(): MockTransport {
  return {
    name: 'http',
    async setup() {},
    async teardown() {},
    async create(options) {
      const running = await startMockServer({ port: 0, ...options });
      return {
        baseUrl: running.url,
        fetch: (input, init) => fetch(input, init),
        mock: running.mock,
        callerIpSettable: false,
        close: () => running.close(),
      };
    },
  };
}

/** The three transports every conformance test runs through. */
export function mockTransports(): MockTransport[] {
  return [mswTransport(), fetchTransport(), httpTransport()];
}

/** What a raw call answered. */
export interface RawAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly headers: Headers;
}

/** Options of a raw call. */
export interface RawCall {
  /** Bearer token; `null` sends no Authorization header. */
  readonly token?: string | null;
  readonly body?: unknown;
  /** Sent as is instead of `body`. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
}

/** Raw `fetch` calls against a harness: status, parsed body, text. */
export function rawApi(harness: MockHarness) {
  async function call(method: string, path: string, options: RawCall = {}): Promise<RawAnswer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const response = await harness.fetch(`${harness.baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }
  async function login(): Promise<string> {
    const answer = await call('POST', '/auth/token', { body: harness.mock.credentials });
    const { token } = answer.body as { token: string };
    return token;
  }
  return { call, login };
}

/** Decodes a JWT part (base64url JSON). */
export function decodeJwtPart(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
}

/** Base64url JSON, for forging JWT parts. */
export function encodeJwtPart(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
