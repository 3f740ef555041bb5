import * as z from 'zod/mini';
import { openEnum, schema } from './shared.js';

/**
 * How a supplier fee is charged: `FIXED` or `PERCENTAGE` (values seen; others parse too).
 *
 * @example
 * ```ts
 * FeeType.parse('PERCENTAGE');
 * ```
 */
export const FeeType: z.ZodMiniType<FeeType> = /* @__PURE__ */ schema(() =>
  openEnum(['FIXED', 'PERCENTAGE']),
);
/** How a supplier fee is charged. */
export type FeeType = 'FIXED' | 'PERCENTAGE' | (string & {});

/**
 * A fee entry of `supplierFeeByActivity`: its type and decimal value.
 *
 * @example
 * ```ts
 * const fee: Fee = { type: 'FIXED', value: 0.5 };
 * ```
 */
export const Fee = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** `FIXED` or `PERCENTAGE`. */
    type: FeeType,
    /** The fee amount, a decimal. */
    value: z.number(),
  }),
);
/** A fee entry of `supplierFeeByActivity`. */
export interface Fee extends z.infer<typeof Fee> {}

/**
 * Payment method of a currency; the service shows `PIX`.
 *
 * @example
 * ```ts
 * PaymentMethod.parse('PIX');
 * ```
 */
export const PaymentMethod: z.ZodMiniType<PaymentMethod> = /* @__PURE__ */ schema(() =>
  openEnum(['PIX']),
);
/** Payment method of a currency. */
export type PaymentMethod = 'PIX' | (string & {});

/**
 * A fiat currency as the list operations return it. Send it whole as `currency` in a withdrawal or
 * a deposit. Withdrawal and deposit lists hold different objects (different `_id`) even for the
 * same `BRL` (per the provider's public docs): never use one for the other.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * ```
 */
export const Currency = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Identifier of the currency. Withdrawal and deposit lists hold different ones. */
    _id: z.string(),
    /** Currency code, such as `BRL`. */
    name: z.string(),
    /** Payment method; `PIX`. */
    type: PaymentMethod,
    /** Currency symbol, such as `R$`. */
    symbol: z.string(),
    /** ISO 8601 timestamp, UTC. */
    createdDate: z.string(),
    /** ISO 8601 timestamp, UTC. */
    updatedDate: z.string(),
    /** Record version counter. */
    __v: z.number(),
    /** Fees by activity name (`servicetreeal`, `servicetreealliquidity`); absent in some answers. */
    supplierFeeByActivity: z.optional(z.record(z.string(), Fee)),
  }),
);
/** A fiat currency as the list operations return it. */
export interface Currency extends z.infer<typeof Currency> {
  /** Fees by activity name (`servicetreeal`, `servicetreealliquidity`); absent in some answers. */
  supplierFeeByActivity?: Record<string, Fee> | undefined;
}

/**
 * Answer of `GET /withdraw/company/currencies` and `GET /deposit/company/currencies` (200).
 *
 * @example
 * ```ts
 * const currencies: CurrencyList = await client.deposits.listCurrencies();
 * ```
 */
export const CurrencyList = /* @__PURE__ */ schema(() => z.array(Currency));
/** Answer of the currency list operations. */
export type CurrencyList = Currency[];

/** The fields a currency object must carry to be sent in a withdrawal or a deposit. */
export const CURRENCY_REQUIRED_FIELDS = [
  '_id',
  'name',
  'type',
  'symbol',
  'createdDate',
  'updatedDate',
  '__v',
] as const;
