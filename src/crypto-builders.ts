import {
  checkAmount,
  checkExternalId,
  checkId,
  checkPayer,
  checkWhole,
  type DepositInput,
} from './builders.js';
import { type PaymentIssue, PaymentValidationError } from './errors/index.js';
import { BlockchainNetwork, Cryptocurrency } from './models/company.js';
import type {
  CryptoDepositRequest,
  CryptoWithdrawalRequest,
  WalletWithdrawalRequest,
} from './models/crypto.js';
import { CURRENCY_REQUIRED_FIELDS, Currency } from './models/currencies.js';
import { PixKey } from './models/pix-keys.js';
import type { AmountInput } from './money.js';
import { normalizeUsdt, type UsdtAmountInput } from './usdt.js';
import { validateWalletAddress } from './wallet-address.js';

// The fields the provider's pages require of each listed object sent in a crypto body.
const CRYPTOCURRENCY_REQUIRED_FIELDS = ['_id', 'name', 'symbol'] as const;
const NETWORK_REQUIRED_FIELDS = ['_id', 'name', 'chainId', 'chain', 'symbol'] as const;
const PIX_KEY_REQUIRED_FIELDS = ['key', 'type', '_id'] as const;

/**
 * What {@link buildCryptoDeposit} takes: the BRL amount the payer pays, the payer (`customerId`,
 * or a new `customer`), and the whole deposit `currency` (BRL) and `cryptocurrency` (USDT) as the
 * deposit lists returned them.
 *
 * @example
 * ```ts
 * const input: CryptoDepositInput = { amount: '100.00', customerId, currency, cryptocurrency };
 * ```
 */
export type CryptoDepositInput = DepositInput & {
  /** A whole cryptocurrency from `client.deposits.listCryptocurrencies()`. */
  readonly cryptocurrency: Cryptocurrency;
};

/**
 * What {@link buildCryptoWithdrawal} takes: the USDT amount, the customer, the whole withdrawal
 * `currency` (BRL) and `cryptocurrency` (USDT), and the customer's whole Pix key.
 *
 * @example
 * ```ts
 * const input: CryptoWithdrawalInput = { amount: '10', customerId, currency, cryptocurrency, pixKey };
 * ```
 */
export interface CryptoWithdrawalInput {
  /** USDT, exact to six decimals: see {@link UsdtAmountInput}. */
  readonly amount: UsdtAmountInput;
  /** The customer's `_id`. */
  readonly customerId: string;
  /** A whole currency from `client.withdrawals.listCurrencies()`. */
  readonly currency: Currency;
  /** A whole cryptocurrency from `client.withdrawals.listCryptocurrencies()`. */
  readonly cryptocurrency: Cryptocurrency;
  /** A whole Pix key from `client.pixKeys.list()`, `add()` or `ensure()`. */
  readonly pixKey: PixKey;
  /** Your own reference, also the idempotency key. `withdrawals.create` generates one if absent. */
  readonly externalId?: string | undefined;
}

/**
 * What {@link buildWalletWithdrawal} takes: the gross USDT amount, the customer, the whole
 * withdrawal `cryptocurrency` and `blockchainNetwork`, and the destination `wallet`.
 *
 * @example
 * ```ts
 * const input: WalletWithdrawalInput = { amount: '10', customerId, cryptocurrency, blockchainNetwork, wallet: '0x…' };
 * ```
 */
export interface WalletWithdrawalInput {
  /** USDT, gas included, exact to six decimals: see {@link UsdtAmountInput}. */
  readonly amount: UsdtAmountInput;
  /** The customer's `_id`. */
  readonly customerId: string;
  /** A whole cryptocurrency from `client.withdrawals.listCryptocurrencies()`. */
  readonly cryptocurrency: Cryptocurrency;
  /** A whole network from `client.withdrawals.listNetworks()`. */
  readonly blockchainNetwork: BlockchainNetwork;
  /** The destination address, checked for the network by {@link validateWalletAddress}. */
  readonly wallet: string;
  /** Your own reference, also the idempotency key. `withdrawals.create` generates one if absent. */
  readonly externalId?: string | undefined;
}

type Issues = PaymentIssue[];

function checkUsdt(amount: UsdtAmountInput, issues: Issues): number | undefined {
  try {
    return normalizeUsdt(amount);
  } catch (error) {
    if (error instanceof PaymentValidationError) issues.push(...error.issues);
    else throw error;
    return undefined;
  }
}

function checkCryptocurrency(value: unknown, issues: Issues): void {
  checkWhole(value, 'cryptocurrency', CRYPTOCURRENCY_REQUIRED_FIELDS, Cryptocurrency, issues);
}

function refuseIf(issues: Issues, context: string): void {
  if (issues.length > 0) throw new PaymentValidationError(issues, context);
}

function withExternalId(externalId: string | undefined): { externalId?: string } {
  return externalId === undefined ? {} : { externalId };
}

/**
 * Builds the body of an on-ramp deposit, `POST /deposit` with conversion to USDT (per the
 * provider's public docs): the payer pays `amount` BRL by Pix and the account is credited the
 * USDT it buys at the rate of the payment. Checks the BRL amount (see {@link AmountInput}), the
 * payer (exactly one of `customerId` or `customer`), and that `currency` and `cryptocurrency`
 * are whole listed objects, before anything is sent.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
 * const [cryptocurrency] = await client.deposits.listCryptocurrencies();
 * const { data } = await client.deposits.create(
 *   buildCryptoDeposit({ amount: '100.00', customerId, currency, cryptocurrency }),
 * );
 * ```
 */
export function buildCryptoDeposit(input: CryptoDepositInput): CryptoDepositRequest {
  const issues: Issues = [];
  const amount = checkAmount(input.amount as AmountInput, issues);
  checkPayer(input, issues);
  checkWhole(input.currency, 'currency', CURRENCY_REQUIRED_FIELDS, Currency, issues);
  checkCryptocurrency(input.cryptocurrency, issues);
  checkExternalId(input.externalId, issues);
  refuseIf(issues, 'Invalid crypto deposit');
  const payer =
    input.customer === undefined
      ? { customerId: input.customerId }
      : {
          customer: {
            name: input.customer.name,
            document: input.customer.document,
            ...(input.customer.email === undefined ? {} : { email: input.customer.email }),
            ...(input.customer.phone === undefined ? {} : { phone: input.customer.phone }),
          },
        };
  return {
    amount: amount as number,
    ...payer,
    currency: input.currency,
    cryptocurrency: input.cryptocurrency,
    ...withExternalId(input.externalId),
  };
}

/**
 * Builds the body of an off-ramp withdrawal, `POST /withdraw` with conversion to BRL (per the
 * provider's public docs): `amount` USDT, exact to six decimals, is taken from the balance and its
 * value in BRL is paid by Pix to `pixKey`. Checks the amount, the customer, and that `currency`,
 * `cryptocurrency` and `pixKey` are whole listed objects, before anything is sent.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path (a seventh decimal
 * of USDT among them).
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
 * const body = buildCryptoWithdrawal({ amount: '10', customerId, currency, cryptocurrency, pixKey });
 * const { _id, externalId } = await client.withdrawals.create(body);
 * ```
 */
export function buildCryptoWithdrawal(input: CryptoWithdrawalInput): CryptoWithdrawalRequest {
  const issues: Issues = [];
  const amount = checkUsdt(input.amount, issues);
  checkId(input.customerId, ['customerId'], issues);
  checkWhole(input.currency, 'currency', CURRENCY_REQUIRED_FIELDS, Currency, issues);
  checkCryptocurrency(input.cryptocurrency, issues);
  checkWhole(input.pixKey, 'pixKey', PIX_KEY_REQUIRED_FIELDS, PixKey, issues);
  checkExternalId(input.externalId, issues);
  refuseIf(issues, 'Invalid crypto withdrawal');
  return {
    amount: amount as number,
    customerId: input.customerId,
    currency: input.currency,
    cryptocurrency: input.cryptocurrency,
    pixKey: input.pixKey,
    ...withExternalId(input.externalId),
  };
}

/**
 * Builds the body of a withdrawal to an external wallet, `POST /withdraw` with a network and a
 * wallet (per the provider's public docs): `amount` USDT, gas included, sent on
 * `blockchainNetwork` to `wallet`. Checks the amount (six decimals at most), the customer, that
 * `cryptocurrency` and `blockchainNetwork` are whole listed objects, and the address for the
 * network with {@link validateWalletAddress} (the EIP-55 checksum on EVM networks), before
 * anything is sent. USDT sent to a wrong address or on another network is lost.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path.
 *
 * @example
 * ```ts
 * const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
 * const blockchainNetwork = (await client.withdrawals.listNetworks()).find((n) => n.name === 'BEP-20')!;
 * const body = buildWalletWithdrawal({
 *   amount: '10',
 *   customerId,
 *   cryptocurrency,
 *   blockchainNetwork,
 *   wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
 * });
 * await client.withdrawals.create(body);
 * ```
 */
export function buildWalletWithdrawal(input: WalletWithdrawalInput): WalletWithdrawalRequest {
  const issues: Issues = [];
  const amount = checkUsdt(input.amount, issues);
  checkId(input.customerId, ['customerId'], issues);
  checkCryptocurrency(input.cryptocurrency, issues);
  const networkIssues: Issues = [];
  checkWhole(
    input.blockchainNetwork,
    'blockchainNetwork',
    NETWORK_REQUIRED_FIELDS,
    BlockchainNetwork,
    networkIssues,
  );
  issues.push(...networkIssues);
  if (networkIssues.length === 0) {
    try {
      validateWalletAddress(input.wallet, input.blockchainNetwork);
    } catch (error) {
      if (error instanceof PaymentValidationError) issues.push(...error.issues);
      else throw error;
    }
  }
  checkExternalId(input.externalId, issues);
  refuseIf(issues, 'Invalid wallet withdrawal');
  return {
    amount: amount as number,
    customerId: input.customerId,
    cryptocurrency: input.cryptocurrency,
    blockchainNetwork: input.blockchainNetwork,
    wallet: input.wallet,
    ...withExternalId(input.externalId),
  };
}
