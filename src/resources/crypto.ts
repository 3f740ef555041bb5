// What the crypto rails' calls need beyond the Pix calls, loaded at the first of them (see
// `loadCryptoCalls`): the checks of their bodies and the schemas of their answers. The quote
// inputs' types are public, the rest is internal.
import type * as z from 'zod/mini';
import { parseWith } from '../core/parse.js';
import { type PaymentIssue, PaymentValidationError } from '../errors/index.js';
import { BlockchainNetwork, Cryptocurrency } from '../models/company.js';
import type {
  DepositQuoteRequest,
  WalletQuoteRequest,
  WithdrawalQuoteRequest,
} from '../models/crypto.js';
import { Currency } from '../models/currencies.js';
import { type AmountInput, normalizeAmount } from '../money.js';
import { normalizeUsdt, type UsdtAmountInput } from '../usdt.js';

export { prepareArea } from '../core/area-answers.js';

/**
 * What `client.deposits.quote` takes: an amount of BRL and the whole deposit currency.
 *
 * @example
 * ```ts
 * const input: DepositQuoteInput = { amount: '100.00', currency };
 * ```
 */
export interface DepositQuoteInput {
  /** BRL: see {@link AmountInput}. */
  readonly amount: AmountInput;
  /** A whole currency from `client.deposits.listCurrencies()`. */
  readonly currency: Currency;
}

/**
 * What `client.withdrawals.quote` takes: an amount of USDT and the whole withdrawal
 * cryptocurrency.
 *
 * @example
 * ```ts
 * const input: WithdrawalQuoteInput = { amount: '10', cryptocurrency };
 * ```
 */
export interface WithdrawalQuoteInput {
  /** USDT, exact to six decimals: see {@link UsdtAmountInput}. */
  readonly amount: UsdtAmountInput;
  /** A whole cryptocurrency from `client.withdrawals.listCryptocurrencies()`. */
  readonly cryptocurrency: Cryptocurrency;
}

/**
 * What `client.withdrawals.quoteToWallet` takes: a gross amount of USDT, the whole withdrawal
 * cryptocurrency and the whole network.
 *
 * @example
 * ```ts
 * const input: WalletQuoteInput = { amount: '10', cryptocurrency, blockchainNetwork };
 * ```
 */
export interface WalletQuoteInput extends WithdrawalQuoteInput {
  /** A whole network from `client.withdrawals.listNetworks()`. */
  readonly blockchainNetwork: BlockchainNetwork;
}

// The amount as the decimal number to send (BRL or USDT) and each listed object checked, or a
// `PaymentValidationError` with every problem; objects are checked only when `validate`.
function checkedBody(
  validate: boolean,
  amount: () => number,
  objects: ReadonlyArray<readonly [string, z.ZodMiniType, unknown]>,
  context: string,
): Record<string, unknown> {
  const issues: PaymentIssue[] = [];
  let sent = 0;
  try {
    sent = amount();
  } catch (error) {
    if (!(error instanceof PaymentValidationError)) throw error;
    issues.push(...error.issues);
  }
  const body: Record<string, unknown> = { amount: sent };
  for (const [name, schema, value] of objects) {
    body[name] = value;
    if (!validate) continue;
    const parsed = parseWith(schema, value);
    if (!parsed.ok) {
      for (const issue of parsed.issues) issues.push({ ...issue, path: [name, ...issue.path] });
    }
  }
  if (issues.length > 0) throw new PaymentValidationError(issues, context);
  return body;
}

/**
 * The body of a crypto `POST /withdraw` (off-ramp or wallet) with its `externalId`: the USDT amount
 * checked (six decimals at most) when `validate`; the objects and the wallet address are the
 * crypto builders' to check, so that a Pix-only application does not carry them.
 *
 * @internal
 */
export function cryptoWithdrawalBody<T extends { readonly amount: number }>(
  validate: boolean,
  request: T,
  externalId: string,
): T & { externalId: string } {
  const amount = validate ? normalizeUsdt(request.amount) : request.amount;
  return { ...request, amount, externalId };
}

/** @internal The body of `POST /deposit/conversion/tether`. */
export function depositQuoteBody(validate: boolean, input: DepositQuoteInput): DepositQuoteRequest {
  return checkedBody(
    validate,
    () => normalizeAmount(input?.amount),
    [['currency', Currency, input?.currency]],
    'Invalid deposit quote',
  ) as unknown as DepositQuoteRequest;
}

/** @internal The body of `POST /withdraw/conversion/brl/pix`. */
export function withdrawalQuoteBody(
  validate: boolean,
  input: WithdrawalQuoteInput,
): WithdrawalQuoteRequest {
  return checkedBody(
    validate,
    () => normalizeUsdt(input?.amount),
    [['cryptocurrency', Cryptocurrency, input?.cryptocurrency]],
    'Invalid withdrawal quote',
  ) as unknown as WithdrawalQuoteRequest;
}

/** @internal The body of `POST /withdraw/transaction/crypto/amount`. */
export function walletQuoteBody(validate: boolean, input: WalletQuoteInput): WalletQuoteRequest {
  return checkedBody(
    validate,
    () => normalizeUsdt(input?.amount),
    [
      ['cryptocurrency', Cryptocurrency, input?.cryptocurrency],
      ['blockchainNetwork', BlockchainNetwork, input?.blockchainNetwork],
    ],
    'Invalid wallet quote',
  ) as unknown as WalletQuoteRequest;
}
