// The options of a new mock.
import type { MockBalances } from './controls.js';
import type { MockRates } from './records.js';

/**
 * Options of `createPaymentServiceMock()`. All are optional.
 *
 * @example
 * ```ts
 * const mock = createPaymentServiceMock({
 *   baseUrl: 'https://api.payments.test',
 *   seed: 42,                       // deterministic ids, password and times
 *   webhookUrl: 'http://127.0.0.1:8080/webhooks/pix',
 *   maskKeys: true,                 // list Pix keys masked, like the provider's examples
 *   strict: true,                   // currencies must be sent whole, as the service document says
 * });
 * ```
 */
export interface PaymentServiceMockOptions {
  /**
   * Absolute base URL the handlers and `mock.fetch` answer for. A path prefix (`/v1`) is kept.
   *
   * @default 'https://api.payments.test'
   */
  readonly baseUrl?: string | undefined;
  /**
   * Makes ids, the generated password, the seeded customer, tokens' `jti` and (with a frozen
   * clock, the default when seeded) every timestamp deterministic. Without it ids come from
   * `crypto.getRandomValues`.
   */
  readonly seed?: number | string | undefined;
  /**
   * The main account's starting balance (see {@link MockBalances}); `reset()` returns to it.
   *
   * @default { BRL: '1000000.00' }
   */
  readonly balance?: MockBalances | undefined;
  /**
   * BRL per USDT, exact to six decimals, for the quotes and the conversions of the crypto
   * operations; `mock.crypto.setRates()` changes it.
   *
   * @default { USDT: '5.364' }
   */
  readonly rates?: MockRates | undefined;
  /**
   * Whether the main account is a partner, allowed to create sub-accounts over HTTP
   * (`POST /company/subaccount`; 401 otherwise).
   *
   * @default true
   */
  readonly partner?: boolean | undefined;
  /** The company's login for `POST /auth/token`. Default: `merchant@payments.test` and a generated password. */
  readonly credentials?:
    | {
        /** The company's e-mail. */
        readonly email: string;
        /** The company's password. */
        readonly password: string;
      }
    | undefined;
  /**
   * Lifetime of issued tokens, on the mock clock (per the provider's public docs: 15 days).
   *
   * @default 1_296_000_000
   */
  readonly tokenTtlMs?: number | undefined;
  /**
   * The company's callback URL (its dashboard setting). Default: none; deliveries are skipped.
   * A URL under `/__mock/` is refused with a `TypeError` (a delivery there could set off another).
   */
  readonly webhookUrl?: string | null | undefined;
  /**
   * How long a webhook receiver may take to answer (its body included) before the delivery is
   * journaled as `timeout`; at most 2,147,483,647 (2^31 - 1, the longest a timer waits), else a
   * `TypeError`.
   *
   * @default 5000
   */
  readonly webhookTimeoutMs?: number | undefined;
  /**
   * Most deliveries `mock.webhooks.deliveries` keeps (a positive integer); past it the oldest is
   * dropped for each new one, so a long run holds a bounded log.
   *
   * @default 10_000
   *
   * @example
   * ```ts
   * const mock = createPaymentServiceMock({ webhookUrl: 'http://127.0.0.1:8080/pix', deliveryLogLimit: 100 });
   * ```
   */
  readonly deliveryLogLimit?: number | undefined;
  /**
   * Start time of the mock clock. Default: `2040-01-01T00:00:00.000Z` when `seed` is given,
   * otherwise the real time.
   */
  readonly now?: Date | string | number | undefined;
  /**
   * Whether the mock clock stands still between `advance`/`set` calls.
   *
   * @default true when `seed` is given, false otherwise (the clock follows real time)
   */
  readonly frozenClock?: boolean | undefined;
  /**
   * Return Pix keys partly masked (prefix kept, the rest `*`), like the provider's examples.
   * Withdrawals accept the key object either masked or whole.
   *
   * @default false
   */
  readonly maskKeys?: boolean | undefined;
  /**
   * Enforce the service document's "send it whole" rule: a withdrawal or a deposit must carry
   * every field of the listed currency (`_id`, `name`, `type`, `symbol`, `createdDate`,
   * `updatedDate`, `__v`), else 400. Without it the mock does as the provider documents: a
   * currency with at least `_id`, `name`, `type` and `symbol` is accepted, and any bookkeeping
   * field it does carry must still equal the listed one. Either way `supplierFeeByActivity` may be
   * left out, and the SDK's builders always send the whole object.
   *
   * @default false
   *
   * @example
   * ```ts
   * // A suite that wants hand-written bodies held to the whole-object rule:
   * const mock = createPaymentServiceMock({ strict: true });
   * ```
   */
  readonly strict?: boolean | undefined;
  /**
   * What a withdrawal or a deposit gets when its `externalId` was already used with a body that
   * asks for another payment (another amount, compared as an exact value, customer, Pix key,
   * currency, or any other field): `'reject'` answers 409 (`Conflict`), the reason (the
   * `X-Mock-Reason` header) naming the fields that differ and the first transaction, and creates
   * nothing; `'replay'` answers the first transaction again whatever the body says, as the mock did
   * before. A repeat of the same body answers the first transaction either way: a client's retry
   * is safe. The provider does not publish which it does (the conformance command asks a sandbox).
   *
   * @default 'reject'
   *
   * @example
   * ```ts
   * // A suite written for the lenient answer, where a reused externalId returns the first payout:
   * const mock = createPaymentServiceMock({ idempotencyMismatch: 'replay' });
   * ```
   */
  readonly idempotencyMismatch?: 'reject' | 'replay' | undefined;
  /**
   * Largest request body accepted; a larger one is answered 413.
   *
   * @default 1_048_576
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * Most entries `mock.requests` keeps (a positive integer); past it the oldest entry is dropped
   * for each new one, so a long run holds a bounded journal. Each entry keeps at most 64 KiB of
   * its body.
   *
   * @default 10_000
   */
  readonly journalLimit?: number | undefined;
}
