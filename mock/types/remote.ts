// The public types of the remote: a running mock server's controls, derived from the in-process
// ones (controls.ts) so that the two cannot drift apart.
import type { PaymentServiceMock } from './controls.js';

/**
 * Whether `V` is a set of controls (an object with a method, or with a set of controls, as an
 * account has) rather than data. Arrays and dates have methods too but are data: they travel as
 * JSON. The tuples (`[V]`) keep a union such as `string | null` whole. Used by {@link Remote}.
 *
 * @example
 * ```ts
 * type Yes = IsMockControls<FaultControls>; // true
 * type No = IsMockControls<MockCustomer>; // false
 * ```
 */
export type IsMockControls<V> = [V] extends [ReadonlyArray<unknown> | Date]
  ? false
  : [V] extends [object]
    ? true extends {
        [K in keyof V]-?: [V[K]] extends [(...args: never[]) => unknown]
          ? true
          : IsMockControls<V[K]>;
      }[keyof V]
      ? true
      : false
    : false;

/**
 * What a remote method resolves with: the in-process result, or its remote when the result is
 * itself a set of controls (an account, a fault's handle).
 *
 * @example
 * ```ts
 * type Account = RemoteResult<MockAccount>; // Remote<MockAccount>
 * type Delivery = RemoteResult<WebhookDelivery>; // WebhookDelivery
 * ```
 */
export type RemoteResult<V> = IsMockControls<V> extends true ? Remote<V> : V;

/**
 * One member of a remote: a method becomes an async method with the same parameters; a set of
 * controls becomes its remote; a value (`url`, `deliveries`, `partner`) becomes a `Promise` of
 * it, read from the server at each access.
 *
 * @example
 * ```ts
 * type Settle = RemoteMember<PaymentServiceMock['withdrawals']['settle']>; // (id, status, options?) => Promise<WebhookDelivery>
 * type Url = RemoteMember<PaymentServiceMock['webhooks']['url']>; // Promise<string | null>
 * ```
 */
export type RemoteMember<V> = [V] extends [(...args: infer A) => infer R]
  ? (...args: A) => Promise<RemoteResult<Awaited<R>>>
  : IsMockControls<V> extends true
    ? Remote<V>
    : Promise<V>;

/**
 * The remote form of the controls `T`: the same names, each async. A method resolves with what
 * the in-process method returns; a property is a `Promise` of its value, read from the server
 * at each access.
 *
 * The type is computed from the in-process types, never written twice: a control added to
 * `PaymentServiceMock` (or to one of its families) appears here at once, and the remote's
 * implementation, an object of this type, then fails the type check until it implements it.
 *
 * @example
 * ```ts
 * const remote = await connectMockServer('http://127.0.0.1:4010');
 * const faults: Remote<FaultControls> = remote.faults;
 * await faults.clear();
 * ```
 */
export type Remote<T> = { readonly [K in keyof T]: RemoteMember<T[K]> };

/**
 * The members of {@link PaymentServiceMock} that only an in-process mock has: MSW's handlers and
 * the in-process `fetch` answer from the process's own memory, so a remote has neither (send
 * requests to the server's URL instead).
 *
 * @example
 * ```ts
 * type Local = InProcessOnlyControls; // 'handlers' | 'fetch'
 * ```
 */
export type InProcessOnlyControls = 'handlers' | 'fetch';

/**
 * The controls of a running mock server, as `connectMockServer` gives them: every control of
 * {@link PaymentServiceMock} but MSW's handlers and the in-process `fetch`, each async.
 *
 * @example
 * ```ts
 * const remote: RemotePaymentServiceMock = await connectMockServer('http://127.0.0.1:4010');
 * const withdrawal = (await remote.withdrawals.list()).at(-1);
 * if (withdrawal) await remote.withdrawals.settle(withdrawal._id, 'PAID');
 * await remote.clock.advance(60_000);
 * (await remote.requests).length;
 * ```
 */
export type RemotePaymentServiceMock = Remote<Omit<PaymentServiceMock, InProcessOnlyControls>>;

/**
 * Options of `connectMockServer`.
 *
 * @example
 * ```ts
 * const remote = await connectMockServer(url, { controlToken: process.env.PIX_PAYMENT_MOCK_CONTROL_TOKEN });
 * ```
 */
export interface ConnectMockServerOptions {
  /**
   * The server's control token (its `controlToken` option, `--control-token`), sent in
   * `X-Mock-Control-Token` with every control request. Never shown in an error or when the remote
   * is inspected. Default: none.
   */
  readonly controlToken?: string | undefined;
  /**
   * How long one control request may take before it rejects with a `MockServerError` of code
   * `unreachable` (a settle waits for its webhook delivery, which the server bounds with its
   * `webhookTimeoutMs`). Default: `30_000`.
   */
  readonly timeoutMs?: number | undefined;
}
