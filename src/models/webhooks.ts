import * as z from 'zod/mini';
import { openEnum, schema } from './shared.js';
import {
  type CryptoTransactionDetails,
  type TransactionDetails,
  TransactionStatus,
} from './transactions.js';

/**
 * Which kind of transaction a webhook speaks of.
 *
 * @example
 * ```ts
 * WebhookOperation.parse('WITHDRAW');
 * ```
 */
export const WebhookOperation: z.ZodMiniType<WebhookOperation> = /* @__PURE__ */ schema(() =>
  openEnum(['WITHDRAW', 'DEPOSIT']),
);
/** Which kind of transaction a webhook speaks of. */
export type WebhookOperation = 'WITHDRAW' | 'DEPOSIT' | (string & {});

/**
 * The JSON the service POSTs to the company's callback URL, for withdrawals and deposits alike
 * (per the provider's public docs). Note `id`, not `_id`. Deliveries are not signed: confirm a
 * status with the details endpoint before acting on it.
 *
 * A Pix delivery has `type` (`PIX`); a delivery for a USDT operation or a conversion has none
 * (the provider advises enabling every event, so a Pix merchant receives these too). The type
 * tells them apart: {@link FiatWebhookPayload} or {@link CryptoWebhookPayload}, narrowed by
 * {@link isCryptoTransaction}. Unknown fields are kept.
 *
 * @example
 * ```ts
 * const payload = parseWebhookPayload(await request.json());
 * const details = await client.withdrawals.get(payload.id); // trust the details, not the payload
 * ```
 */
export const WebhookPayload = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Identifier of the withdrawal or deposit (`id`, not `_id`). */
    id: z.string(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** The status being notified. */
    status: TransactionStatus,
    /** Currency code: `BRL`, or `USDT` for crypto operations and conversions. */
    name: z.string(),
    /** Payment method, `PIX`; absent for crypto operations and conversions. */
    type: z.optional(z.string()),
    /** The amount, a decimal. */
    amount: z.number(),
    /** `WITHDRAW` or `DEPOSIT`. */
    operation: WebhookOperation,
    /** Your own reference, when the transaction had one. */
    externalId: z.optional(z.string()),
  }),
);
/**
 * What the webhook schema parses, `type` optional: the fields {@link FiatWebhookPayload} and
 * {@link CryptoWebhookPayload} share. Use {@link WebhookPayload}, which says which one arrived.
 *
 * @example
 * ```ts
 * const fields: WebhookPayloadFields = parseWebhookPayload(body);
 * ```
 */
export interface WebhookPayloadFields extends z.infer<typeof WebhookPayload> {}
/**
 * A delivery for a Pix operation: it has `type` (`PIX`).
 *
 * @example
 * ```ts
 * const payload = parseWebhookPayload(body);
 * if (!isCryptoTransaction(payload)) console.log(payload.type); // 'PIX'
 * ```
 */
export type FiatWebhookPayload = WebhookPayloadFields & {
  /** Payment method, `PIX`. */
  type: string;
};
/**
 * A delivery for a USDT operation or a conversion: no `type`, `name` is the crypto currency.
 *
 * @example
 * ```ts
 * const payload = parseWebhookPayload(body);
 * if (isCryptoTransaction(payload)) console.log(payload.name, payload.amount); // 'USDT', 0.04
 * ```
 */
export type CryptoWebhookPayload = WebhookPayloadFields & {
  /** Absent: the provider omits it for operations on crypto balances. */
  type?: undefined;
};
/** The JSON the service POSTs to the company's callback URL: a Pix or a crypto delivery. */
export type WebhookPayload = FiatWebhookPayload | CryptoWebhookPayload;

/**
 * Whether a webhook delivery or a transaction's details speak of a crypto operation rather than a
 * Pix one, narrowing the type: a delivery without `type` (USDT or a conversion), or details without
 * `currency` (USDT only). Details of a conversion carry `currency` too, so they count as fiat.
 *
 * @example
 * ```ts
 * const payload = parseWebhookPayload(body);
 * if (isCryptoTransaction(payload)) return; // not a Pix operation of this shop
 * const details = await client.deposits.get(payload.id);
 * if (!isCryptoTransaction(details)) markPaid(details.externalId, details.currency.status);
 * ```
 */
export function isCryptoTransaction(value: WebhookPayload): value is CryptoWebhookPayload;
export function isCryptoTransaction(value: TransactionDetails): value is CryptoTransactionDetails;
export function isCryptoTransaction(
  value: WebhookPayload | TransactionDetails,
): value is CryptoWebhookPayload | CryptoTransactionDetails;
export function isCryptoTransaction(value: WebhookPayload | TransactionDetails): boolean {
  return 'operation' in value && typeof value.operation === 'string' && !('_id' in value)
    ? (value as WebhookPayload).type === undefined
    : (value as TransactionDetails).currency === undefined;
}
