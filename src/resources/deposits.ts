import { brCodeAmountCents, readBrCode } from '../br-code.js';
import { buildDeposit } from '../builders.js';
import type { AnswerRefusal } from '../core/response.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import type {
  BlockchainNetworkList,
  CryptocurrencyList,
  CryptoDepositRequest,
  DepositQuote,
} from '../models/crypto.js';
import type { CurrencyList } from '../models/currencies.js';
import type { CreateDepositResult, CreatedDeposit, DepositRequest } from '../models/deposits.js';
import type { MessageResult } from '../models/shared.js';
import type { TransactionDetails } from '../models/transactions.js';
import { formatCents, toCents } from '../money.js';
import { operations as routes } from '../seam/operations.js';
import type { DepositQuoteInput } from './crypto.js';
import { Resource } from './resource.js';
import { loadCryptoCalls, TransactionCalls } from './transactions.js';

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
export class Deposits extends Resource {
  readonly #shared: TransactionCalls;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean) {
    super(transport, validateInput);
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
   * Creates a deposit: `POST /deposit` (per the provider's public docs), a Pix charge in BRL or,
   * with a `cryptocurrency` ({@link buildCryptoDeposit}), one whose payment is converted to USDT
   * and credited to the account (on-ramp), for a customer on file
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
   * @throws {@link PaymentResponseError} when the answer's `code` is not a Pix code, fails its
   * checksum or carries an amount other than the one asked ({@link parseBrCode}): do not show that
   * QR code. The deposit was created all the same (its id is in the error's `body`); a repeat with
   * the same `externalId` answers that deposit again.
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
  async create(
    request: DepositRequest | CryptoDepositRequest,
    options?: RequestOptions,
  ): Promise<CreatedDeposit> {
    const externalId = request.externalId ?? crypto.randomUUID();
    // Fields the builder does not know are kept: the service tolerates them, and so does the client.
    const body = (
      this.validate
        ? { ...request, ...buildDeposit({ ...(request as DepositRequest), externalId }) }
        : { ...request, externalId }
    ) as DepositRequest | CryptoDepositRequest;
    const operation = prepare(routes.deposits.create, { body });
    const answer = await this.transport.request(
      { ...operation, verify: (created) => checkDepositCode(created, body.amount, externalId) },
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

  /**
   * Cryptocurrencies the company may receive deposits in: `GET /deposit/company/cryptocurrencies`
   * (per the provider's public docs), USDT today. Pass the chosen one whole as `cryptocurrency` to
   * {@link buildCryptoDeposit}; never use a withdrawal cryptocurrency for a deposit. Retried on
   * connection errors, timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const [usdt] = await client.deposits.listCryptocurrencies();
   * ```
   */
  async listCryptocurrencies(options?: RequestOptions): Promise<CryptocurrencyList> {
    return this.#shared.listCryptocurrencies(options);
  }

  /**
   * Blockchain networks of the deposit side: `GET /deposit/company/blockchain-networks` (per the
   * provider's public docs). No deposit body takes a network: the list says on which networks a
   * customer's wallet ({@link Customers.getWallet}) receives USDT. Retried on connection errors,
   * timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const names = (await client.deposits.listNetworks()).map((network) => network.name);
   * ```
   */
  async listNetworks(options?: RequestOptions): Promise<BlockchainNetworkList> {
    return this.#shared.listNetworks(options);
  }

  /**
   * Quotes the USDT an amount of BRL buys: `POST /deposit/conversion/tether` (per the provider's
   * public docs). Only a quote: nothing is created, and the rate is not locked (an on-ramp deposit
   * converts at the rate of its payment). Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @returns The provider's fields (`amount` in USDT, `crypto`, `fiatToCryptoExchangeRate` as
   * text) and `rate`, the same rate as an exact decimal string.
   * @throws {@link PaymentValidationError} for an invalid amount or currency, before anything is
   * sent.
   *
   * @example
   * ```ts
   * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
   * const { amount, rate } = await client.deposits.quote({ amount: '100.00', currency });
   * ```
   */
  async quote(input: DepositQuoteInput, options?: RequestOptions): Promise<DepositQuote> {
    const crypto = await loadCryptoCalls();
    const body = crypto.depositQuoteBody(this.validate, input);
    return this.transport.request(crypto.prepareArea(routes.deposits.quote, { body }), options);
  }
}

// Whether the deposit's code may reach the payer: a Pix code with a valid checksum whose amount,
// where it carries one, is the amount asked. An amount the client cannot read (sent unchecked with
// `validateInput: false`) is not compared.
function checkDepositCode(
  created: CreateDepositResult,
  asked: unknown,
  externalId: string,
): AnswerRefusal | undefined {
  const path = ['data', 'code'];
  const read = readBrCode(created.data.code, path);
  let issues = read.ok ? [] : read.issues;
  if (read.ok && read.value.amount !== undefined) {
    let askedCents: number | undefined;
    try {
      askedCents = typeof asked === 'number' ? toCents(asked) : undefined;
    } catch {
      askedCents = undefined;
    }
    if (askedCents !== undefined && brCodeAmountCents(read.value.amount) !== askedCents) {
      issues = [
        {
          path,
          message: `asks ${read.value.amount}, the deposit is for ${formatCents(askedCents)}`,
        },
      ];
    }
  }
  if (issues.length === 0) return undefined;
  return {
    issues,
    hint: `Do not show this QR code to the payer. The service did create the deposit (id ${JSON.stringify(created.data.id).slice(0, 80)}, externalId ${JSON.stringify(externalId).slice(0, 300)}): it is not lost, and a repeat with the same externalId answers the same code`,
  };
}
