import { type PaymentIssue, PaymentValidationError } from '../errors/index.js';
import { MAX_TIMER_MS } from '../seam/limits.js';

export { MAX_TIMER_MS } from '../seam/limits.js';
export { isRecord } from '../seam/records.js';

/** @internal */
export interface NumberRule {
  readonly min: number;
  readonly max: number;
  readonly integer?: boolean;
}

/** @internal */
export function checkNumber(
  issues: PaymentIssue[],
  name: string,
  value: unknown,
  rule: NumberRule,
): void {
  if (value === undefined) return;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= rule.min &&
    value <= rule.max &&
    (!rule.integer || Number.isInteger(value));
  if (!ok) {
    issues.push({
      path: [name],
      message: `must be ${rule.integer ? 'an integer' : 'a number'} from ${rule.min} to ${rule.max}`,
    });
  }
}

/**
 * What a check says of a Promise given where its value belongs: the commonest slip of a first day
 * (`selectCurrency(client.withdrawals.listCurrencies(), 'BRL')`, without `await`).
 *
 * @internal
 */
export const FORGOT_AWAIT = 'is a Promise: did you forget await?';

/** Whether `value` is a Promise or another thenable. @internal */
export function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Throws a {@link PaymentValidationError} unless `value` is an array: a Promise is named as a
 * missing `await`, anything else as `what` it must be.
 *
 * @internal
 */
export function assertArray(value: unknown, name: string, what: string, context: string): void {
  if (Array.isArray(value)) return;
  const message = isThenable(value) ? FORGOT_AWAIT : `must be ${what}`;
  throw new PaymentValidationError([{ path: [name], message }], context);
}

/** @internal */
export function throwIfIssues(issues: ReadonlyArray<PaymentIssue>, context: string): void {
  if (issues.length > 0) throw new PaymentValidationError(issues, context);
}

/** @internal */
export const TIMEOUT_RULE: NumberRule = { min: 1, max: MAX_TIMER_MS, integer: true };
/** @internal */
export const RETRIES_RULE: NumberRule = { min: 0, max: 10, integer: true };
/** @internal */
export const RESPONSE_BYTES_RULE: NumberRule = {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
};
/** @internal */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * Refuses the options an object holds that are not in `known`, each with a known name that holds
 * it or that it holds, case aside (`timeout` → `timeoutMs`, `baseURL` → `baseUrl`), else the
 * list of them: a misspelled option would otherwise be ignored without a word.
 *
 * @internal
 */
export function checkKnownOptions(
  issues: PaymentIssue[],
  options: object | undefined,
  known: ReadonlyArray<string>,
  at: ReadonlyArray<string> = [],
): void {
  for (const name in options) {
    if (known.includes(name)) continue;
    const wrong = name.toLowerCase();
    const near = known.find((right) => {
      const plain = right.toLowerCase();
      return plain.includes(wrong) || wrong.includes(plain);
    });
    issues.push({
      path: [...at, name],
      message: `is not an option: ${near ? `did you mean ${near}?` : `use ${known.join(', ')}`}`,
    });
  }
}
