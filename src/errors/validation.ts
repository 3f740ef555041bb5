// Input refused before anything was sent: PaymentValidationError and WithdrawalLimitError.
import { escapeControls } from '../seam/redact.js';
import { hasName, PaymentError } from './base.js';

/** Where an issue was found: a path into the input or the response body, and what is wrong. */
export interface PaymentIssue {
  /** Keys and indexes from the root of the checked value to the offending field. */
  readonly path: ReadonlyArray<PropertyKey>;
  /** What is wrong, in English. */
  readonly message: string;
}

// An error message stays short whatever it reports: a path of at most a few segments shown,
// and the whole list cut at a few KiB, saying how many issues were left out.
const MAX_DESCRIBED_CHARS = 3_000;
const MAX_PATH_SHOWN = 8;

function describePath(path: ReadonlyArray<PropertyKey>): string {
  const shown = path.length > MAX_PATH_SHOWN ? [...path.slice(0, MAX_PATH_SHOWN), '…'] : path;
  // A key may come from a service's answer (a map's keys): shown escaped, as its other text.
  return shown.map((segment) => escapeControls(String(segment).slice(0, 64))).join('.');
}

/** The issues as one line of bounded length, for a message. @internal */
export function describeIssues(issues: ReadonlyArray<PaymentIssue>): string {
  let text = '';
  for (const [index, issue] of issues.entries()) {
    const line =
      (issue.path.length > 0 ? `${describePath(issue.path)}: ` : '') +
      String(issue.message).slice(0, 200);
    if (text.length + line.length > MAX_DESCRIBED_CHARS) {
      return `${text}; and ${issues.length - index} more issues`;
    }
    text += index === 0 ? line : `; ${line}`;
  }
  return text;
}

/**
 * Input rejected before any request was sent: an amount, a Pix key, an incomplete currency or key
 * object. `issues` lists every problem with its path.
 *
 * @example
 * ```ts
 * try {
 *   buildWithdrawal({ amount: '10.505', customerId, currency, pixKey });
 * } catch (error) {
 *   if (error instanceof PaymentValidationError) console.log(error.issues);
 * }
 * ```
 */
export class PaymentValidationError extends PaymentError {
  /** Always `'PaymentValidationError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentValidationError';
  /** Every problem found, each with its path and message. */
  declare readonly issues: ReadonlyArray<PaymentIssue>;

  constructor(issues: ReadonlyArray<PaymentIssue>, context = 'Invalid input') {
    super(`${context}: ${describeIssues(issues)}`);
    this.issues = issues;
  }
}

/** What {@link WithdrawalLimitError} is built from. */
export interface WithdrawalLimitErrorInit {
  /** The currency the amount is in, as the limit names it (`'BRL'`, `'USDT'`). */
  readonly currency: string;
  /** The limit in force, as an exact decimal string (`'5000.00'`). */
  readonly limit: string;
  /** The amount of the withdrawal, as an exact decimal string (`'10500'`). */
  readonly amount: string;
}

/**
 * A withdrawal above `maxWithdrawal` (the client's option, or the call's): refused before any
 * request, so nothing was sent (`outcome: 'not-sent'`). A {@link PaymentValidationError}; `currency`,
 * `limit` and `amount` say which limit and which amount, as exact decimal strings, and so does the
 * message. Amounts in BRL are in reais, not cents: `1050` is R$ 1,050.00.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(body);
 * } catch (error) {
 *   if (isWithdrawalLimitError(error)) alertOps(`${error.amount} ${error.currency} > ${error.limit}`);
 *   throw error;
 * }
 * ```
 */
export class WithdrawalLimitError extends PaymentValidationError {
  /** Always `'WithdrawalLimitError'`, also across realms where `instanceof` fails. */
  override name = 'WithdrawalLimitError';
  /** The currency the amount is in (`'BRL'`, `'USDT'`). */
  declare readonly currency: string;
  /** The limit in force, an exact decimal string. */
  declare readonly limit: string;
  /** The withdrawal's amount, an exact decimal string. */
  declare readonly amount: string;

  constructor(init: WithdrawalLimitErrorInit) {
    const unit = init.currency === 'BRL' ? ' (reais, not cents)' : '';
    super(
      [
        {
          path: ['amount'],
          message: `${init.amount} ${init.currency} is above maxWithdrawal.${init.currency}, ${init.limit} ${init.currency}${unit}`,
        },
      ],
      'Withdrawal refused, nothing sent',
    );
    this.currency = init.currency;
    this.limit = init.limit;
    this.amount = init.amount;
  }
}

/**
 * Whether `value` is a {@link PaymentValidationError}.
 *
 * @example
 * ```ts
 * if (isPaymentValidationError(error)) console.log(error.issues);
 * ```
 */
export function isPaymentValidationError(value: unknown): value is PaymentValidationError {
  return hasName(value, ['PaymentValidationError', 'WithdrawalLimitError']);
}

/**
 * Whether `value` is a {@link WithdrawalLimitError}: a withdrawal above `maxWithdrawal`, not sent.
 *
 * @example
 * ```ts
 * if (isWithdrawalLimitError(error)) console.log(error.currency, error.limit, error.amount);
 * ```
 */
export function isWithdrawalLimitError(value: unknown): value is WithdrawalLimitError {
  return hasName(value, ['WithdrawalLimitError']);
}
