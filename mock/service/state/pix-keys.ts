import type { KnownPixKeyType } from 'pix-payment-sdk';
import type { MockPixKey } from '../../types/records.js';
import type { Stamps } from './stamps.js';

/**
 * Internal Pix key record; `key` is the normalised, unmasked value.
 *
 * @internal
 */
export interface PixKeyRecord {
  _id: string;
  customerId: string;
  key: string;
  type: KnownPixKeyType;
  createdDate: string;
}

/**
 * The Pix keys of one account, by id and by value. A value is registered once across customers
 * and accounts alike, as in the Banco Central directory: every account's area shares one
 * `directory` of the values registered.
 *
 * @internal
 */
export class PixKeysArea {
  readonly #stamps: Stamps;
  readonly #maskKeys: boolean;
  readonly #directory: Set<string>;
  #byId = new Map<string, PixKeyRecord>();
  #idByValue = new Map<string, string>();

  /**
   * With `maskKeys`, the service's answers show keys masked (`mock.pixKeys` never does);
   * `directory` holds the values registered in every account.
   */
  constructor(stamps: Stamps, maskKeys: boolean, directory: Set<string> = new Set()) {
    this.#stamps = stamps;
    this.#maskKeys = maskKeys;
    this.#directory = directory;
  }

  get(id: string): PixKeyRecord | undefined {
    return this.#byId.get(id);
  }

  /** Whether some customer of any account has registered `key` (normalised). */
  isRegistered(key: string): boolean {
    return this.#directory.has(key);
  }

  /** Every key (of one customer when `customerId` is given), oldest first. */
  all(customerId?: string): PixKeyRecord[] {
    const keys = [...this.#byId.values()];
    return customerId === undefined ? keys : keys.filter((key) => key.customerId === customerId);
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Registers a key; the caller has checked it and that it is not registered yet. */
  insert(customerId: string, type: KnownPixKeyType, key: string): PixKeyRecord {
    const record: PixKeyRecord = {
      _id: this.#stamps.newId(),
      customerId,
      key,
      type,
      createdDate: this.#stamps.nowIso(),
    };
    this.#byId.set(record._id, record);
    this.#idByValue.set(key, record._id);
    this.#directory.add(key);
    return record;
  }

  delete(id: string): void {
    const record = this.#byId.get(id);
    if (!record) return;
    this.#byId.delete(id);
    this.#idByValue.delete(record.key);
    this.#directory.delete(record.key);
  }

  /** The key as the service shows it: masked when the mock was created with `maskKeys`. */
  shown(record: PixKeyRecord): { key: string; type: string; _id: string } {
    return {
      key: this.#maskKeys ? maskKey(record) : record.key,
      type: record.type,
      _id: record._id,
    };
  }

  /** The key as `mock.pixKeys` shows it: unmasked, frozen. */
  view(record: PixKeyRecord): MockPixKey {
    return Object.freeze({ ...record });
  }

  /** No key registered. */
  reset(): void {
    for (const key of this.#idByValue.keys()) this.#directory.delete(key);
    this.#byId = new Map();
    this.#idByValue = new Map();
  }
}

/**
 * The masked form of a key (no rule is published; the provider's examples keep a prefix and
 * star the rest): PHONE keeps `+55` and the area code, every other type its first 3 characters.
 * The length is kept.
 *
 * @internal
 */
export function maskKey(record: { key: string; type: string }): string {
  const keep = record.type === 'PHONE' ? 5 : 3;
  return record.key.slice(0, keep) + '*'.repeat(Math.max(0, record.key.length - keep));
}
