import type * as z from 'zod/mini';
import type { PaymentIssue } from '../errors.js';

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

/**
 * Parses `value` with a schema of the package; on failure, returns readable issues with the path of
 * each offending field.
 *
 * @internal
 */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; issues: PaymentIssue[] } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path,
      message: messageOf(issue, valueAt(value, issue.path)),
    })),
  };
}
