import * as z from 'zod/mini';
import { parseRateText } from '../usdt.js';
import { BlockchainNetwork, Cryptocurrency } from './company.js';
import { Currency } from './currencies.js';
import { CreateCustomerInput } from './customers.js';
import { PixKey } from './pix-keys.js';
import { schema } from './shared.js';

/**
 * Answer of `GET /deposit/company/cryptocurrencies` and `GET /withdraw/company/cryptocurrencies`
 * (per the provider's public docs): the cryptocurrencies of that direction, USDT today.
 *
 * @example
 * ```ts
 * const [usdt] = await client.withdrawals.listCryptocurrencies();
 * ```
 */
export const CryptocurrencyList = /* @__PURE__ */ schema(() => z.array(Cryptocurrency));
/** Answer of the cryptocurrency list operations. */
export type CryptocurrencyList = Cryptocurrency[];

/**
 * Answer of `GET /deposit/company/blockchain-networks` and `GET
 * /withdraw/company/blockchain-networks` (per the provider's public docs): ERC-20, BEP-20 and
 * Polygon today.
 *
 * @example
 * ```ts
 * const bep20 = (await client.withdrawals.listNetworks()).find((network) => network.name === 'BEP-20');
 * ```
 */
export const BlockchainNetworkList = /* @__PURE__ */ schema(() => z.array(BlockchainNetwork));
/** Answer of the network list operations. */
export type BlockchainNetworkList = BlockchainNetwork[];

/**
 * A customer's crypto wallet (per the provider's public docs): one fixed EVM address
 * (`publicKey`) that receives USDT on each of the networks listed. Only USDT, and only on those
 * networks: anything else sent there is lost.
 *
 * @example
 * ```ts
 * const [wallet] = await client.customers.getWallet(customerId);
 * showDepositAddress(wallet.publicKey, wallet.blockchainNetworks);
 * ```
 */
export const CustomerWallet = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** The networks the address receives USDT on, such as `ERC-20`, `BEP-20`, `Polygon`. */
    blockchainNetworks: z.array(z.string()),
    /** The address, `0x` and 40 hex digits. */
    publicKey: z.string(),
  }),
);
/** A customer's crypto wallet. */
export interface CustomerWallet extends z.infer<typeof CustomerWallet> {}

/**
 * Answer of `GET /crypto/customer/{id}/wallet` (per the provider's public docs): an array, one
 * wallet in every example.
 *
 * @example
 * ```ts
 * const wallets: CustomerWalletList = await client.customers.getWallet(customerId);
 * ```
 */
export const CustomerWalletList = /* @__PURE__ */ schema(() => z.array(CustomerWallet));
/** Answer of `GET /crypto/customer/{id}/wallet`. */
export type CustomerWalletList = CustomerWallet[];

// A rate the service sends as text (`"R$ 5.364"`): the text must hold a number.
const rateText = () =>
  z.string().check(z.regex(/\d/, 'must hold the exchange rate, such as "R$ 5.364"'));

/**
 * What the client adds to a quote: the rate as an exact decimal string.
 *
 * @example
 * ```ts
 * const { rate }: QuoteRate = await client.withdrawals.quote({ amount: '10', cryptocurrency });
 * ```
 */
export interface QuoteRate {
  /** BRL per USDT as an exact decimal string read from the provider's text: `'5.364'` for `"R$ 5.364"`. */
  rate: string;
}

// The exact rate beside the provider's text, `'5.364'` for `"R$ 5.364"`.
function withRate<T extends object>(answer: T, text: string): T & QuoteRate {
  return { ...answer, rate: parseRateText(text) ?? '' };
}

/**
 * Body of `POST /deposit/conversion/tether` (per the provider's public docs): an amount of BRL
 * and the whole deposit currency object.
 *
 * @example
 * ```ts
 * const quote = await client.deposits.quote({ amount: '100.00', currency });
 * ```
 */
export const DepositQuoteRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The amount of BRL, a decimal number with at most two decimals. */
    amount: z.number(),
    /** The whole deposit currency object, as listed. */
    currency: Currency,
  }),
);
/** Body of `POST /deposit/conversion/tether`. */
export interface DepositQuoteRequest extends z.infer<typeof DepositQuoteRequest> {
  /** The whole deposit currency object, as listed. */
  currency: Currency;
}

/**
 * Answer of `POST /deposit/conversion/tether`: the USDT an amount of BRL buys at the current rate
 * (`amount`, six decimals), the cryptocurrency (`crypto`), the rate as the service writes it
 * (`fiatToCryptoExchangeRate`, `"R$ 5.364"`), and `rate`, added by the client: the same rate as
 * an exact decimal string (`'5.364'`). A quote is not locked: the deposit converts at the rate of
 * its payment.
 *
 * @example
 * ```ts
 * const { amount, rate } = await client.deposits.quote({ amount: '100.00', currency });
 * ```
 */
export const DepositQuote = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.looseObject({
      /** USDT for the amount quoted. */
      amount: z.number(),
      /** The cryptocurrency, `USDT`. */
      crypto: z.string(),
      /** BRL per USDT as the service writes it, `"R$ 5.364"`. */
      fiatToCryptoExchangeRate: rateText(),
    }),
    z.transform((answer) => withRate(answer, answer.fiatToCryptoExchangeRate)),
  ),
);
/** Answer of `POST /deposit/conversion/tether`, with the exact `rate`. */
export type DepositQuote = z.output<typeof DepositQuote>;

/**
 * Body of `POST /withdraw/conversion/brl/pix` (per the provider's public docs): an amount of USDT
 * and the whole withdrawal cryptocurrency object.
 *
 * @example
 * ```ts
 * const quote = await client.withdrawals.quote({ amount: '10', cryptocurrency });
 * ```
 */
export const WithdrawalQuoteRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The amount of USDT, a decimal number with at most six decimals. */
    amount: z.number(),
    /** The whole withdrawal cryptocurrency object, as listed. */
    cryptocurrency: Cryptocurrency,
  }),
);
/** Body of `POST /withdraw/conversion/brl/pix`. */
export interface WithdrawalQuoteRequest extends z.infer<typeof WithdrawalQuoteRequest> {}

/**
 * Answer of `POST /withdraw/conversion/brl/pix`: the BRL an amount of USDT pays out by Pix
 * (`amount`), `currency` as the service sends it (the string `"R$"`, not a currency object), the
 * rate as the service writes it (`cryptoToFiatExchangeRate`, `"R$ 5.170"`), and `rate`, added by
 * the client as an exact decimal string (`'5.170'`). A quote is not locked.
 *
 * @example
 * ```ts
 * const { amount, rate } = await client.withdrawals.quote({ amount: '10', cryptocurrency });
 * ```
 */
export const WithdrawalQuote = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.looseObject({
      /** BRL for the USDT quoted. */
      amount: z.number(),
      /** `"R$"`: a string here, unlike everywhere else. */
      currency: z.string(),
      /** BRL per USDT as the service writes it, `"R$ 5.170"`. */
      cryptoToFiatExchangeRate: rateText(),
    }),
    z.transform((answer) => withRate(answer, answer.cryptoToFiatExchangeRate)),
  ),
);
/** Answer of `POST /withdraw/conversion/brl/pix`, with the exact `rate`. */
export type WithdrawalQuote = z.output<typeof WithdrawalQuote>;

/**
 * Body of `POST /withdraw/transaction/crypto/amount` (per the provider's public docs): a gross
 * amount of USDT, the whole withdrawal cryptocurrency and the whole network.
 *
 * @example
 * ```ts
 * const quote = await client.withdrawals.quoteToWallet({ amount: '10', cryptocurrency, blockchainNetwork });
 * ```
 */
export const WalletQuoteRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The gross amount of USDT, a decimal number with at most six decimals. */
    amount: z.number(),
    /** The whole withdrawal cryptocurrency object, as listed. */
    cryptocurrency: Cryptocurrency,
    /** The whole withdrawal network object, as listed. */
    blockchainNetwork: BlockchainNetwork,
  }),
);
/** Body of `POST /withdraw/transaction/crypto/amount`. */
export interface WalletQuoteRequest extends z.infer<typeof WalletQuoteRequest> {}

/**
 * Answer of `POST /withdraw/transaction/crypto/amount`: `amount`, the USDT that reaches the wallet
 * once the network's gas fee is taken from the gross amount, as the service sends it (not rounded,
 * `9.369984879637112`). Gas changes from block to block: the quote is not locked.
 *
 * @example
 * ```ts
 * const { amount } = await client.withdrawals.quoteToWallet({ amount: '10', cryptocurrency, blockchainNetwork });
 * ```
 */
export const WalletQuote = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** USDT net of gas, unrounded. */
    amount: z.number(),
  }),
);
/** Answer of `POST /withdraw/transaction/crypto/amount`. */
export interface WalletQuote extends z.infer<typeof WalletQuote> {}

/**
 * Body of `POST /deposit` with conversion to USDT (on-ramp, per the provider's public docs): the
 * payer (`customerId`, or a new `customer`, exactly one) pays `amount` BRL by Pix and the account
 * is credited the USDT it buys. Build it with
 * {@link buildCryptoDeposit}.
 *
 * @example
 * ```ts
 * const body: CryptoDepositRequest = buildCryptoDeposit({ amount: '100.00', customerId, currency, cryptocurrency });
 * ```
 */
export const CryptoDepositRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The amount of BRL the payer pays, a decimal number with at most two decimals. */
    amount: z.number(),
    /** The customer's `_id`; never together with `customer`. */
    customerId: z.optional(z.string()),
    /** A customer the service registers with the deposit; never together with `customerId`. */
    customer: z.optional(CreateCustomerInput),
    /** The whole deposit currency object (BRL), as listed. */
    currency: Currency,
    /** The whole deposit cryptocurrency object (USDT), as listed. */
    cryptocurrency: Cryptocurrency,
    /** Your own reference, also the idempotency key. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /deposit` with conversion to USDT. */
export interface CryptoDepositRequest extends z.infer<typeof CryptoDepositRequest> {
  /** The whole deposit currency object (BRL), as listed. */
  currency: Currency;
}

/**
 * Body of `POST /withdraw` with conversion to BRL (off-ramp, per the provider's public docs):
 * `amount` USDT is taken from the balance and its value in BRL is paid by Pix to the customer's
 * key. Build it with {@link buildCryptoWithdrawal}.
 *
 * @example
 * ```ts
 * const body: CryptoWithdrawalRequest = buildCryptoWithdrawal({ amount: '10', customerId, currency, cryptocurrency, pixKey });
 * ```
 */
export const CryptoWithdrawalRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The amount of USDT, a decimal number with at most six decimals. */
    amount: z.number(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** The whole withdrawal currency object (BRL), as listed. */
    currency: Currency,
    /** The whole withdrawal cryptocurrency object (USDT), as listed. */
    cryptocurrency: Cryptocurrency,
    /** The customer's whole Pix key object. */
    pixKey: PixKey,
    /** Your own reference, also the idempotency key. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /withdraw` with conversion to BRL. */
export interface CryptoWithdrawalRequest extends z.infer<typeof CryptoWithdrawalRequest> {
  /** The whole withdrawal currency object (BRL), as listed. */
  currency: Currency;
  /** The customer's whole Pix key object. */
  pixKey: PixKey;
}

/**
 * Body of `POST /withdraw` to an external wallet (per the provider's public docs): `amount` USDT,
 * gas included, sent on `blockchainNetwork` to `wallet`. Build it with
 * {@link buildWalletWithdrawal}, which checks the address for the network.
 *
 * @example
 * ```ts
 * const body: WalletWithdrawalRequest = buildWalletWithdrawal({ amount: '10', customerId, cryptocurrency, blockchainNetwork, wallet });
 * ```
 */
export const WalletWithdrawalRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The gross amount of USDT, a decimal number with at most six decimals. */
    amount: z.number(),
    /** The customer's `_id`. */
    customerId: z.string(),
    /** The whole withdrawal cryptocurrency object (USDT), as listed. */
    cryptocurrency: Cryptocurrency,
    /** The whole withdrawal network object, as listed. */
    blockchainNetwork: BlockchainNetwork,
    /** The destination address on that network. */
    wallet: z.string(),
    /** Your own reference, also the idempotency key. */
    externalId: z.optional(z.string()),
  }),
);
/** Body of `POST /withdraw` to an external wallet. */
export interface WalletWithdrawalRequest extends z.infer<typeof WalletWithdrawalRequest> {}
