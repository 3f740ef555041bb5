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

// Edit distance, for "did you mean": names of a few letters, so the plain table is cheap.
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * Refuses the options an object holds that are not in `known`, each with the closest known name
 * (`timeout` → `timeoutMs`): a misspelled option would otherwise be ignored without a word.
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
    const plain = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
    const wrong = plain(name);
    let best = '';
    let score = 4;
    for (const candidate of known) {
      const right = plain(candidate);
      const next =
        wrong.length > 2 && (right.includes(wrong) || wrong.includes(right))
          ? 1
          : distance(wrong, right);
      if (next < score) [best, score] = [candidate, next];
    }
    issues.push({
      path: [...at, name],
      message: `is not an option${best ? `: did you mean ${best}?` : ''} (known: ${known.join(', ')})`,
    });
  }
}
