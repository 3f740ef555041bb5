// What two answers look like, and how they compare: status, message texts and the chosen values
// by value; every other field by name, nesting and type (strings by format), never by value.

/** How the body of one answer was read. @internal */
export type ReadBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'text' | 'empty' | 'too large' };

/** One answer of one side, as the comparison needs it. @internal */
export interface ComparedAnswer {
  readonly status: number;
  readonly body: ReadBody;
}

/** Which paths of a body a scenario treats specially. @internal */
export interface ShapeRules {
  /** Paths compared by value besides every `message` field (for example `body.status`). */
  readonly values?: ReadonlyArray<string> | undefined;
  /** Paths the contract lets either side leave out; their absence on one side is no difference. */
  readonly optional?: ReadonlyArray<string> | undefined;
  /** Objects keyed by data (activity names, say): their keys collapse into `*`. */
  readonly maps?: ReadonlyArray<string> | undefined;
}

/** One compared aspect of a scenario's two answers. @internal */
export interface ShapeRow {
  readonly check: string;
  readonly service: string;
  readonly mock: string;
  readonly agree: boolean;
}

/** A part of the answers that could not be compared, and why. @internal */
export interface ShapeGap {
  readonly check: string;
  readonly reason: string;
}

/** Shown for a path one side does not have. @internal */
export const ABSENT = '(absent)';

const OBJECT_ID = /^[0-9a-f]{24}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

/**
 * The type of a value as the comparison shows it. Strings are refined by format, so an id that
 * stops being an ObjectId, or a date that stops being ISO 8601, is a difference.
 */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    if (OBJECT_ID.test(value)) return 'object id';
    if (DATE_TIME.test(value)) return 'date-time';
    if (JWT.test(value)) return 'jwt';
    return 'string';
  }
  return typeof value;
}

function segment(key: string): string {
  return /^[\w$]+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

interface Flat {
  /** Path → every description seen there (several when array elements disagree). */
  readonly paths: Map<string, Set<string>>;
  /** Paths of arrays that were empty. */
  readonly emptyArrays: Set<string>;
}

function flatten(body: ReadBody, rules: ShapeRules): Flat {
  const flat: Flat = { paths: new Map(), emptyArrays: new Set() };
  const values = new Set(rules.values ?? []);
  const maps = new Set(rules.maps ?? []);
  const add = (path: string, description: string) => {
    const seen = flat.paths.get(path) ?? new Set<string>();
    seen.add(description);
    flat.paths.set(path, seen);
  };
  const walk = (value: unknown, path: string, key: string | undefined): void => {
    const byValue = key === 'message' || values.has(path);
    add(path, byValue ? (JSON.stringify(value) ?? 'undefined') : typeOf(value));
    if (Array.isArray(value)) {
      if (value.length === 0) flat.emptyArrays.add(path);
      for (const item of value) walk(item, `${path}[]`, undefined);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) {
        walk(item, maps.has(path) ? `${path}.*` : `${path}${segment(name)}`, name);
      }
    }
  };
  if (body.kind === 'json') walk(body.value, 'body', undefined);
  else add('body', body.kind);
  return flat;
}

function show(seen: Set<string> | undefined): string {
  return seen === undefined ? ABSENT : [...seen].sort().join(' | ');
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/**
 * Compares two answers: a `status` row, then one row per path either body has, in the order the
 * mock's body has them (paths only the service has come last).
 *
 * @internal
 */
export function compareAnswers(
  service: ComparedAnswer,
  mock: ComparedAnswer,
  rules: ShapeRules,
): { rows: ShapeRow[]; gaps: ShapeGap[] } {
  const rows: ShapeRow[] = [
    {
      check: 'status',
      service: String(service.status),
      mock: String(mock.status),
      agree: service.status === mock.status,
    },
  ];
  const gaps: ShapeGap[] = [];
  const left = flatten(service.body, rules);
  const right = flatten(mock.body, rules);
  // An array empty on one side only: its elements cannot be compared, which is said once.
  const unseen = new Map<string, string>();
  for (const [flat, other, side] of [
    [left, right, 'service'],
    [right, left, 'mock'],
  ] as const) {
    for (const path of flat.emptyArrays) {
      if (other.paths.get(path)?.has('array') && !other.emptyArrays.has(path)) {
        unseen.set(
          `${path}[]`,
          `the list is empty on the ${side}, so its elements were not compared`,
        );
      }
    }
  }
  for (const [check, reason] of unseen) gaps.push({ check, reason });

  const optional = rules.optional ?? [];
  const all = [...new Set([...right.paths.keys(), ...left.paths.keys()])];
  for (const path of all) {
    if ([...unseen.keys()].some((prefix) => within(path, prefix))) continue;
    const serviceSeen = left.paths.get(path);
    const mockSeen = right.paths.get(path);
    if (serviceSeen === undefined || mockSeen === undefined) {
      const flat = serviceSeen === undefined ? left : right;
      const root = optional.find((prefix) => within(path, prefix) && !flat.paths.has(prefix));
      // Inside an optional subtree one side left out, only the subtree's root gets a row.
      if (root !== undefined && root !== path) continue;
      rows.push({
        check: path,
        service: show(serviceSeen),
        mock: show(mockSeen),
        agree: root !== undefined,
      });
      continue;
    }
    const service = show(serviceSeen);
    const mock = show(mockSeen);
    rows.push({ check: path, service, mock, agree: service === mock });
  }
  return { rows, gaps };
}
