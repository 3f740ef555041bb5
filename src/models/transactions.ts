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
export const TransactionStatus: z.ZodMiniType<TransactionStatus> = /* @__PURE__ */ schema(() =>
  openEnum(TRANSACTION_STATUSES),
);
/** Status of a withdrawal or a deposit. */
export type TransactionStatus = KnownTransactionStatus | (string & {});

/**
 * The fiat side of a transaction in its details (`currency`): currency code, payment method,
 * amount and status. Present for every Pix operation, conversions included.
 *
 * @example
 * ```ts
 * const { currency } = await client.withdrawals.get(withdrawalId);
 * if (currency?.status === 'PAID') markPaid();
 * ```
 */
export const TransactionCurrency = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Currency code, such as `BRL`. */
    name: z.string(),
    /** Payment method, `PIX`. */
    type: z.string(),
    /** The amount, a decimal. */
    amount: z.number(),
    /** The current status. */
    status: TransactionStatus,
  }),
);
/** The fiat side of a transaction in its details. */
export interface TransactionCurrency extends z.infer<typeof TransactionCurrency> {}

/**
 * The crypto side of a transaction in its details (`cryptocurrency`, per the provider's public
 * docs): for USDT operations and for conversions between Pix and USDT. The provider's examples
 * also carry `coinGecko`, `gasFeeAmount`, `blockchainNetwork` (`name`, `chain`, `symbol`,
 * `chainId`) and `wallet`; these and any other field are kept as they come, typed `unknown`.
 *
 * @example
 * ```ts
 * const details = await client.deposits.get(depositId);
 * if (details.cryptocurrency) console.log(details.cryptocurrency.amount, details.cryptocurrency.name);
 * ```
 */
export const TransactionCryptocurrency = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Crypto currency name, such as `USDT`. */
    name: z.string(),
    /** Its symbol, such as `USDT`. */
    symbol: z.optional(z.string()),
    /** The amount in that currency, a decimal. */
    amount: z.number(),
    /** The current status of the crypto side. */
    status: TransactionStatus,
  }),
);
/** The crypto side of a transaction in its details. */
export interface TransactionCryptocurrency extends z.infer<typeof TransactionCryptocurrency> {}

/**
 * Details of a withdrawal or a deposit (`GET /withdraw/{id}/details`, `GET /deposit/{id}/details`,
 * per the provider's public docs). The receiver of a webhook reads this to confirm a status.
 *
 * The provider documents three forms: a Pix operation carries `currency`; a conversion between
 * Pix and USDT carries `currency` and `cryptocurrency`; a USDT-only operation carries
 * `cryptocurrency` and no `currency`. Parsing accepts all three (at least one of the two is
 * required), and the type tells them apart: {@link FiatTransactionDetails} (with `currency`) or
 * {@link CryptoTransactionDetails} (without), narrowed by {@link isCryptoTransaction} or by
 * checking `currency`.
 *
 * @example
 * ```ts
 * const details = await client.withdrawals.get(withdrawalId);
 * if (isCryptoTransaction(details)) throw new Error('not a Pix withdrawal');
 * details.currency.status; // 'PAID'
 * ```
 */
export const TransactionDetails = /* @__PURE__ */ schema(() =>
  z
    .looseObject({
      /** Identifier of the withdrawal or deposit. */
      _id: z.string(),
      /** The customer's `_id`. */
      customerId: z.string(),
      /** Your own reference, when the transaction had one. */
      externalId: z.optional(z.string()),
      /** The customer's CPF or CNPJ, when the service returns it. */
      document: z.optional(z.string()),
      /**
       * Whether the Pix network validated the payer's (deposit) or receiver's (withdrawal)
       * document, when the service reports it (per the provider's public docs, a boolean).
       */
      identifiedDocumentPix: z.optional(z.boolean()),
      /** Currency, amount and current status of the fiat (Pix) side; absent for USDT only. */
      currency: z.optional(TransactionCurrency),
      /** The crypto side, for USDT operations and conversions (per the provider's public docs). */
      cryptocurrency: z.optional(TransactionCryptocurrency),
    })
    .check((ctx) => {
      if (ctx.value.currency === undefined && ctx.value.cryptocurrency === undefined) {
        ctx.issues.push({
          code: 'custom',
          message: 'is required (object): a transaction has currency, cryptocurrency or both',
          path: ['currency'],
          input: ctx.value,
        });
      }
    }),
);
/**
 * What the details schema parses, both sides optional: the fields {@link FiatTransactionDetails}
 * and {@link CryptoTransactionDetails} share. Use {@link TransactionDetails}, which says which side
 * is there.
 *
 * @example
 * ```ts
 * const fields: TransactionDetailsFields = await client.deposits.get(depositId);
 * ```
 */
export interface TransactionDetailsFields extends z.infer<typeof TransactionDetails> {}
/**
 * Details of a fiat (Pix) operation: `currency` is there; a conversion also has `cryptocurrency`.
 *
 * @example
 * ```ts
 * const details = await client.withdrawals.get(withdrawalId);
 * if (!isCryptoTransaction(details)) console.log(details.currency.status);
 * ```
 */
export type FiatTransactionDetails = TransactionDetailsFields & {
  /** Currency, amount and current status of the fiat (Pix) side. */
  currency: TransactionCurrency;
};
/**
 * Details of a crypto-only (USDT) operation: `cryptocurrency` and no `currency`.
 *
 * @example
 * ```ts
 * const details = await client.deposits.get(depositId);
 * if (isCryptoTransaction(details)) console.log(details.cryptocurrency.amount);
 * ```
 */
export type CryptoTransactionDetails = TransactionDetailsFields & {
  /** Absent: a USDT-only operation has no fiat side. */
  currency?: undefined;
  /** Currency, amount and current status of the crypto side. */
  cryptocurrency: TransactionCryptocurrency;
};
/** Details of a withdrawal or a deposit: fiat (with `currency`) or crypto only. */
export type TransactionDetails = FiatTransactionDetails | CryptoTransactionDetails;
