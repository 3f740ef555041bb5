import * as z from 'zod/mini';
import { assertArray } from '../core/options.js';
import { PaymentValidationError } from '../errors/index.js';
import { amountToCents, centsOfNumberText, MAX_AMOUNT_CENTS } from '../money.js';
import { amountTextsOf } from './amount-texts.js';
import { Currency } from './currencies.js';
import { schema } from './shared.js';

/**
 * A cryptocurrency as the service lists it (per the provider's public docs): send it whole as
 * `cryptocurrency` in a crypto deposit, withdrawal or quote, to filter the balance or to set a
 * sub-account's fee on it. Only `_id`, `name` and `symbol` are required to parse; every other
 * field is kept as it comes. The deposit and withdrawal lists hold different objects (different
 * `_id`) for the same USDT: never use one for the other.
 *
 * @example
 * ```ts
 * const usdt: Cryptocurrency = { _id: '67339b18ca59…', name: 'USDT', symbol: 'USDT', coinGecko: 'tether' };
 * ```
 */
export const Cryptocurrency = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Identifier of the cryptocurrency. */
    _id: z.string(),
    /** Its code, such as `USDT`. */
    name: z.string(),
    /** Its symbol, such as `USDT`. */
    symbol: z.string(),
    /** Its identifier on CoinGecko, such as `tether`. */
    coinGecko: z.optional(z.string()),
    /** ISO 8601 timestamp, UTC. */
    createdDate: z.optional(z.string()),
    /** ISO 8601 timestamp, UTC. */
    updatedDate: z.optional(z.string()),
    /** Record version counter. */
    __v: z.optional(z.number()),
  }),
);
/** A cryptocurrency as the service lists it. */
export interface Cryptocurrency extends z.infer<typeof Cryptocurrency> {}

/**
 * A blockchain network as the service lists it (per the provider's public docs): send it whole as
 * `blockchainNetwork` in a wallet withdrawal or its quote, or for a sub-account's fee on it. Only
 * `_id` and `name` are required to parse; every other field is kept as it comes.
 *
 * @example
 * ```ts
 * const ethereum: BlockchainNetwork = { _id: '672c145e1…', name: 'Ethereum', chainId: '1' };
 * ```
 */
export const BlockchainNetwork = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** Identifier of the network. */
    _id: z.string(),
    /** Its name, such as `Ethereum` or `BEP-20`. */
    name: z.string(),
    /** The chain's id, a decimal string: `'1'` (Ethereum), `'56'` (BSC), `'137'` (Polygon). */
    chainId: z.optional(z.string()),
    /** The chain, such as `Ethereum` or `BSC`. */
    chain: z.optional(z.string()),
    /** The chain's native token, such as `ETH` or `BNB`. */
    symbol: z.optional(z.string()),
    /**
     * The cryptocurrencies of the network. The provider's schema says ids (strings), its code
     * reads objects with a `cryptocurrency` inside: both parse, and are kept as they come.
     */
    cryptocurrencies: z.optional(z.array(z.union([z.string(), z.looseObject({})]))),
    /** ISO 8601 timestamp, UTC. */
    createdDate: z.optional(z.string()),
    /** ISO 8601 timestamp, UTC. */
    updatedDate: z.optional(z.string()),
    /** Record version counter. */
    __v: z.optional(z.number()),
  }),
);
/** A blockchain network as the service lists it. */
export interface BlockchainNetwork extends z.infer<typeof BlockchainNetwork> {}

/**
 * Body of `POST /balance/company` (per the provider's public docs): `{}` for every balance, or a
 * listed `currency` or `cryptocurrency` object, whole, for that one only.
 *
 * @example
 * ```ts
 * const all: BalanceFilter = {};
 * const brl: BalanceFilter = { currency: selectCurrency(await client.deposits.listCurrencies(), 'BRL') };
 * ```
 */
export const BalanceFilter = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({
      /** Only this fiat currency, the whole listed object. */
      currency: Currency,
      /** Never sent together with `currency`. */
      cryptocurrency: z.optional(z.never()),
    }),
    z.object({
      /** Only this cryptocurrency, the whole listed object. */
      cryptocurrency: Cryptocurrency,
      /** Never sent together with `cryptocurrency`. */
      currency: z.optional(z.never()),
    }),
    z.object({
      /** Left out for every balance. */
      currency: z.optional(z.never()),
      /** Left out for every balance. */
      cryptocurrency: z.optional(z.never()),
    }),
  ]),
);
/** Body of `POST /balance/company`: nothing, a currency or a cryptocurrency. */
export type BalanceFilter =
  | {
      /** A listed currency, whole: its balance only. */
      currency: Currency;
      /** Never sent together with `currency`. */
      cryptocurrency?: undefined;
    }
  | {
      /** A listed cryptocurrency, whole: its balance only. */
      cryptocurrency: Cryptocurrency;
      /** Never sent together with `cryptocurrency`. */
      currency?: undefined;
    }
  | {
      /** Left out: every balance. */
      currency?: undefined;
      /** Left out: every balance. */
      cryptocurrency?: undefined;
    };

/**
 * One balance of the account (per the provider's public docs): a fiat one names its `currency`
 * (`{ type: 'PIX', name: 'BRL' }`) and carries `totalHeld`; a crypto one names its
 * `cryptocurrency` (`{ name: 'USDT', symbol: 'USDT' }`). `totalAmount` is the available balance,
 * `totalHeld` what pending withdrawals hold, both decimals: read BRL as exact cents with
 * {@link brlBalance}.
 *
 * @example
 * ```ts
 * for (const balance of await client.company.getBalance()) {
 *   console.log(balance.currency?.name ?? balance.cryptocurrency?.name, balance.totalAmount);
 * }
 * ```
 */
export const Balance = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** The fiat currency of this balance; absent on a crypto balance. */
    currency: z.optional(
      z.looseObject({
        /** Payment method, `PIX`. */
        type: z.string(),
        /** Currency code, such as `BRL`. */
        name: z.string(),
      }),
    ),
    /** The cryptocurrency of this balance; absent on a fiat balance. */
    cryptocurrency: z.optional(
      z.looseObject({
        /** Its code, such as `USDT`. */
        name: z.string(),
        /** Its symbol, such as `USDT`. */
        symbol: z.string(),
      }),
    ),
    /** The available amount, a decimal. */
    totalAmount: z.number(),
    /** The amount held by withdrawals not yet settled, a decimal; fiat balances only. */
    totalHeld: z.optional(z.number()),
  }),
);
/** One balance of the account, fiat or crypto. */
export interface Balance extends z.infer<typeof Balance> {}

/**
 * Answer of `POST /balance/company` (200): always an array, one entry per balance found.
 *
 * @example
 * ```ts
 * const balances: BalanceList = await client.company.getBalance();
 * ```
 */
export const BalanceList = /* @__PURE__ */ schema(() => z.array(Balance));
/** Answer of `POST /balance/company`. */
export type BalanceList = Balance[];

/**
 * The BRL balance in exact integer cents: what is available and what pending withdrawals hold.
 *
 * @example
 * ```ts
 * const brl: BrlBalance | undefined = brlBalance(await client.company.getBalance());
 * ```
 */
export interface BrlBalance {
  /** The available amount (`totalAmount`), in cents. */
  readonly availableCents: number;
  /** The amount held by withdrawals not yet settled (`totalHeld`, `0` when absent), in cents. */
  readonly heldCents: number;
}

/**
 * Picks the BRL balance out of an answer of `client.company.getBalance()` and reads its decimals
 * as exact integer cents (`1.94` is `194`, never `193.99999999999997`), or `undefined` when the
 * answer holds no BRL balance. Compare cents with cents: `toCents` turns a payout's amount into
 * the same unit.
 *
 * The balances of `client.company.getBalance()` are read from the answer's text, so every amount in
 * the service's range is exact (a number is exact only up to 70368744177664.00).
 *
 * @throws {@link PaymentValidationError} when an amount is not a decimal with at most two decimals,
 * is above 70368744177664.00 and did not come from `getBalance` (its text unknown), or when
 * `balances` is no array (a Promise is named as a missing `await`).
 *
 * @example
 * ```ts
 * const brl = brlBalance(await client.company.getBalance());
 * if (brl === undefined || brl.availableCents < toCents('150.00')) throw new Error('not enough BRL');
 * ```
 */
export function brlBalance(balances: ReadonlyArray<Balance>): BrlBalance | undefined {
  assertArray(balances, 'balances', 'the array getBalance() answered', 'Invalid balances');
  const index = balances.findIndex((balance) => balance.currency?.name === 'BRL');
  const found = balances[index];
  if (found === undefined) return undefined;
  const exact = amountTextsOf(found);
  return {
    availableCents: balanceCents(found.totalAmount, exact?.totalAmount, [index, 'totalAmount']),
    heldCents: balanceCents(found.totalHeld ?? 0, exact?.totalHeld, [index, 'totalHeld']),
  };
}

// Exact cents from the amount's text where it is the text of this number; else from the number,
// which is exact up to MAX_AMOUNT_CENTS and refused above it rather than read a cent off.
function balanceCents(
  amount: number,
  text: string | undefined,
  path: ReadonlyArray<PropertyKey>,
): number {
  const fromText =
    text !== undefined && Number(text) === amount ? centsOfNumberText(text) : undefined;
  if (fromText !== undefined) return fromText;
  if (Math.abs(amount) * 100 > MAX_AMOUNT_CENTS) {
    throw new PaymentValidationError(
      [
        {
          path,
          message: `is above 70368744177664.00, where a number no longer tells every cent apart, and its source text is unknown (read it from client.company.getBalance() in a runtime whose JSON.parse gives the source text)`,
        },
      ],
      'Invalid balance',
    );
  }
  return amountToCents(amount, path);
}

/**
 * The fee the main account takes from each operation of a sub-account (per the provider's public
 * docs): `PERCENTAGE` of the amount (`value: 1` is 1%) or a `FIXED` amount per operation
 * (`value: 2.5` is 2.50).
 *
 * @example
 * ```ts
 * const fee: SubAccountFee = { type: 'PERCENTAGE', value: 1 };
 * ```
 */
export const SubAccountFee = /* @__PURE__ */ schema(() =>
  z.object({
    /** `PERCENTAGE` or `FIXED`. */
    type: z.enum(['PERCENTAGE', 'FIXED']) as z.ZodMiniType<'PERCENTAGE' | 'FIXED'>,
    /** A percentage (`1` is 1%) or a fixed amount, a decimal. */
    value: z.number(),
  }),
);
/** The fee the main account takes from each operation of a sub-account. */
export interface SubAccountFee extends z.infer<typeof SubAccountFee> {
  /** `PERCENTAGE` or `FIXED`. */
  type: 'PERCENTAGE' | 'FIXED';
}

/**
 * The fees of one direction (`deposit` or `withdraw`) of a sub-account: one entry per currency,
 * network and cryptocurrency enabled, each with the whole listed object and its fee. Send `[]`
 * for a group without fees.
 *
 * @example
 * ```ts
 * const fees: SubAccountFees = {
 *   currencies: [{ currency, fee: { type: 'PERCENTAGE', value: 1 } }],
 *   blockchainNetworks: [],
 *   cryptocurrencies: [],
 * };
 * ```
 */
export const SubAccountFees = /* @__PURE__ */ schema(() =>
  z.object({
    /** Fiat currencies, each a listed currency object and its fee. */
    currencies: z.array(
      z.object({
        /** The whole listed currency object. */
        currency: Currency,
        /** The fee on it. */
        fee: SubAccountFee,
      }),
    ),
    /** Blockchain networks, each a listed network object and its fee. */
    blockchainNetworks: z.array(
      z.object({
        /** The whole listed network object. */
        blockchainNetwork: BlockchainNetwork,
        /** The fee on it. */
        fee: SubAccountFee,
      }),
    ),
    /** Cryptocurrencies, each a listed cryptocurrency object and its fee. */
    cryptocurrencies: z.array(
      z.object({
        /** The whole listed cryptocurrency object. */
        cryptocurrency: Cryptocurrency,
        /** The fee on it. */
        fee: SubAccountFee,
      }),
    ),
  }),
);
/** The fees of one direction of a sub-account. */
export interface SubAccountFees extends z.infer<typeof SubAccountFees> {
  /** Fiat currencies, each a listed currency object and its fee. */
  currencies: Array<{
    /** A listed currency, whole. */
    currency: Currency;
    /** The fee on it. */
    fee: SubAccountFee;
  }>;
  /** Blockchain networks, each a listed network object and its fee. */
  blockchainNetworks: Array<{
    /** A listed network, whole. */
    blockchainNetwork: BlockchainNetwork;
    /** The fee on it. */
    fee: SubAccountFee;
  }>;
  /** Cryptocurrencies, each a listed cryptocurrency object and its fee. */
  cryptocurrencies: Array<{
    /** A listed cryptocurrency, whole. */
    cryptocurrency: Cryptocurrency;
    /** The fee on it. */
    fee: SubAccountFee;
  }>;
}

/**
 * Body of `POST /company/subaccount` (per the provider's public docs; partner accounts only): the
 * new company and the first login of its administrator (`user`), and the fees the main account
 * takes from its deposits and withdrawals.
 *
 * @example
 * ```ts
 * const input: CreateSubAccountInput = {
 *   user: {
 *     name: 'Loja Exemplo Ltda',
 *     email: 'financeiro@loja.example',
 *     password: process.env.SUB_ACCOUNT_PASSWORD!,
 *     phone: { type: 'mobile', number: '999999999', areaCode: '11', countryCode: '55' },
 *   },
 *   deposit: { currencies: [{ currency, fee: { type: 'PERCENTAGE', value: 1 } }], blockchainNetworks: [], cryptocurrencies: [] },
 *   withdraw: { currencies: [{ currency, fee: { type: 'FIXED', value: 1.5 } }], blockchainNetworks: [], cryptocurrencies: [] },
 * };
 * ```
 */
export const CreateSubAccountInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** The company and its administrator's first login. */
    user: z.object({
      /** The company's name. */
      name: z.string().check(z.minLength(1)),
      /** The administrator's e-mail, the sub-account's login. */
      email: z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')),
      /** The administrator's first password, the sub-account's login. */
      password: z.string().check(z.minLength(1)),
      /** The company's phone. */
      phone: z.optional(
        z.object({
          /** Such as `mobile`. */
          type: z.string(),
          /** The number without area code, digits. */
          number: z.string(),
          /** The area code, digits (`11`). */
          areaCode: z.string(),
          /** The country code, digits (`55`). */
          countryCode: z.string(),
        }),
      ),
    }),
    /** Fees on the sub-account's deposits. */
    deposit: SubAccountFees,
    /** Fees on the sub-account's withdrawals. */
    withdraw: SubAccountFees,
  }),
);
/** Body of `POST /company/subaccount`. */
export interface CreateSubAccountInput extends z.infer<typeof CreateSubAccountInput> {
  /** Fees on the sub-account's deposits. */
  deposit: SubAccountFees;
  /** Fees on the sub-account's withdrawals. */
  withdraw: SubAccountFees;
}

/**
 * Body of `POST /webhook/subaccount` (per the provider's public docs): a name for the webhook and
 * the URL the sub-account's notifications are POSTed to.
 *
 * @example
 * ```ts
 * const input: SubAccountWebhookInput = { name: 'Primeiro Webhook', externalWebhookUrl: 'https://loja.example/webhooks/pix' };
 * ```
 */
export const SubAccountWebhookInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** A name of your choice for the webhook. */
    name: z.string(),
    /** The whole `http(s)` URL that receives the notifications. */
    externalWebhookUrl: z.string(),
  }),
);
/** Body of `POST /webhook/subaccount`. */
export interface SubAccountWebhookInput extends z.infer<typeof SubAccountWebhookInput> {}

/**
 * Body of `POST /withdraw/allowed-ip/subaccount` (per the provider's public docs): the IPv4 or
 * IPv6 address allowed to create the sub-account's withdrawals.
 *
 * @example
 * ```ts
 * const body: WithdrawalIpInput = { ip: '203.0.113.7' };
 * ```
 */
export const WithdrawalIpInput = /* @__PURE__ */ schema(() =>
  z.object({
    /** An IPv4 or IPv6 address. */
    ip: z.string(),
  }),
);
/** Body of `POST /withdraw/allowed-ip/subaccount`. */
export interface WithdrawalIpInput extends z.infer<typeof WithdrawalIpInput> {}
