// The public types of the mock's HTTP server: how to start one, and what a running one offers.
import type { PaymentServiceMock } from './controls.js';
import type { PaymentServiceMockOptions } from './options.js';

/**
 * Options of {@link startMockServer}: the port and host, and either an existing mock or the
 * options of a new one (its `baseUrl` becomes the server's URL).
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0, seed: 1 });
 * const alsoRunning = await startMockServer({ mock: createPaymentServiceMock() });
 * ```
 */
export type StartMockServerOptions = MockServerListenOptions &
  (
    | {
        /** An existing mock to serve (its `baseUrl` is left as it is). */
        readonly mock: PaymentServiceMock;
      }
    | (Omit<PaymentServiceMockOptions, 'baseUrl'> & {
        /** Absent: a new mock is created from the other options. */
        readonly mock?: undefined;
      })
  );

/**
 * Where {@link startMockServer} listens, and who may talk to it.
 *
 * Every request must name the server in its `Host` header (a web page that rebinds its own
 * domain to 127.0.0.1 cannot); the control routes under `/__mock/` also refuse pages of any
 * other origin (`Origin`, `Sec-Fetch-Site`; another port of this machine included), bodies not
 * sent as `application/json`, and, with `controlToken`, callers without the token. The server
 * also serves its operator console at `/__mock/console`, under the same rules. See
 * docs/security.md.
 *
 * @example
 * ```ts
 * const listen: MockServerListenOptions = { port: 4010, host: '127.0.0.1' };
 * const shared: MockServerListenOptions = {
 *   host: '0.0.0.0',
 *   allowedHosts: ['payments-mock'], // the name other containers use
 *   controlToken: process.env.PIX_PAYMENT_MOCK_CONTROL_TOKEN,
 * };
 * ```
 */
export interface MockServerListenOptions {
  /**
   * Port to listen on; `0` picks a free one.
   *
   * @default 0
   */
  readonly port?: number | undefined;
  /**
   * Address to listen on. Requests must name it (or `localhost`, `127.0.0.1`, `[::1]`) with the
   * server's port in their `Host` header; bound to `0.0.0.0` or `::`, every address of this
   * machine counts.
   *
   * @default '127.0.0.1'
   */
  readonly host?: string | undefined;
  /**
   * More names requests may give in their `Host` header, on any port: the name a container
   * network, a proxy or `/etc/hosts` gives the server (`'payments-mock'`). Names only, no port.
   *
   * @default []
   */
  readonly allowedHosts?: ReadonlyArray<string> | undefined;
  /**
   * A secret every control route then requires, in the `X-Mock-Control-Token` header or as
   * `Authorization: Bearer <token>` (visible ASCII characters). Compared in constant time; never
   * shown by `GET /__mock/state`, the journal or an error. Set it whenever the mock listens on
   * an address other machines can reach. Default: none (control routes need no token).
   */
  readonly controlToken?: string | undefined;
}

/**
 * A mock served over real HTTP.
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0 });
 * await fetch(`${running.url}/withdraw/company/currencies`); // 401: no token
 * await running.close();
 * ```
 */
export interface RunningMockServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** The mock it serves (its controls work as usual). */
  readonly mock: PaymentServiceMock;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}
