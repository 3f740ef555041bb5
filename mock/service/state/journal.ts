import type { JournalEntry } from '../../types/records.js';

/**
 * The journal of the requests the router handled: a ring of at most `limit` entries, the oldest
 * dropped first, and the sequence of request ids.
 *
 * @internal
 */
export class JournalArea {
  readonly #limit: number;
  #entries: JournalEntry[] = [];
  /** Where the oldest entry is, once the ring is full. */
  #start = 0;
  #nextId = 1;

  constructor(limitOption: number | undefined) {
    const limit = limitOption ?? 10_000;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new TypeError('journalLimit must be a positive integer');
    }
    this.#limit = limit;
  }

  /** The id of the next request (1, 2, …; back to 1 on reset()). */
  nextRequestId(): number {
    return this.#nextId++;
  }

  /** Adds a request, in place of the oldest entry when the journal is full. */
  add(entry: JournalEntry): void {
    if (this.#entries.length < this.#limit) {
      this.#entries.push(entry);
    } else {
      this.#entries[this.#start] = entry;
      this.#start = (this.#start + 1) % this.#limit;
    }
  }

  /** The entries, oldest first (a new array). */
  get entries(): JournalEntry[] {
    const start = this.#start;
    return [...this.#entries.slice(start), ...this.#entries.slice(0, start)];
  }

  /** How many entries the journal holds. */
  get size(): number {
    return this.#entries.length;
  }

  /** Empties the journal and starts the request ids again at 1. */
  reset(): void {
    this.#entries = [];
    this.#start = 0;
    this.#nextId = 1;
  }
}

/**
 * How much of a request body the journal keeps: the copy of a body serialises to at most this
 * many characters of JSON.
 *
 * @internal
 */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

interface Budget {
  left: number;
  truncated: boolean;
}

/**
 * Whether JSON.stringify writes the string as more than its characters in quotes: a quote, a
 * backslash, a control character or a surrogate (a lone one becomes `\uXXXX`) inside.
 */
function escapedInJson(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) {
      return true;
    }
  }
  return false;
}

/**
 * A string of at most `budget.left` characters of JSON, as a fresh string: a `slice` would keep
 * the whole original alive behind it (V8 shares the characters), and that is what let large
 * bodies pile up in the journal. A string cut short marks the copy truncated.
 */
function keptString(value: string, budget: Budget): string | undefined {
  // The common case, a short plain string: its JSON is the string in quotes, and it is kept as it
  // is (it is the parsed body's own string, not a slice of a larger one).
  if (value.length + 2 <= budget.left && !escapedInJson(value)) {
    budget.left -= value.length + 2;
    return value;
  }
  // A string longer than the budget is never serialised whole (it may be a megabyte).
  let piece =
    value.length + 2 <= budget.left ? value : value.slice(0, Math.max(0, budget.left - 2));
  let text = JSON.stringify(piece);
  // Escapes (`\n`, `\u0000`) make the JSON longer than the string: cut until it fits.
  while (text.length > budget.left && piece.length > 0) {
    piece = piece.slice(0, Math.max(0, piece.length - (text.length - budget.left)));
    text = JSON.stringify(piece);
  }
  if (text.length > budget.left) return undefined;
  if (piece.length < value.length) budget.truncated = true;
  budget.left -= text.length;
  return JSON.parse(text) as string;
}

function copyWithin(value: unknown, depth: number, budget: Budget): unknown {
  if (typeof value === 'string') return keptString(value, budget);
  if (typeof value !== 'object' || value === null) {
    const size = String(value).length;
    if (size > budget.left) {
      budget.truncated = true;
      return undefined;
    }
    budget.left -= size;
    return value;
  }
  if (depth >= 2) return keptString(Array.isArray(value) ? '[array]' : '[object]', budget);
  if (budget.left < 2) {
    budget.truncated = true;
    return undefined;
  }
  budget.left -= 2;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const copy = budget.left > 0 ? copyWithin(item, depth + 1, budget) : undefined;
      if (copy === undefined) {
        budget.truncated = true;
        break;
      }
      out.push(copy);
      budget.left -= 1;
    }
    return out;
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    // A key that does not fit whole is left out with its value (`:` and `,` cost one each).
    const name = keptString(key, budget);
    budget.left -= 1;
    const item = key === 'password' ? '[redacted]' : (value as Record<string, unknown>)[key];
    const copy = name === key && budget.left > 0 ? copyWithin(item, depth + 1, budget) : undefined;
    if (copy === undefined) {
      budget.truncated = true;
      break;
    }
    Object.defineProperty(out, key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    budget.left -= 1;
  }
  return out;
}

/**
 * What the journal keeps of a parsed JSON body: a prototype-free copy whose values deeper than
 * two levels are summarised, whose `password` is redacted, and which serialises to at most
 * {@link JOURNAL_BODY_LIMIT} characters; with `truncated: true` when anything had to be cut to
 * fit (strings cut short, later keys and items left out).
 *
 * @internal
 */
export function journalBody(value: unknown): { body: unknown; truncated?: true } {
  const budget: Budget = { left: JOURNAL_BODY_LIMIT, truncated: false };
  const body = copyWithin(value, 0, budget);
  return budget.truncated ? { body, truncated: true } : { body };
}
