import { parseWith } from '../core/parse.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import { PaymentValidationError } from '../errors.js';
import {
  CreateCustomerInput,
  type CreateCustomerResult,
  type Customer,
} from '../models/customers.js';
import { operations } from '../operations.js';

/**
 * Customers of the company account: `client.customers` (per the provider's public docs; beyond the
 * service document).
 *
 * @example
 * ```ts
 * const { customer } = await client.customers.create({ name: 'Ana Souza', document: '12345678909' });
 * ```
 */
export class Customers {
  readonly #transport: Transport;
  readonly #validate: boolean;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean) {
    this.#transport = transport;
    this.#validate = validateInput;
  }

  /**
   * Creates a customer: `POST /customer`. A document already on file answers 200 with the existing
   * customer's `_id` (`Cliente já está cadastrado na base de dados`) instead of creating another.
   * Checked first (unless `validateInput: false`): `name` and `document` must be non-empty
   * strings. Not retried once sent.
   *
   * @throws {@link PaymentValidationError} for missing fields, before anything is sent.
   *
   * @example
   * ```ts
   * const { customer } = await client.customers.create({ name: 'Ana Souza', document: '12345678909', email: 'ana@example.com' });
   * ```
   */
  async create(
    input: CreateCustomerInput,
    options?: RequestOptions,
  ): Promise<CreateCustomerResult> {
    if (this.#validate) {
      const parsed = parseWith(CreateCustomerInput, input);
      const issues = parsed.ok ? [] : parsed.issues;
      for (const field of ['name', 'document'] as const) {
        if (typeof input?.[field] === 'string' && input[field].trim() === '') {
          issues.push({ path: [field], message: 'must not be empty' });
        }
      }
      if (issues.length > 0) throw new PaymentValidationError(issues, 'Invalid customer');
    }
    return this.#transport.request(prepare(operations.customers.create, { body: input }), options);
  }

  /**
   * A customer by `_id`: `GET /customer/{id}`. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @throws {@link NotFoundError} when the customer does not exist.
   *
   * @example
   * ```ts
   * const customer = await client.customers.get(customerId);
   * ```
   */
  async get(id: string, options?: RequestOptions): Promise<Customer> {
    return this.#transport.request(prepare(operations.customers.get, { id }), options);
  }
}
