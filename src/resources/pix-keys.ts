import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import { isPaymentApiErrorWithStatus } from '../errors.js';
import type { AddPixKeyResult, PixKey, PixKeyInput } from '../models/pix-keys.js';
import type { MessageResult } from '../models/shared.js';
import { operations } from '../operations.js';
import { assertValidPixKey } from '../validation.js';

// A listed key may come back partly masked (per the provider's public docs, `+5512**********`):
// it matches when it has the same length and every visible character is the same.
function fitsMask(listed: string, key: string): boolean {
  return (
    listed.includes('*') &&
    listed.length === key.length &&
    [...listed].every((char, index) => char === '*' || char === key[index])
  );
}

/**
 * Pix keys of a customer: `client.pixKeys`.
 *
 * @example
 * ```ts
 * const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
 * ```
 */
export class PixKeys {
  readonly #transport: Transport;
  readonly #validate: boolean;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean) {
    this.#transport = transport;
    this.#validate = validateInput;
  }

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
    const body = this.#validate ? assertValidPixKey(input) : { key: input.key, type: input.type };
    return this.#transport.request(prepare(operations.pixKeys.add, { customerId, body }), options);
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
    return this.#transport.request(prepare(operations.pixKeys.list, { customerId }), options);
  }

  /**
   * Returns the customer's key of this type and value, registering it only if it is absent: lists
   * first and compares the normalised key and type exactly; adds when no listed key is equal.
   * Listed keys may be masked, so a registered key can look absent: when the add answers 404 (which
   * includes "already registered"), the keys are listed again and the one that is equal, or else
   * the only one of the same type whose visible characters fit the key, is returned. Otherwise the
   * 404 is thrown.
   *
   * @throws {@link PaymentValidationError} for an invalid key, before anything is sent.
   * @throws {@link NotFoundError} when the customer does not exist, or the key is registered to
   * someone else.
   *
   * @example
   * ```ts
   * const pixKey = await client.pixKeys.ensure(customerId, { type: 'PHONE', key: '+5561912345678' });
   * const body = buildWithdrawal({ amount: '10.50', customerId, currency, pixKey });
   * ```
   */
  async ensure(customerId: string, input: PixKeyInput, options?: RequestOptions): Promise<PixKey> {
    const wanted = this.#validate
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
      const masked = keys.filter(
        (listed) => listed.type === wanted.type && fitsMask(listed.key, wanted.key),
      );
      const found = equal(keys) ?? (masked.length === 1 ? masked[0] : undefined);
      if (found) return found;
      throw error;
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
    return this.#transport.request(
      prepare(operations.pixKeys.remove, { customerId, keyId }),
      options,
    );
  }
}
