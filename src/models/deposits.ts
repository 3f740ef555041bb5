import * as z from 'zod/mini';
import { Currency } from './currencies.js';
import { CreateCustomerInput } from './customers.js';
import { schema } from './shared.js';
import { TransactionStatus } from './transactions.js';

/**
 * Body of `POST /deposit` for a customer on file (per the provider's public docs): the amount as a
 * decimal number, the whole deposit currency object, the customer's `_id` and an optional
 * `externalId`. Build it with {@link buildDeposit}.
 *
 * @example
 * ```ts
 * const body: DepositForCustomerId = buildDeposit({ amount: { cents: 1050 }, customerId, currency });
 * ```
 */
export const DepositForCustomerId = /* @__PURE__ */ schema(() =>
  z.object({
    /** In reais, not cents (`10.5` is R$ 10.50): a decimal number with at most two decimals. */
    amount: z.number(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** Never sent together with `customerId`. */
    customer: z.optional(z.never()),
    /** The whole deposit currency object, as listed. */
    currency: Currency,
    /** Your own reference for the deposit, also its idempotency key. `deposits.create` generates one if absent. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /deposit` for a customer on file. */
export interface DepositForCustomerId extends z.infer<typeof DepositForCustomerId> {
  /** The whole deposit currency object, as listed. */
  currency: Currency;
}

/**
 * Body of `POST /deposit` for someone who is not a customer yet (per the provider's public docs):
 * instead of `customerId`, a `customer` object (`name` and `document` required, `email` and `phone`
 * optional) that the service registers together with the deposit. A name or document already on
 * file is refused with 409. Build it with {@link buildDeposit}.
 *
 * @example
 * ```ts
 * const body: DepositForNewCustomer = buildDeposit({
 *   amount: '25.00',
 *   customer: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' },
 *   currency,
 * });
 * ```
 */
export const DepositForNewCustomer = /* @__PURE__ */ schema(() =>
  z.object({
    /** In reais, not cents (`10.5` is R$ 10.50): a decimal number with at most two decimals. */
    amount: z.number(),
    /** Never sent together with `customer`. */
    customerId: z.optional(z.never()),
    /** The customer to register with the deposit. */
    customer: CreateCustomerInput,
    /** The whole deposit currency object, as listed. */
    currency: Currency,
    /** Your own reference for the deposit, also its idempotency key. `deposits.create` generates one if absent. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /deposit` for someone who is not a customer yet. */
export interface DepositForNewCustomer extends z.infer<typeof DepositForNewCustomer> {
  /** The customer to register with the deposit. */
  customer: CreateCustomerInput;
  /** The whole deposit currency object, as listed. */
  currency: Currency;
}

/**
 * Body of `POST /deposit` (per the provider's public docs): exactly one of `customerId` (a customer
 * on file, {@link DepositForCustomerId}) or `customer` (registered with the deposit,
 * {@link DepositForNewCustomer}), never both. Build it with {@link buildDeposit}.
 *
 * @example
 * ```ts
 * const body: DepositRequest = buildDeposit({ amount: { cents: 1050 }, customerId, currency });
 * ```
 */
export const DepositRequest = /* @__PURE__ */ schema(() =>
  z.union([DepositForCustomerId, DepositForNewCustomer]),
);
/** Body of `POST /deposit`: for a customer on file, or for a new one. */
export type DepositRequest = DepositForCustomerId | DepositForNewCustomer;

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
export interface CreateDepositResult extends z.infer<typeof CreateDepositResult> {}

/**
 * What `deposits.create` returns: the service's answer ({@link CreateDepositResult}) and the
 * `externalId` that was sent, yours or the one the client generated.
 *
 * @example
 * ```ts
 * const { data, externalId }: CreatedDeposit = await client.deposits.create(body);
 * await saveCharge({ externalId, depositId: data.id, code: data.code });
 * ```
 */
export type CreatedDeposit = CreateDepositResult & {
  /** The `externalId` sent: yours, or the one the client generated. Store it. */
  externalId: string;
};
