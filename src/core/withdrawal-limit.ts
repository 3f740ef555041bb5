import { type PaymentIssue, WithdrawalLimitError } from '../errors/index.js';
import { compareDecimals, decimalText } from '../money.js';
import { checkKnownOptions, isRecord, throwIfIssues } from './options.js';

/**
 * The largest withdrawal allowed, per currency: `BRL` in reais (not cents) for a Pix payout,
 * `USDT` for a crypto withdrawal (to a Pix key through conversion, or to a wallet), whose amount
 * is in USDT. Each an exact decimal string (`'5000.00'`) or a number (`5000`); a currency left out
 * has no limit. The client's `maxWithdrawal` option, and a per-call option of
 * `withdrawals.create` that replaces it currency by currency.
 *
 * @example
 * ```ts
 * const limits: WithdrawalLimits = { BRL: '5000.00', USDT: '1000' };
 * ```
 */
export interface WithdrawalLimits {
  /** The largest Pix payout, in reais, not cents: `'5000.00'` is R$ 5,000.00. */
  readonly BRL?: string | number | undefined;
  /** The largest crypto withdrawal, in USDT: `'1000'` is 1,000 USDT. */
  readonly USDT?: string | number | undefined;
}

/** Limits as exact decimal strings, by currency. @internal */
export type ResolvedLimits = Readonly<Record<string, string>>;

const CURRENCIES = ['BRL', 'USDT'] as const;

/**
 * Checks `maxWithdrawal` (each limit a plain decimal string or a finite number, zero or more; no
 * other currency) into `issues`, and returns the limits as exact decimal strings.
 *
 * @internal
 */
export function readLimits(
  value: unknown,
  issues: PaymentIssue[],
  base: ResolvedLimits = {},
): ResolvedLimits {
  if (value === undefined) return base;
  if (!isRecord(value)) {
    issues.push({
      path: ['maxWithdrawal'],
      message: "must be an object such as { BRL: '5000.00' }",
    });
    return base;
  }
  checkKnownOptions(issues, value, CURRENCIES, ['maxWithdrawal']);
  const limits: Record<string, string> = { ...base };
  for (const currency of CURRENCIES) {
    const limit = value[currency];
    if (limit === undefined) continue;
    const text = decimalText(limit);
    if (text === undefined) {
      issues.push({
        path: ['maxWithdrawal', currency],
        message: `must be a decimal string such as '5000.00' or a finite number, zero or more${currency === 'BRL' ? ' (reais, not cents)' : ''}`,
      });
    } else {
      limits[currency] = text;
    }
  }
  return limits;
}

// The currency a withdrawal body's amount is in: a crypto withdrawal (a `cryptocurrency` object,
// to a Pix key or a wallet) moves that cryptocurrency; a Pix payout its `currency`.
function currencyOf(body: Record<string, unknown>): string | undefined {
  const holder = isRecord(body.cryptocurrency) ? body.cryptocurrency : body.currency;
  const name = isRecord(holder) ? holder.name : undefined;
  return typeof name === 'string' ? name.trim().toUpperCase() : undefined;
}

/**
 * Refuses a withdrawal body whose amount is above the limit of its currency, comparing exact
 * decimals (the amount as the JSON sent will write it): a {@link WithdrawalLimitError}. A body
 * whose currency or amount cannot be read while a limit is set is refused too: what cannot be
 * compared is not sent.
 *
 * @internal
 */
export function checkWithdrawalLimit(body: unknown, limits: ResolvedLimits): void {
  if (Object.keys(limits).length === 0) return;
  const record = isRecord(body) ? body : {};
  const currency = currencyOf(record);
  if (currency === undefined) {
    throwIfIssues(
      [
        {
          path: ['currency'],
          message: 'must be a currency object with a name, to check maxWithdrawal',
        },
      ],
      'Invalid withdrawal',
    );
    return;
  }
  const limit = Object.hasOwn(limits, currency) ? limits[currency] : undefined;
  if (limit === undefined) return;
  const amount = decimalText(record.amount);
  if (amount === undefined) {
    throwIfIssues(
      [{ path: ['amount'], message: 'must be a decimal amount, to check maxWithdrawal' }],
      'Invalid withdrawal',
    );
    return;
  }
  if (compareDecimals(amount, limit) > 0)
    throw new WithdrawalLimitError({ currency, limit, amount });
}
