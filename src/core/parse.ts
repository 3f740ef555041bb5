import type * as z from 'zod/mini';
import type { PaymentIssue } from '../errors/index.js';

type ZodIssue = z.core.$ZodIssue;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function expectedTypes(issue: ZodIssue): string[] {
  if (issue.code === 'invalid_type') return [issue.expected];
  if (issue.code === 'invalid_union') return issue.errors.flat().flatMap(expectedTypes);
  return [];
}

// zod/mini leaves every issue's message as "Invalid input"; say what was expected instead, from the
// issue's code and the value found at its path (its type only, never the value itself).
function messageOf(issue: ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union': {
      const expected = [...new Set(expectedTypes(issue))].join(' or ') || 'another shape';
      return value === undefined
        ? `is required (${expected})`
        : `expected ${expected}, received ${describe(value)}`;
    }
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      // A check of this package's own may carry a message; zod/mini's say only "Invalid input".
      return issue.message !== 'Invalid input' ? issue.message : `is invalid (${issue.code})`;
  }
}

/** Issues kept in an error: enough to see what is wrong, never millions. @internal */
export const MAX_ISSUES = 20;

// Values in an invalid answer small enough to list every issue of: each value can break a few
// fields at most, so the full check stays cheap. A larger invalid answer is reported from its
// first fault on, so an answer of a million bad elements costs the check of one.
const FULLY_CHECKED_VALUES = 2_000;

// zod stops a container at its first failing child under `abortEarly`, the flag its own
// `validate` sets; a valid value parses exactly as without it.
const STOP_AT_FIRST_FAULT = { abortEarly: true } as z.core.ParseContext<z.core.$ZodIssue>;

/** Whether `value` holds at most `limit` values (itself, array items, object properties). */
function holdsAtMost(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  let count = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (++count > limit) return false;
    if (typeof next === 'object' && next !== null) {
      // Stops as soon as the limit is passed, without listing the rest of a huge array.
      for (const key in next) {
        if (count + pending.length >= limit) return false;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/**
 * Parses `value` with a schema of the package; on failure, returns readable issues with the path of
 * each offending field: at most {@link MAX_ISSUES}, then one that says how many more there are
 * (or, for a large value, that the check stopped at its first fault).
 *
 * @internal
 */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; issues: PaymentIssue[] } {
  const quick = schema.safeParse(value, STOP_AT_FIRST_FAULT);
  if (quick.success) return { ok: true, value: quick.data };
  const small = holdsAtMost(value, FULLY_CHECKED_VALUES);
  const found = small ? (schema.safeParse(value).error?.issues ?? []) : quick.error.issues;
  const issues: PaymentIssue[] = found.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path,
    message: messageOf(issue, valueAt(value, issue.path)),
  }));
  if (found.length > MAX_ISSUES) {
    issues.push({ path: [], message: `and ${found.length - MAX_ISSUES} more issues` });
  } else if (!small) {
    issues.push({
      path: [],
      message: `and maybe more issues: a value of more than ${FULLY_CHECKED_VALUES} values is checked up to its first fault`,
    });
  }
  return { ok: false, issues };
}
