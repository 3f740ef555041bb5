import * as z from 'zod/mini';
import { openEnum, schema } from './shared.js';
import { TransactionStatus } from './transactions.js';

/**
 * Which kind of transaction a webhook speaks of.
 *
 * @example
 * ```ts
 * WebhookOperation.parse('WITHDRAW');
 * ```
 */
export const WebhookOperation = /* @__PURE__ */ schema(() => openEnum(['WITHDRAW', 'DEPOSIT']));
/** Which kind of transaction a webhook speaks of. */
export type WebhookOperation = z.infer<typeof WebhookOperation>;

/**
 * The JSON the service POSTs to the company's callback URL, for withdrawals and deposits alike
 * (per the provider's public docs). Note `id`, not `_id`. Deliveries are not signed: confirm a
 * status with the details endpoint before acting on it.
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
    /** Currency code, `BRL`. */
    name: z.string(),
    /** Payment method, `PIX`. */
    type: z.string(),
    /** The amount, a decimal. */
    amount: z.number(),
    /** `WITHDRAW` or `DEPOSIT`. */
    operation: WebhookOperation,
    /** Your own reference, when the transaction had one. */
    externalId: z.optional(z.string()),
  }),
);
/** The JSON the service POSTs to the company's callback URL. */
export interface WebhookPayload extends z.infer<typeof WebhookPayload> {}
