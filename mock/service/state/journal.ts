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
