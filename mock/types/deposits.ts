// The public types of the customer's side of a mock's deposits: paying one, and disputing it
// through the Banco Central's MED. mock/types/index.ts re-exports them.
import type { MockRefusalError } from '../service/control-refusal.js';
import type { WebhookDelivery } from '../service/webhooks.js';
import type { MockDeposit } from './records.js';

/**
 * How a dispute ends, as the provider's final dispute statuses name it: `REFUND_APPROVED` (the
 * payer's bank approved the refund: the merchant lost), `REFUND_CANCELED` (the bank cancelled it:
 * the merchant won), `EXPIRED_DISPUTE` (the time to send a defence ran out).
 *
 * @example
 * ```ts
 * const outcome: MockDisputeOutcome = 'REFUND_APPROVED';
 * ```
 */
export type MockDisputeOutcome = 'REFUND_APPROVED' | 'REFUND_CANCELED' | 'EXPIRED_DISPUTE';

/**
 * Options of `mock.deposits.dispute`.
 *
 * @example
 * ```ts
 * await mock.deposits.dispute(depositId, { outcome: 'REFUND_CANCELED' });
 * ```
 */
export interface MockDisputeOptions {
  /** How the dispute ends. */
  readonly outcome: MockDisputeOutcome;
  /**
   * Runs the dispute on the mock clock: the first status at once, then each next one once the
   * mock clock has moved this many milliseconds further (`mock.clock.advance`, `clock advance`,
   * or real time on a clock that is not frozen). A whole number from 1 to 86,400,000 (a day of
   * mock time). Without it, every step runs at once.
   *
   * @example
   * ```ts
   * await mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED', stepMs: 86_400_000 });
   * mock.clock.advance(86_400_000); // AWAITING_BANK_VEREDICT
   * mock.clock.advance(86_400_000); // REFUND_APPROVED: the held amount is removed
   * await mock.webhooks.flush();
   * ```
   */
  readonly stepMs?: number | undefined;
}

/**
 * What `mock.deposits.pay` resolves with (and `POST /__mock/deposits/{id}/pay` answers).
 *
 * @example
 * ```ts
 * const { deposit, delivery } = await mock.deposits.pay(code);
 * deposit.status; // 'PAID'
 * delivery.payload.status; // 'PAID'
 * ```
 */
export interface MockPayment {
  /** The deposit, now `PAID`. */
  readonly deposit: MockDeposit;
  /** The delivery of its `PAID` webhook, ended. */
  readonly delivery: WebhookDelivery;
}

/**
 * What `mock.deposits.dispute` resolves with (and `POST /__mock/deposits/{id}/dispute` answers).
 *
 * @example
 * ```ts
 * const { deposit, held, deliveries } = await mock.deposits.dispute(id, { outcome: 'REFUND_APPROVED' });
 * deliveries.map((d) => d.payload.status); // ['AWAITING_REFUND_CONTESTION', 'AWAITING_BANK_VEREDICT', 'REFUND_APPROVED']
 * ```
 */
export interface MockDispute {
  /** The deposit, in its final dispute status (its first one with `stepMs`). */
  readonly deposit: MockDeposit;
  /**
   * The amount the dispute held while it ran, a decimal number: the deposit's amount, or the
   * available balance when that was lower (the provider holds what the account has).
   */
  readonly held: number;
  /**
   * The delivery of each step's webhook, in order, each ended (with `stepMs`, the first step's
   * only: the later ones join `mock.webhooks.deliveries` as the clock moves).
   */
  readonly deliveries: ReadonlyArray<WebhookDelivery>;
}

/**
 * The customer's side of a mock's deposits: paying one, disputing it (part of
 * `DepositControls`).
 *
 * @example
 * ```ts
 * const { data } = await client.deposits.create(buildDeposit({ amount: '25.00', customerId }));
 * await mock.deposits.pay(data.code); // as the customer scanning the QR code
 * await mock.deposits.dispute(data.id, { outcome: 'REFUND_APPROVED' });
 * ```
 */
export interface DepositCustomerControls {
  /**
   * The customer pays the deposit: by the BR Code its creation answered (the Pix copy-and-paste
   * `code`, as a customer scanning the QR code) or by its id. The deposit becomes `PAID`, its
   * amount is credited and its webhook sent, exactly as `settle(id, 'PAID')` does; resolves once
   * the delivery has ended. Rejects with a {@link MockRefusalError} (and changes nothing) for a
   * code this mock never issued (`unknown-code`), one of another account (`other-account`), a
   * text that is no BR Code (`not-a-pix-code`), an unknown id (`unknown-deposit`) or a deposit no
   * longer waiting for its payment (`not-payable`: paying twice, even at once, pays once).
   */
  pay(codeOrId: string): Promise<MockPayment>;
  /**
   * Runs a MED dispute of a `PAID` deposit to `outcome`, at once (the mock clock does not move)
   * or, with `stepMs`, on the mock clock:
   * `AWAITING_REFUND_CONTESTION` (the amount is held: `totalHeld` rises, `totalAmount` falls),
   * `AWAITING_BANK_VEREDICT` (the defence sent; skipped for `EXPIRED_DISPUTE`, which means none
   * was), then the outcome: `REFUND_APPROVED` removes the held amount, `REFUND_CANCELED` and
   * `EXPIRED_DISPUTE` release it. Each step sends its webhook, and the next starts once its
   * delivery has ended, so a receiver sees the balance of its step. When the available balance
   * is below the deposit's amount, what is available is held (and removed or released).
   * Rejects with a {@link MockRefusalError} (and changes nothing) for an unknown id
   * (`unknown-deposit`, a withdrawal's too), a deposit that is not `PAID` (`not-disputable`,
   * a second dispute included), another outcome (`invalid-outcome`) or a wrong `stepMs`
   * (`invalid-step`), and with a `TypeError` for an option it does not take (`stepMS`). While it runs, `settle()` of the deposit is refused with a `RangeError`.
   * With `stepMs` it resolves after the first step, and the mock clock runs the others: the
   * amount stays held until the last (`totalHeld`), and `await mock.webhooks.flush()` after a
   * move of the clock waits for the steps it set off.
   */
  dispute(id: string, options: MockDisputeOptions): Promise<MockDispute>;
}
