// The base of every error the SDK throws, and the brand that recognises one across copies.
import type { PaymentOutcome } from './outcome.js';

const BRAND = Symbol.for('pix-payment-sdk.PaymentError');

/** Options of {@link PaymentError}'s constructor. */
export interface PaymentErrorOptions {
  /** The error that led to this one. */
  readonly cause?: unknown;
  /** What the service did, as far as the client knows. @default 'not-sent' */
  readonly outcome?: PaymentOutcome | undefined;
}

/**
 * Base class of every error the SDK throws. Catch this to catch them all; use the type guards
 * (`isPaymentError` and friends) where the error may come from another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(body);
 * } catch (error) {
 *   if (isPaymentError(error)) logger.warn(error.message);
 *   throw error;
 * }
 * ```
 */
export class PaymentError extends Error {
  /** Always `'PaymentError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentError';
  /**
   * Whether the service may have acted on the request: `'not-sent'`, `'refused'`, `'unknown'` or
   * `'acted'` (see {@link PaymentOutcome}). A `PaymentError` thrown as itself (no `fetch`, a failing
   * `tokenStore`) is always `'not-sent'`. Test `'unknown'` with {@link isOutcomeUncertain}.
   */
  declare readonly outcome: PaymentOutcome;
  /** @internal */
  declare readonly [BRAND]: true;

  constructor(message?: string, options?: PaymentErrorOptions) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.outcome = options?.outcome ?? 'not-sent';
    // Set here rather than as a field with a computed name, which would make esbuild keep this
    // class (and every module it uses) in any bundle of the chunk it is built into.
    (this as { [BRAND]: true })[BRAND] = true;
  }
}

/** Whether `value` is an SDK error (of any copy of the package) named one of `names`. @internal */
export function hasName(value: unknown, names: ReadonlyArray<string>): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<PropertyKey, unknown>)[BRAND] === true &&
    names.includes((value as { name?: unknown }).name as string)
  );
}

/**
 * Whether `value` is any error of this SDK, even from another copy of the package or realm.
 *
 * @example
 * ```ts
 * if (isPaymentError(error)) console.log(error.name);
 * ```
 */
export function isPaymentError(value: unknown): value is PaymentError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<PropertyKey, unknown>)[BRAND] === true
  );
}

/**
 * Whether `value` is an SDK error whose `outcome` is `'unknown'`: the service may have acted on the
 * request (a payout may exist) and no usable answer came. Repeat the call with the same
 * `externalId`, which answers the first transaction if there is one; never create a new one with a
 * new `externalId` to be safe. `false` for anything that is not a {@link PaymentError}.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(buildWithdrawal({ ...payout, externalId: order.id }));
 * } catch (error) {
 *   if (isOutcomeUncertain(error)) return retryLaterWithSameExternalId(order.id);
 *   throw error;
 * }
 * ```
 */
export function isOutcomeUncertain(value: unknown): value is PaymentError {
  return isPaymentError(value) && value.outcome === 'unknown';
}
