import type { MockCustomer } from '../../types/records.js';
import { generateCpf } from '../ids.js';
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
 * The customers, by id, by document and by name. Documents and names are unique: per the provider's
 * public docs a customer with the same name or document is the existing one (`POST /customer`) or
 * a conflict (`PUT /customer/{id}`, `POST /deposit` with a `customer`).
 *
 * @internal
 */
export class CustomersArea {
  readonly #stamps: Stamps;
  #byId = new Map<string, CustomerRecord>();
  #idByDocument = new Map<string, string>();
  #idByName = new Map<string, string>();

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

  /** The customer named `name` (compared exactly, after trimming), or `undefined`. */
  withName(name: string): CustomerRecord | undefined {
    const id = this.#idByName.get(name.trim());
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /**
   * The first customer other than `except` that holds the input's document or name, or
   * `undefined`; the document is looked up first.
   */
  holderOf(
    input: Pick<CustomerInput, 'name' | 'document'>,
    except?: string,
  ): CustomerRecord | undefined {
    for (const holder of [this.withDocument(input.document), this.withName(input.name)]) {
      if (holder !== undefined && holder._id !== except) return holder;
    }
    return undefined;
  }

  /** Every customer, oldest first. */
  all(): CustomerRecord[] {
    return [...this.#byId.values()];
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Creates a customer; the caller has checked the input and that its name and document are new. */
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

  /**
   * Replaces a customer's name and document, and its e-mail and phone where given (left out, they
   * stay); counts a new version. The caller has checked the input and that no other customer holds
   * the name or document.
   */
  update(record: CustomerRecord, input: CustomerInput): CustomerRecord {
    this.#unindex(record);
    record.name = input.name;
    record.document = input.document;
    if (input.email !== undefined) record.email = input.email;
    if (input.phone !== undefined) record.phone = input.phone;
    record.version += 1;
    record.updatedDate = this.#stamps.nowIso();
    this.#store(record);
    return record;
  }

  /** A name no customer holds: `Cliente <n>`, from the count of customers up. */
  freeName(): string {
    for (let n = this.#byId.size + 1; ; n++) {
      const name = `Cliente ${n}`;
      if (!this.#idByName.has(name)) return name;
    }
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

  /** Back to `seeded` alone (a copy, so changes never reach the baseline), or to no customer. */
  reset(seeded?: CustomerRecord): void {
    this.#byId = new Map();
    this.#idByDocument = new Map();
    this.#idByName = new Map();
    if (seeded !== undefined) this.#store({ ...seeded });
  }

  #store(record: CustomerRecord): void {
    this.#byId.set(record._id, record);
    this.#idByDocument.set(record.document, record._id);
    this.#idByName.set(record.name, record._id);
  }

  #unindex(record: CustomerRecord): void {
    this.#idByDocument.delete(record.document);
    this.#idByName.delete(record.name);
  }
}
