import { buildWithdrawal } from '../builders.js';
import { throwIfIssues } from '../core/options.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import {
  checkWithdrawalLimit,
  type ResolvedLimits,
  readLimits,
  type WithdrawalLimits,
} from '../core/withdrawal-limit.js';
import type { PaymentIssue } from '../errors/index.js';
import type {
  BlockchainNetworkList,
  CryptocurrencyList,
  CryptoWithdrawalRequest,
  WalletQuote,
  WalletWithdrawalRequest,
  WithdrawalQuote,
} from '../models/crypto.js';
import type { CurrencyList } from '../models/currencies.js';
import type { MessageResult } from '../models/shared.js';
import type { TransactionDetails } from '../models/transactions.js';
import type { CreateWithdrawalResult, WithdrawalRequest } from '../models/withdrawals.js';
import { operations as routes } from '../seam/operations.js';
import type { WalletQuoteInput, WithdrawalQuoteInput } from './crypto.js';
import { Resource } from './resource.js';
import { loadCryptoCalls, TransactionCalls } from './transactions.js';

/**
 * Options of {@link Withdrawals.create}: the per-call options of every method, and a ceiling for
 * this withdrawal.
 *
 * @example
 * ```ts
 * const options: CreateWithdrawalOptions = { maxWithdrawal: { BRL: '20000.00' }, timeoutMs: 10_000 };
 * ```
 */
export interface CreateWithdrawalOptions extends RequestOptions {
  /**
   * The largest withdrawal allowed for this call, per currency, replacing the client's
   * `maxWithdrawal` for each currency it names (the others keep the client's). In reais, not
   * cents, for BRL; in USDT for a crypto withdrawal.
   * @default the client's `maxWithdrawal`
   */
  readonly maxWithdrawal?: WithdrawalLimits | undefined;
}

/**
 * Withdrawals (payouts to a Pix key): `client.withdrawals`.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * const { _id, externalId } = await client.withdrawals.create(
 *   buildWithdrawal({ amount: '10.50', customerId, currency, pixKey }),
 * );
 * ```
 */
export class Withdrawals extends Resource {
  readonly #shared: TransactionCalls;
  readonly #limits: ResolvedLimits;

  /** @internal Created by {@link PaymentClient}. */
  constructor(transport: Transport, validateInput: boolean, limits: ResolvedLimits = {}) {
    super(transport, validateInput);
    this.#shared = new TransactionCalls(transport, validateInput, 'withdrawal');
    this.#limits = limits;
  }

  /**
   * Currencies the company may withdraw in: `GET /withdraw/company/currencies`. Pass the chosen one
   * whole as `currency`; never use a deposit currency for a withdrawal. Retried on connection
   * errors, timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const brl = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
   * ```
   */
  async listCurrencies(options?: RequestOptions): Promise<CurrencyList> {
    return this.#shared.listCurrencies(options);
  }

  /**
   * Creates a withdrawal: `POST /withdraw` (per the provider's public docs), to a Pix key in BRL
   * ({@link buildWithdrawal}), from USDT to a Pix key ({@link buildCryptoWithdrawal}) or from USDT
   * to an external wallet ({@link buildWalletWithdrawal}). Always sends an
   * `externalId`, yours or a generated UUID, and returns it. The service treats a repeated
   * `externalId` as the same withdrawal, so the request is retried on connection errors,
   * timeouts, 429 and 5xx with the same `externalId`, and a retry never pays twice. Checked first
   * with {@link buildWithdrawal} (unless `validateInput: false`): amount with at most two
   * decimals, whole currency and Pix key objects; a crypto body's USDT amount with at most six
   * decimals (its objects and wallet address are checked by the crypto builders). An amount above
   * `maxWithdrawal` (the client's, or this call's) is refused before anything is sent, whatever
   * `validateInput` says.
   *
   * @returns The service's answer (`message`, `status`, `_id`) and the `externalId` sent.
   * @throws {@link PaymentValidationError} for invalid input, before anything is sent.
   * @throws {@link WithdrawalLimitError} for an amount above `maxWithdrawal`, before anything is
   * sent.
   * @throws {@link NotFoundError} when the customer does not exist.
   *
   * @example
   * ```ts
   * const body = buildWithdrawal({ amount: '10.50', customerId, currency, pixKey, externalId: 'order-42' });
   * const { _id, status, externalId } = await client.withdrawals.create(body); // externalId === 'order-42'
   * // A larger payout than the client allows, approved for this one call:
   * await client.withdrawals.create(large, { maxWithdrawal: { BRL: '20000.00' } });
   * ```
   */
  async create(
    request: WithdrawalRequest | CryptoWithdrawalRequest | WalletWithdrawalRequest,
    options?: CreateWithdrawalOptions,
  ): Promise<CreateWithdrawalResult> {
    const externalId = request.externalId ?? crypto.randomUUID();
    const body =
      'cryptocurrency' in request
        ? (await loadCryptoCalls()).cryptoWithdrawalBody(this.validate, request, externalId)
        : this.validate
          ? { ...request, ...buildWithdrawal({ ...request, externalId }) }
          : { ...request, externalId };
    checkWithdrawalLimit(body, this.#limitsFor(options));
    const answer = await this.transport.request(
      prepare(routes.withdrawals.create, { body }),
      options,
    );
    return { ...answer, externalId };
  }

  // The client's limits, each currency the call names replaced by the call's.
  #limitsFor(options: CreateWithdrawalOptions | undefined): ResolvedLimits {
    if (options?.maxWithdrawal === undefined) return this.#limits;
    const issues: PaymentIssue[] = [];
    const limits = readLimits(options.maxWithdrawal, issues, this.#limits);
    throwIfIssues(issues, 'Invalid request options');
    return limits;
  }

  /**
   * Details of a withdrawal: `GET /withdraw/{id}/details` (per the provider's public docs). Read
   * this to confirm a status a webhook announced. Retried on connection errors, timeouts, 429 and
   * 5xx.
   *
   * @throws {@link NotFoundError} when the withdrawal does not exist.
   *
   * @example
   * ```ts
   * const details = await client.withdrawals.get(withdrawalId);
   * if (details.currency.status === 'PAID') markPaid(details.externalId);
   * ```
   */
  async get(id: string, options?: RequestOptions): Promise<TransactionDetails> {
    return this.#shared.get(id, options);
  }

  /**
   * Asks the service to send the withdrawal's webhook again: `POST
   * /withdraw/{id}/resend/webhook`. The service allows this any number of times, so it is
   * retried on connection errors, timeouts, 429 and 5xx.
   *
   * @throws {@link NotFoundError} when the withdrawal does not exist.
   *
   * @example
   * ```ts
   * await client.withdrawals.resendWebhook(withdrawalId);
   * ```
   */
  async resendWebhook(id: string, options?: RequestOptions): Promise<MessageResult> {
    return this.#shared.resendWebhook(id, options);
  }

  /**
   * Cryptocurrencies the company may withdraw: `GET /withdraw/company/cryptocurrencies` (per the
   * provider's public docs), USDT today. Pass the chosen one whole as `cryptocurrency`; never use
   * a deposit cryptocurrency for a withdrawal (the service refuses it). Retried on connection
   * errors, timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const [usdt] = await client.withdrawals.listCryptocurrencies();
   * ```
   */
  async listCryptocurrencies(options?: RequestOptions): Promise<CryptocurrencyList> {
    return this.#shared.listCryptocurrencies(options);
  }

  /**
   * Blockchain networks a wallet withdrawal may use: `GET /withdraw/company/blockchain-networks`
   * (per the provider's public docs): ERC-20, BEP-20 and Polygon. Pass the chosen one whole as
   * `blockchainNetwork`. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @example
   * ```ts
   * const bep20 = (await client.withdrawals.listNetworks()).find((network) => network.name === 'BEP-20');
   * ```
   */
  async listNetworks(options?: RequestOptions): Promise<BlockchainNetworkList> {
    return this.#shared.listNetworks(options);
  }

  /**
   * Quotes the BRL an amount of USDT pays out by Pix: `POST /withdraw/conversion/brl/pix` (per the
   * provider's public docs). Only a quote: nothing is created, and the rate is not locked.
   * Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @returns The provider's fields (`amount` in BRL, `currency` as the string `"R$"`,
   * `cryptoToFiatExchangeRate` as text) and `rate`, the same rate as an exact decimal string.
   * @throws {@link PaymentValidationError} for an amount with a seventh decimal or an invalid
   * cryptocurrency, before anything is sent.
   *
   * @example
   * ```ts
   * const [cryptocurrency] = await client.withdrawals.listCryptocurrencies();
   * const { amount, rate } = await client.withdrawals.quote({ amount: '10', cryptocurrency });
   * ```
   */
  async quote(input: WithdrawalQuoteInput, options?: RequestOptions): Promise<WithdrawalQuote> {
    const crypto = await loadCryptoCalls();
    const body = crypto.withdrawalQuoteBody(this.validate, input);
    return this.transport.request(crypto.prepareArea(routes.withdrawals.quote, { body }), options);
  }

  /**
   * Quotes the USDT that reaches a wallet once the network's gas fee is taken from a gross amount:
   * `POST /withdraw/transaction/crypto/amount` (per the provider's public docs). Only a quote:
   * gas changes from block to block. Retried on connection errors, timeouts, 429 and 5xx.
   *
   * @returns `amount`, the net USDT as the service sends it (not rounded).
   * @throws {@link PaymentValidationError} for an invalid amount, cryptocurrency or network,
   * before anything is sent.
   *
   * @example
   * ```ts
   * const { amount } = await client.withdrawals.quoteToWallet({ amount: '10', cryptocurrency, blockchainNetwork });
   * ```
   */
  async quoteToWallet(input: WalletQuoteInput, options?: RequestOptions): Promise<WalletQuote> {
    const crypto = await loadCryptoCalls();
    const body = crypto.walletQuoteBody(this.validate, input);
    return this.transport.request(
      crypto.prepareArea(routes.withdrawals.quoteToWallet, { body }),
      options,
    );
  }
}
