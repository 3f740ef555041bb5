// Creation of a mock: its state, its router, and the façade of controls over them; and serving
// one over HTTP, where the server is handed the router and the state it serves.
import type { HttpHandler } from 'msw';
import { accountControls, accountOf, type Track } from './controls/account.js';
import { controlRouteHandler } from './controls/http-routes.js';
import { serviceControls } from './controls/service.js';
import { createRouter, type MockParts } from './service/router.js';
import { assertSupportedRuntime } from './service/runtime.js';
import { ServiceState } from './service/state/service-state.js';
import { mockFetchOver } from './transports/fetch/fetch.js';
import { mswHandlersOver } from './transports/msw/handlers.js';
import type { MockAccount, PaymentServiceMock } from './types/controls.js';
import type { PaymentServiceMockOptions } from './types/options.js';
import type { RunningMockServer, StartMockServerOptions } from './types/server.js';

/**
 * Creates a faithful in-memory Pix payment service: the operations of the service document and
 * those the provider publishes, with their status codes, bodies and Portuguese messages, real
 * HS256 tokens, state that later calls see, and webhooks over real HTTP. Use it through MSW
 * (`mock.handlers`), through `mock.fetch`, or over real HTTP with {@link startMockServer}.
 * Needs Node.js 22 or later in Node (an older Node gets an `Error` saying so), or a browser.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { PaymentClient } from 'pix-payment-sdk';
 * import { createPaymentServiceMock } from 'pix-payment-sdk/mock';
 *
 * const mock = createPaymentServiceMock({ seed: 1 });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * const client = new PaymentClient({ baseUrl: mock.baseUrl, ...mock.credentials });
 * const { key } = await client.pixKeys.add(mock.customers.seeded._id, { type: 'EMAIL', key: 'ana@example.com' });
 * ```
 */
export function createPaymentServiceMock(
  options: PaymentServiceMockOptions = {},
): PaymentServiceMock {
  assertSupportedRuntime();
  const state = new ServiceState(options);
  // The composition root: the service's router, with the control routes under `/__mock/` plugged in.
  return mockOver({ state, router: createRouter(state, controlRouteHandler(state)) });
}

/**
 * The base of every mock made here: it keeps the mock's parts in a private field, which only this
 * module reads (to serve a mock handed to {@link startMockServer}).
 */
class MockBase {
  readonly #parts: MockParts;

  constructor(parts: MockParts) {
    this.#parts = parts;
  }

  /** The parts of a mock made by {@link createPaymentServiceMock}; a `TypeError` otherwise. */
  static partsOf(mock: unknown): MockParts {
    if (typeof mock !== 'object' || mock === null || !(#parts in mock)) {
      throw new TypeError('not a mock created by createPaymentServiceMock()');
    }
    return (mock as MockBase).#parts;
  }
}

/** The mock's controls over its parts. */
function mockOver(parts: MockParts): PaymentServiceMock {
  const { state } = parts;

  // Built on first read: msw is an optional peer, needed by this property alone.
  let handlers: ReadonlyArray<HttpHandler> | undefined;

  // The controls that return a promise, by name, with how many of their calls are still running:
  // one still running at `reset()` was most likely not awaited, and what it still does (a webhook
  // delivery) would land in the next test.
  const running = new Map<string, number>();
  const tracked: Track = (name, promise) => {
    running.set(name, (running.get(name) ?? 0) + 1);
    // `finally`, not `then(done, done)`: the promise handed back still rejects unhandled when its
    // caller forgets it, as the control's own promise would.
    return promise.finally(() => {
      const left = (running.get(name) ?? 1) - 1;
      if (left > 0) running.set(name, left);
      else running.delete(name);
    });
  };

  // The main account's controls; `mock.account(id)` gives a sub-account's.
  const main = accountControls(state, () => state.accounts.main, tracked);
  const service = serviceControls(state, tracked);
  const accounts = new Map<string, MockAccount>();

  const mock: PaymentServiceMock = {
    get baseUrl() {
      return state.baseUrl;
    },
    get credentials() {
      return state.credentials;
    },
    get handlers() {
      handlers ??= mswHandlersOver(parts);
      return handlers;
    },
    fetch: mockFetchOver(parts),
    customers: main.customers,
    pixKeys: main.pixKeys,
    withdrawals: main.withdrawals,
    deposits: main.deposits,
    company: main.company,
    crypto: service.crypto,
    account(id) {
      const account = accountOf(state, id);
      if (account === state.main) return main;
      let controls = accounts.get(account.id);
      if (controls === undefined) {
        const accountId = account.id;
        controls = accountControls(
          state,
          () => accountOf(state, accountId),
          tracked,
          `mock.account(${JSON.stringify(accountId)})`,
        );
        accounts.set(accountId, controls);
      }
      return controls;
    },
    webhooks: {
      setUrl: (url) => main.webhooks.setUrl(url),
      get url() {
        return main.webhooks.url;
      },
      get deliveries() {
        return state.webhooks.deliveries;
      },
      flush: service.webhooks.flush,
      waitForDeliveries: service.webhooks.waitForDeliveries,
    },
    get requests() {
      return state.journal.entries;
    },
    faults: service.faults,
    auth: {
      expireTokens: service.auth.expireTokens,
      allowIps: service.auth.allowIps,
      get allowedIps() {
        return service.auth.allowedIps;
      },
      setCallerIp: service.auth.setCallerIp,
      get callerIp() {
        return service.auth.callerIp;
      },
      denyAction: main.auth.denyAction,
      allowAction: main.auth.allowAction,
      issueToken: main.auth.issueToken,
    },
    clock: service.clock,
    reset() {
      if (running.size > 0) {
        const calls = [...running].map(([name, count]) => `${name} (${count})`).join(', ');
        // A warning, not an error: the reset itself is sound, and a test that failed half-way
        // may have left the call behind.
        console.warn(
          `pix-payment-mock: mock.reset() ran while ${calls} had not finished: was it awaited? What it still does lands after the reset.`,
        );
        running.clear();
      }
      state.reset();
    },
  };
  // The controls are copied with their getters onto a base that holds the parts.
  const base = new MockBase(parts);
  return Object.defineProperties(base, Object.getOwnPropertyDescriptors(mock)) as typeof base &
    PaymentServiceMock;
}

/**
 * Serves a mock over real HTTP (Node only; `node:http` is loaded lazily so this module stays
 * browser-safe). Requests go through the same router as the MSW handlers, with the real socket
 * address as the caller address. Control routes under `/__mock/` let suites in any language
 * drive the mock.
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0, seed: 7 });
 * const client = new PaymentClient({ baseUrl: running.url, ...running.mock.credentials });
 * // …
 * await running.close();
 * ```
 */
export async function startMockServer(
  options: StartMockServerOptions = {},
): Promise<RunningMockServer> {
  // Loaded when called: the server module needs node:http, and the browser build swaps it out.
  const { startServer } = await import('./transports/http/server.js');
  const given = options.mock;
  if (given) return startServer(options, () => ({ mock: given, parts: MockBase.partsOf(given) }));
  const {
    port: _port,
    host: _host,
    mock: _mock,
    controlToken: _controlToken,
    allowedHosts: _allowedHosts,
    ...mockOptions
  } = options;
  // The new mock's baseUrl is the server's URL, known once it listens.
  return startServer(options, (url) => {
    const mock = createPaymentServiceMock({ ...mockOptions, baseUrl: url });
    return { mock, parts: MockBase.partsOf(mock) };
  });
}
