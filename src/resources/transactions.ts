import { onFirstUse } from '../core/lazy.js';
import { prepare, type RequestOptions, type Transport } from '../core/transport.js';
import type { BlockchainNetworkList, CryptocurrencyList } from '../models/crypto.js';
import type { CurrencyList } from '../models/currencies.js';
import type { MessageResult } from '../models/shared.js';
import type { TransactionDetails } from '../models/transactions.js';
import { operations as routes } from '../seam/operations.js';
import { Resource } from './resource.js';

/**
 * What the crypto rails' calls need (the checks of their bodies, the schemas of their answers),
 * loaded at the first of them: a Pix-only application neither bundles nor parses it.
 *
 * @internal
 */
export const loadCryptoCalls = /* @__PURE__ */ onFirstUse(() => import('./crypto.js'));

/**
 * What withdrawals and deposits share, written once and parameterised by kind: listing the
 * kind's currencies, cryptocurrencies and networks, reading one transaction, resending its webhook. {@link Withdrawals} and
 * {@link Deposits} keep their own methods (and documentation) and call these.
 *
 * @internal
 */
export class TransactionCalls extends Resource {
  readonly #withdrawals: boolean;

  constructor(transport: Transport, validateInput: boolean, kind: 'withdrawal' | 'deposit') {
    super(transport, validateInput);
    this.#withdrawals = kind === 'withdrawal';
  }

  listCurrencies(options: RequestOptions | undefined): Promise<CurrencyList> {
    const spec = this.#withdrawals
      ? routes.withdrawals.listCurrencies
      : routes.deposits.listCurrencies;
    return this.transport.request(prepare(spec, {}), options);
  }

  get(id: string, options: RequestOptions | undefined): Promise<TransactionDetails> {
    const spec = this.#withdrawals ? routes.withdrawals.get : routes.deposits.get;
    // The schema requires `currency`, `cryptocurrency` or both: one of the two variants.
    return this.transport.request(prepare(spec, { id }), options) as Promise<TransactionDetails>;
  }

  resendWebhook(id: string, options: RequestOptions | undefined): Promise<MessageResult> {
    const spec = this.#withdrawals
      ? routes.withdrawals.resendWebhook
      : routes.deposits.resendWebhook;
    // The service needs no body here but accepts `{}`, which is what the client has always sent.
    return this.transport.request(prepare(spec, { id, body: {} }), options);
  }

  async listCryptocurrencies(options: RequestOptions | undefined): Promise<CryptocurrencyList> {
    const spec = this.#withdrawals
      ? routes.withdrawals.listCryptocurrencies
      : routes.deposits.listCryptocurrencies;
    return this.transport.request((await loadCryptoCalls()).prepareArea(spec, {}), options);
  }

  async listNetworks(options: RequestOptions | undefined): Promise<BlockchainNetworkList> {
    const spec = this.#withdrawals ? routes.withdrawals.listNetworks : routes.deposits.listNetworks;
    return this.transport.request((await loadCryptoCalls()).prepareArea(spec, {}), options);
  }
}
