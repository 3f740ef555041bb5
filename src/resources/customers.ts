import { parseWith } from '../core/parse.js';
import { prepare, type RequestOptions } from '../core/transport.js';
import { PaymentValidationError } from '../errors/index.js';
import type { CustomerWalletList } from '../models/crypto.js';
import {
  CreateCustomerInput,
  type CreateCustomerResult,
  type Customer,
  UpdateCustomerInput,
} from '../models/customers.js';
import type { MessageResult } from '../models/shared.js';
import { operations as routes } from '../seam/operations.js';
import { documentIssue } from '../validation.js';
import { Resource } from './resource.js';
import { loadCryptoCalls } from './transactions.js';

/**
 * Customers of the company account: `client.customers` (per the provider's public docs; beyond the
 * service document).
 *
 * @example
 * ```ts
 * const { customer } = await client.customers.create({ name: 'Ana Souza', document: '12345678909' });
 * ```
 */
export class Customers extends Resource {
  /**
   * Creates a customer: `POST /customer`. A name or a document already on file answers 200 with
   * only the existing customer's `_id` (`Cliente já está cadastrado na base de dados`) instead of
   * creating another (per the provider's public docs); {@link isExistingCustomer} tells the two
   * answers apart. Checked first (unless `validateInput: false`): `name` and `document` must be
   * non-empty strings, the document a valid CPF or CNPJ (punctuation allowed). Not retried once
   * sent.
   *
   * @throws {@link PaymentValidationError} for missing fields or an invalid document, before
   * anything is sent.
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
    if (this.validate) checkCustomer(CreateCustomerInput, input);
    return this.transport.request(prepare(routes.customers.create, { body: input }), options);
  }

  /**
   * Updates a customer: `PUT /customer/{id}` (per the provider's public docs). The service needs
   * the whole record: `name` and `document` always (send the current ones to keep them), `email`
   * and `phone` when they change (the mock keeps those left out). Answers only
   * `Cliente alterado com sucesso`; read the customer again with {@link Customers.get}. Checked
   * first (unless `validateInput: false`): `name` and `document` must be non-empty strings, the
   * document a valid CPF or CNPJ (punctuation allowed). Retried on connection errors, timeouts,
   * 429 and 5xx: the same data sent twice leaves the customer as once did (its own name and
   * document are no conflict).
   *
   * @throws {@link PaymentValidationError} for missing fields or an invalid document, before
   * anything is sent.
   * @throws {@link NotFoundError} when the customer does not exist.
   * @throws {@link ConflictError} when the name or document belongs to another customer.
   *
   * @example
   * ```ts
   * await client.customers.update(customerId, { name: 'Ana Souza Lima', document: '12345678909', email: 'ana.lima@example.com' });
   * ```
   */
  async update(
    id: string,
    changes: UpdateCustomerInput,
    options?: RequestOptions,
  ): Promise<MessageResult> {
    if (this.validate) checkCustomer(UpdateCustomerInput, changes);
    return this.transport.request(prepare(routes.customers.update, { id, body: changes }), options);
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
    return this.transport.request(prepare(routes.customers.get, { id }), options);
  }

  /**
   * The customer's crypto wallet: `GET /crypto/customer/{id}/wallet` (per the provider's public
   * docs), an array holding one fixed EVM address (`publicKey`) and the networks it receives USDT
   * on. Give it to the customer for direct USDT deposits; each arrives as a crypto deposit
   * webhook. Only USDT, and only on the networks listed: other tokens, or USDT on another network,
   * are lost. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @throws {@link NotFoundError} when the customer does not exist.
   *
   * @example
   * ```ts
   * const [wallet] = await client.customers.getWallet(customerId);
   * console.log(wallet?.publicKey, wallet?.blockchainNetworks.join(', '));
   * ```
   */
  async getWallet(id: string, options?: RequestOptions): Promise<CustomerWalletList> {
    // Its answer's schema loads with the crypto rails' calls.
    const { prepareArea } = await loadCryptoCalls();
    return this.transport.request(prepareArea(routes.customers.getWallet, { id }), options);
  }
}

// `name` and `document` are required non-empty strings, the document a valid CPF or CNPJ; `email`
// and `phone` optional strings.
function checkCustomer(
  schema: typeof CreateCustomerInput | typeof UpdateCustomerInput,
  input: CreateCustomerInput,
): void {
  const parsed = parseWith(schema, input);
  const issues = parsed.ok ? [] : parsed.issues;
  for (const field of ['name', 'document'] as const) {
    if (typeof input?.[field] === 'string' && input[field].trim() === '') {
      issues.push({ path: [field], message: 'must not be empty' });
    }
  }
  const document = documentIssue(input?.document, ['document']);
  if (document) issues.push(document);
  if (issues.length > 0) throw new PaymentValidationError(issues, 'Invalid customer');
}
