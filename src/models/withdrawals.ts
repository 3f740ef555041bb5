import * as z from 'zod/mini';
import { Currency } from './currencies.js';
import { PixKey } from './pix-keys.js';
import { schema } from './shared.js';
import { TransactionStatus } from './transactions.js';

/**
 * Body of `POST /withdraw` (per the provider's public docs): the amount as a decimal number, the
 * customer, the whole currency and Pix key objects, and the merchant's own `externalId`, which is
 * also the idempotency key. Build it with {@link buildWithdrawal} rather than by hand.
 *
 * @example
 * ```ts
 * const body: WithdrawalRequest = buildWithdrawal({ amount: '10.50', customerId, currency, pixKey });
 * ```
 */
export const WithdrawalRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** In reais, not cents (`10.5` is R$ 10.50): a decimal number with at most two decimals. */
    amount: z.number(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** The whole withdrawal currency object, as listed. */
    currency: Currency,
    /** The whole Pix key object, as listed or added. */
    pixKey: PixKey,
    /** Your own reference and the idempotency key. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /withdraw`. */
export interface WithdrawalRequest extends z.infer<typeof WithdrawalRequest> {
  /** The whole withdrawal currency object, as listed. */
  currency: Currency;
  /** The whole Pix key object, as listed or added. */
  pixKey: PixKey;
}

/**
 * Answer of `POST /withdraw` (201): `Solicitação de Saque realizada com sucesso`, the status
 * (`PENDING`) and the withdrawal's `_id`. The client adds the `externalId` it sent.
 *
 * @example
 * ```ts
 * const { _id, status, externalId } = await client.withdrawals.create(body);
 * ```
 */
export const CreateWithdrawalResponse = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** `Solicitação de Saque realizada com sucesso`. */
    message: z.string(),
    /** `PENDING` for a new withdrawal. */
    status: TransactionStatus,
    /** Identifier of the withdrawal. */
    _id: z.string(),
    /** The `externalId` sent, when the service echoes it. */
    externalId: z.optional(z.string()),
  }),
);
/** Answer of `POST /withdraw` as the service sends it. */
export interface CreateWithdrawalResponse extends z.infer<typeof CreateWithdrawalResponse> {}

/** What `withdrawals.create` returns: the service's answer and the `externalId` that was sent. */
export interface CreateWithdrawalResult extends CreateWithdrawalResponse {
  /** The `externalId` sent: yours, or the one the client generated. Store it. */
  externalId: string;
}
