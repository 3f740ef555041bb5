// pixKeys.ensure could not prove which registered key is the one asked for.
import type { PixKey } from '../models/pix-keys.js';
import { hasName, PaymentError } from './base.js';

/**
 * Why {@link PixKeyConflictError} was thrown: `'not-listed'` when the service answered 404 to
 * adding the key (already registered, possibly to another customer) and no key of the customer can
 * be it; `'ambiguous'` when a masked listed key might be it but cannot be told from another.
 */
export type PixKeyConflictReason = 'not-listed' | 'ambiguous';

/** What {@link PixKeyConflictError} is built from. */
export interface PixKeyConflictErrorInit {
  /** Why no key was returned. */
  readonly reason: PixKeyConflictReason;
  /** The type of the key asked for (`PHONE`, `EMAIL`, ...). */
  readonly keyType: string;
  /** The customer whose keys were searched. */
  readonly customerId: string;
  /** The listed keys of that type that might be it, as the service listed them (masked). */
  readonly candidates: ReadonlyArray<PixKey>;
}

/**
 * `pixKeys.ensure` could not prove which registered key is the one asked for, so it returns none:
 * a payout to a lookalike would reach the wrong key. The service answered 404 to adding the key
 * (it is registered, perhaps to another customer), and the customer's listed keys, masked by the
 * service, either hold none that can be it (`reason: 'not-listed'`) or none that is provably it
 * (`reason: 'ambiguous'`). `candidates` holds the listed keys of that type that fit, as the service
 * listed them; the key asked for is not repeated anywhere in the error. The 404 is the `cause`.
 * Use the key object `pixKeys.add` returned when the key was registered, or ask the payee.
 *
 * @example
 * ```ts
 * try {
 *   pixKey = await client.pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' });
 * } catch (error) {
 *   if (isPixKeyConflictError(error)) return askPayeeToConfirmKey(error.reason, error.candidates);
 *   throw error;
 * }
 * ```
 */
export class PixKeyConflictError extends PaymentError {
  /** Always `'PixKeyConflictError'`, also across realms where `instanceof` fails. */
  override name = 'PixKeyConflictError';
  /** Why no key was returned: `'not-listed'` or `'ambiguous'`. */
  declare readonly reason: PixKeyConflictReason;
  /** The type of the key asked for. */
  declare readonly keyType: string;
  /** The customer whose keys were searched. */
  declare readonly customerId: string;
  /** The listed keys of that type that fit the key asked for, as the service listed them. */
  declare readonly candidates: ReadonlyArray<PixKey>;

  constructor(init: PixKeyConflictErrorInit, options?: { cause?: unknown }) {
    super(
      `${init.keyType} key of customer ${init.customerId} not returned: ` +
        (init.reason === 'not-listed'
          ? 'adding it answered 404 (registered elsewhere, or refused) and no listed key can be it'
          : `${init.candidates.length} masked listed key(s) may be it, none provably`),
      { ...options, outcome: 'refused' },
    );
    this.reason = init.reason;
    this.keyType = init.keyType;
    this.customerId = init.customerId;
    this.candidates = init.candidates;
  }
}

/**
 * Whether `value` is a {@link PixKeyConflictError}.
 *
 * @example
 * ```ts
 * if (isPixKeyConflictError(error)) console.log(error.reason, error.candidates);
 * ```
 */
export function isPixKeyConflictError(value: unknown): value is PixKeyConflictError {
  return hasName(value, ['PixKeyConflictError']);
}
