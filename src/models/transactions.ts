import * as z from 'zod/mini';
import { openEnum, schema } from './shared.js';

/**
 * Every status the provider publishes for withdrawals and deposits (per the provider's public
 * docs): `PENDING` (withdrawal just created), `WAITING_PAYMENT` (deposit just created),
 * `PROCESSING`, `PAID`, `ERROR` (failed, for example a wrong key), `REJECTED` (refused, final) and
 * the dispute statuses.
 */
export const TRANSACTION_STATUSES = [
  'PENDING',
  'WAITING_PAYMENT',
  'PROCESSING',
  'PAID',
  'ERROR',
  'REJECTED',
  'AWAITING_REFUND_CONTESTION',
  'AWAITING_BANK_VEREDICT',
  'EXPIRED_DISPUTE',
  'REFUND_CANCELED',
  'REFUND_APPROVED',
] as const;

/** One of {@link TRANSACTION_STATUSES}. */
export type KnownTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Status of a withdrawal or a deposit. Unknown statuses parse too, typed as `string & {}`.
 *
 * @example
 * ```ts
 * if (payload.status === 'PAID') markOrderPaid(payload.externalId);
 * ```
 */
export const TransactionStatus = /* @__PURE__ */ schema(() => openEnum(TRANSACTION_STATUSES));
/** Status of a withdrawal or a deposit. */
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/**
 * Details of a withdrawal or a deposit (`GET /withdraw/{id}/details`, `GET /deposit/{id}/details`,
 * per the provider's public docs). The receiver of a webhook reads this to confirm a status.
 *
 * @example
 * ```ts
 * const details = await client.withdrawals.get(withdrawalId);
 * details.currency.status; // 'PAID'
 * ```
 */
export const TransactionDetails = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Identifier of the withdrawal or deposit. */
    _id: z.string(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** Your own reference, when the transaction had one. */
    externalId: z.optional(z.string()),
    /** The customer's CPF or CNPJ, when the service returns it. */
    document: z.optional(z.string()),
    /**
     * Whether the Pix network validated the payer's (deposit) or receiver's (withdrawal) document,
     * when the service reports it (per the provider's public docs, a boolean).
     */
    identifiedDocumentPix: z.optional(z.boolean()),
    /** Currency, amount and current status of the transaction. */
    currency: z.looseObject({
      /** Currency code, such as `BRL`. */
      name: z.string(),
      /** Payment method, `PIX`. */
      type: z.string(),
      /** The amount, a decimal. */
      amount: z.number(),
      /** The current status. */
      status: TransactionStatus,
    }),
  }),
);
/** Details of a withdrawal or a deposit. */
export interface TransactionDetails extends z.infer<typeof TransactionDetails> {}
