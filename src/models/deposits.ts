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
    amount: z.number(),
    customerId: z.string(),
    currency: Currency,
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
    message: z.string(),
    data: z.looseObject({
      status: TransactionStatus,
      code: z.string(),
      id: z.string(),
      customerId: z.string(),
    }),
  }),
);
/** Answer of `POST /deposit`. */
export type CreateDepositResult = z.infer<typeof CreateDepositResult>;
