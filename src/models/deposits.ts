import * as z from 'zod/mini';
import { Currency } from './currencies.js';
import { schema } from './shared.js';
import { TransactionStatus } from './transactions.js';

/**
 * Body of `POST /deposit` (per the provider's public docs): the amount as a decimal number, the
 * whole deposit currency object, the customer and an optional `externalId`. Build it with
 * {@link buildDeposit}.
 *
 * @example
 * ```ts
 * const body: DepositRequest = buildDeposit({ amount: { cents: 1050 }, customerId, currency });
 * ```
 */
export const DepositRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The amount, a decimal number with at most two decimals. */
    amount: z.number(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** The whole deposit currency object, as listed. */
    currency: Currency,
    /** Your own reference for the deposit. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /deposit`. */
export type DepositRequest = z.infer<typeof DepositRequest>;

/**
 * Answer of `POST /deposit` (201): `Pix Gerado com Sucesso` and the deposit, whose `code` is the
 * Pix copy-and-paste (BR Code) string a payer scans or pastes.
 *
 * @example
 * ```ts
 * const { data } = await client.deposits.create(body);
 * showQrCode(data.code);
 * ```
 */
export const CreateDepositResult = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** `Pix Gerado com Sucesso`. */
    message: z.string(),
    /** The new deposit. */
    data: z.looseObject({
      /** `WAITING_PAYMENT` for a new deposit. */
      status: TransactionStatus,
      /** The Pix copy-and-paste (BR Code) string for the payer. */
      code: z.string(),
      /** Identifier of the deposit. */
      id: z.string(),
      /** The customer's `_id`. */
      customerId: z.string(),
    }),
  }),
);
/** Answer of `POST /deposit`. */
export type CreateDepositResult = z.infer<typeof CreateDepositResult>;
