import { type PaymentIssue, PaymentValidationError } from '../errors.js';
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
