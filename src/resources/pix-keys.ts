import { prepare, type RequestOptions } from '../core/transport.js';
import { isPaymentApiErrorWithStatus, PixKeyConflictError } from '../errors/index.js';
import type { AddPixKeyResult, PixKey, PixKeyInput } from '../models/pix-keys.js';
import type { MessageResult } from '../models/shared.js';
import { operations as routes } from '../seam/operations.js';
import { assertValidPixKey } from '../validation.js';
import { Resource } from './resource.js';

// A listed key may come back partly masked (per the provider's public docs, `+5512**********`):
// it fits when it has the same length, shows at least one character, and every character it shows
// is the same.
function fitsMask(listed: string, key: string): boolean {
  return (
    listed.includes('*') &&
    listed.length === key.length &&
    [...listed].some((char) => char !== '*') &&
    [...listed].every((char, index) => char === '*' || char === key[index])
  );
}

/**
 * Options of {@link PixKeys.ensure}: the per-call options of every method, and whether a masked
 * lookalike may be answered.
 *
 * @example
 * ```ts
 * const options: EnsurePixKeyOptions = { acceptMaskedMatch: true, timeoutMs: 5_000 };
 * ```
 */
export interface EnsurePixKeyOptions extends RequestOptions {
  /**
   * After the add answers 404, answer the customer's only masked key of that type when it fits the
   * key asked for (same length, every character it shows equal), though nothing proves it is that
   * key: it may be another key of the customer that looks alike once masked (a phone number given
   * up, then registered by someone else). Without it, such a key is a {@link PixKeyConflictError}
   * with `reason: 'ambiguous'` and the key in `candidates`.
   * @default false
   */
  readonly acceptMaskedMatch?: boolean | undefined;
}

/**
 * Pix keys of a customer: `client.pixKeys`.
 *
 * @example
 * ```ts
 * const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
 * ```
 */
export class PixKeys extends Resource {
  /**
   * Registers a Pix key for a customer: `POST /pix/customer/{customerId}/key`. The key is checked
   * for its type first (unless `validateInput: false`) and sent normalised (`123.456.789-09` is
   * sent as `12345678909`). Never retried once sent: a second attempt would meet "already
   * registered".
   *
   * @returns The confirmation message and the key object to pass whole as `pixKey`.
   * @throws {@link PaymentValidationError} for an invalid key, before anything is sent.
   * @throws {@link NotFoundError} when the key is already registered, is not a valid CPF, or the
   * customer does not exist (the service answers 404 to all three).
   *
   * @example
   * ```ts
   * const { key } = await client.pixKeys.add(customerId, { type: 'CPF', key: '123.456.789-09' });
   * ```
   */
  async add(
    customerId: string,
    input: PixKeyInput,
    options?: RequestOptions,
  ): Promise<AddPixKeyResult> {
    const body = this.validate ? assertValidPixKey(input) : { key: input.key, type: input.type };
    return this.transport.request(prepare(routes.pixKeys.add, { customerId, body }), options);
  }

  /**
   * Lists a customer's Pix keys: `GET /pix/customer/{customerId}/key`. Keys may come back partly
   * masked. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @throws {@link NotFoundError} when the customer does not exist.
   *
   * @example
   * ```ts
   * const [pixKey] = await client.pixKeys.list(customerId);
   * ```
   */
  async list(customerId: string, options?: RequestOptions): Promise<PixKey[]> {
    return this.transport.request(prepare(routes.pixKeys.list, { customerId }), options);
  }

  /**
   * Returns the customer's key of this type and value, registering it only if it is absent, and
   * never a key other than the one asked for. Lists first and returns a key whose normalised value
   * and type are equal; else adds the key and returns what the add registered. Listed keys may be
   * masked (per the provider's public docs), so a key of the customer can look absent: when the add
   * answers 404 ("already registered", which may also mean registered to another customer), the
   * keys are listed again, and a key is returned only if it is provably the one asked for: an equal
   * key. Anything else is a {@link PixKeyConflictError} that says why: `'ambiguous'` when masked
   * keys of the customer fit (in `candidates`), `'not-listed'` when none does.
   *
   * A masked key that fits is not proof: it may be another key of the customer that looks alike
   * once masked. With `{ acceptMaskedMatch: true }` the customer's only masked key of that type
   * that fits is returned all the same (the behaviour before this option existed); without it, keep
   * the key object {@link PixKeys.add} or `ensure` returned the first time and send it, rather
   * than calling `ensure` again.
   *
   * @throws {@link PaymentValidationError} for an invalid key, before anything is sent.
   * @throws {@link PixKeyConflictError} when the add answered 404 and no listed key is provably
   * the one asked for (`reason: 'not-listed'` or `'ambiguous'`); nothing was registered.
   * @throws {@link NotFoundError} when the customer does not exist.
   *
   * @example
   * ```ts
   * const pixKey = await client.pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' });
   * const body = buildWithdrawal({ amount: '10.50', customerId, currency, pixKey });
   * // Take the customer's only masked lookalike too, knowing it may be another of their keys:
   * const lookalike = await client.pixKeys.ensure(
   *   customerId,
   *   { type: 'PHONE', key: '+5561912345678' },
   *   { acceptMaskedMatch: true },
   * );
   * ```
   */
  async ensure(
    customerId: string,
    input: PixKeyInput,
    options?: EnsurePixKeyOptions,
  ): Promise<PixKey> {
    const wanted = this.validate
      ? assertValidPixKey(input)
      : { key: input.key.trim(), type: input.type };
    const equal = (keys: PixKey[]) =>
      keys.find((listed) => listed.type === wanted.type && listed.key === wanted.key);
    const existing = equal(await this.list(customerId, options));
    if (existing) return existing;
    try {
      return (await this.add(customerId, wanted, options)).key;
    } catch (error) {
      if (!isPaymentApiErrorWithStatus(error, 404)) throw error;
      const keys = await this.list(customerId, options);
      const found = equal(keys);
      if (found) return found;
      // The customer's masked keys of this type: one that fits is taken only when it is the only
      // one, since with several a fit is as likely a lookalike as the key itself.
      const masked = keys.filter(
        (listed) => listed.type === wanted.type && listed.key.includes('*'),
      );
      const candidates = masked.filter((listed) => fitsMask(listed.key, wanted.key));
      const [only] = candidates;
      if (only && masked.length === 1 && options?.acceptMaskedMatch === true) return only;
      throw new PixKeyConflictError(
        {
          reason: candidates.length === 0 ? 'not-listed' : 'ambiguous',
          keyType: wanted.type,
          customerId,
          candidates,
        },
        { cause: error },
      );
    }
  }

  /**
   * Removes a Pix key: `DELETE /pix/customer/{customerId}/key/remove/{keyId}` (per the provider's
   * public docs; beyond the service document). Not retried once sent.
   *
   * @throws {@link NotFoundError} when the customer or the key does not exist.
   *
   * @example
   * ```ts
   * await client.pixKeys.remove(customerId, pixKey._id);
   * ```
   */
  async remove(
    customerId: string,
    keyId: string,
    options?: RequestOptions,
  ): Promise<MessageResult> {
    return this.transport.request(prepare(routes.pixKeys.remove, { customerId, keyId }), options);
  }
}
