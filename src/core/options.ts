import { type PaymentIssue, PaymentValidationError } from '../errors.js';

// setTimeout's limit: a larger delay fires at once.
export const MAX_TIMER_MS = 2_147_483_647;

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
