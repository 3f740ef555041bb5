import { generateCpf } from '../ids.js';
import type { MockCustomer } from '../types.js';
import type { Stamps } from './stamps.js';

/**
 * Internal customer record.
 *
 * @internal
 */
export interface CustomerRecord {
  _id: string;
  name: string;
  document: string;
  email: string | undefined;
  phone: string | undefined;
  version: number;
  createdDate: string;
  updatedDate: string;
}

/**
 * Checked input of a new customer; the area adds the id and times.
 *
 * @internal
 */
export interface CustomerInput {
  name: string;
  document: string;
  email: string | undefined;
  phone: string | undefined;
}

/**
 * The customers, by id and by document (documents are unique).
 *
 * @internal
 */
export class CustomersArea {
  readonly #stamps: Stamps;
  #byId = new Map<string, CustomerRecord>();
  #idByDocument = new Map<string, string>();

  constructor(stamps: Stamps) {
    this.#stamps = stamps;
  }

  get(id: string): CustomerRecord | undefined {
    return this.#byId.get(id);
  }

  /** The customer holding `document`, or `undefined`. */
  withDocument(document: string): CustomerRecord | undefined {
    const id = this.#idByDocument.get(document);
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** Every customer, oldest first. */
  all(): CustomerRecord[] {
    return [...this.#byId.values()];
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Creates a customer; the caller has checked the input and that the document is new. */
  insert(input: CustomerInput): CustomerRecord {
    const now = this.#stamps.nowIso();
    const record: CustomerRecord = {
      _id: this.#stamps.newId(),
      name: input.name,
      document: input.document,
      email: input.email,
      phone: input.phone,
      version: 0,
      createdDate: now,
      updatedDate: now,
    };
    this.#store(record);
    return record;
  }

  /** A valid CPF no customer holds. */
  freeCpf(): string {
    for (;;) {
      const cpf = generateCpf(this.#stamps.random());
      if (!this.#idByDocument.has(cpf)) return cpf;
    }
  }

  /** The customer as `mock.customers` shows it (frozen, absent fields left out). */
  view(record: CustomerRecord): MockCustomer {
    return Object.freeze({
      _id: record._id,
      name: record.name,
      document: record.document,
      ...(record.email !== undefined ? { email: record.email } : {}),
      ...(record.phone !== undefined ? { phone: record.phone } : {}),
      version: record.version,
      createdDate: record.createdDate,
      updatedDate: record.updatedDate,
    });
  }

  /** Back to `seeded` alone (a copy, so changes never reach the baseline). */
  reset(seeded: CustomerRecord): void {
    this.#byId = new Map();
    this.#idByDocument = new Map();
    this.#store({ ...seeded });
  }

  #store(record: CustomerRecord): void {
    this.#byId.set(record._id, record);
    this.#idByDocument.set(record.document, record._id);
  }
}
