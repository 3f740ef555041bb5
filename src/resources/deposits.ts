import { buildDeposit } from '../builders.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import type { CurrencyList } from '../models/currencies.js';
import type { CreatedDeposit, DepositRequest } from '../models/deposits.js';
import type { MessageResult } from '../models/shared.js';
import type { TransactionDetails } from '../models/transactions.js';
import { routes } from '../seam/routes.js';
import { TransactionCalls } from './transactions.js';

/**
 * Deposits (Pix charges a payer pays): `client.deposits`.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
 * const { data, externalId } = await client.deposits.create(buildDeposit({ amount: '25.00', customerId, currency }));
 * console.log(data.code, externalId); // the Pix copy-and-paste code, the reference to store
 * ```
 */
export class Deposits {
  readonly #shared: TransactionCalls;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean) {
    this.#shared = new TransactionCalls(transport, validateInput, 'deposit');
  }

  /**
   * Currencies the company may receive deposits in: `GET /deposit/company/currencies`. Never use a
   * withdrawal currency for a deposit. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const brl = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
   * ```
   */
  async listCurrencies(options?: RequestOptions): Promise<CurrencyList> {
    return this.#shared.listCurrencies(options);
  }

  /**
   * Creates a deposit: `POST /deposit` (per the provider's public docs), for a customer on file
   * (`customerId`) or for someone the service registers together with the deposit (`customer`);
   * exactly one of the two, never both. Always sends an `externalId`, yours or a generated UUID,
   * and returns it. Per the provider's public docs the service treats a repeated `externalId` as
   * the same deposit, so the request is retried on connection errors, timeouts, 429 and 5xx with
   * the same `externalId`, and a retry never creates a second charge. Checked first with
   * {@link buildDeposit} (unless `validateInput: false`).
   *
   * @returns `Pix Gerado com Sucesso` and the deposit, whose `code` is the Pix copy-and-paste code;
   * `data.customerId` is the new customer's `_id` when `customer` was sent; and the `externalId`
   * sent. A repeated `externalId` returns the first deposit again.
   * @throws {@link PaymentValidationError} for invalid input (both or neither of `customerId` and
   * `customer`, among others), before anything is sent.
   * @throws {@link NotFoundError} when `customerId` names no customer.
   * @throws {@link ConflictError} when the new `customer`'s name or document is already on file;
   * nothing is created then.
   *
   * @example
   * ```ts
   * const { data, externalId } = await client.deposits.create(
   *   buildDeposit({ amount: { cents: 2500 }, customerId, currency, externalId: 'charge-42' }),
   * ); // externalId === 'charge-42'
   * const forNewCustomer = await client.deposits.create(
   *   buildDeposit({ amount: '25.00', customer: { name: 'Ana Souza', document: '52998224725' }, currency }),
   * );
   * ```
   */
  async create(request: DepositRequest, options?: RequestOptions): Promise<CreatedDeposit> {
    const externalId = request.externalId ?? crypto.randomUUID();
    // Fields the builder does not know are kept: the service tolerates them, and so does the client.
    const body = (
      this.#shared.validate
        ? { ...request, ...buildDeposit({ ...request, externalId }) }
        : { ...request, externalId }
    ) as DepositRequest;
    const answer = await this.#shared.transport.request(
      prepare(routes.deposits.create, { body }),
      options,
    );
    return { ...answer, externalId };
  }

  /**
   * Details of a deposit: `GET /deposit/{id}/details` (per the provider's public docs). Retried on
   * connection errors, timeouts, 429 and 5xx.
   *
   * @throws {@link NotFoundError} when the deposit does not exist.
   *
   * @example
   * ```ts
   * const details = await client.deposits.get(depositId);
   * ```
   */
  async get(id: string, options?: RequestOptions): Promise<TransactionDetails> {
    return this.#shared.get(id, options);
  }

  /**
   * Asks the service to send the deposit's webhook again: `POST /deposit/{id}/resend/webhook` (per
   * the provider's public docs). Safe to repeat, so retried on connection errors, timeouts, 429
   * and 5xx.
   *
   * @throws {@link NotFoundError} when the deposit does not exist.
   *
   * @example
   * ```ts
   * await client.deposits.resendWebhook(depositId);
   * ```
   */
  async resendWebhook(id: string, options?: RequestOptions): Promise<MessageResult> {
    return this.#shared.resendWebhook(id, options);
  }
}
