import { onFirstUse } from '../core/lazy.js';
import type { RequestOptions } from '../core/transport.js';
import type {
  BalanceFilter,
  BalanceList,
  CreateSubAccountInput,
  SubAccountWebhookInput,
} from '../models/company.js';
import type { MessageResult } from '../models/shared.js';
import { Resource } from './resource.js';

// The calls' checks and requests, loaded at the first call of the area: a Pix-only application
// neither bundles nor parses them.
const loadCompanyCalls = /* @__PURE__ */ onFirstUse(() => import('./company-calls.js'));

/**
 * The company account: its balances, and the partner account's sub-accounts:
 * `client.company` (per the provider's public docs, the "Empresa" pages).
 *
 * A sub-account is set up in three calls: the main account creates it, then a client logged in
 * with the sub-account's own e-mail and password registers its webhook and its withdrawal IP,
 * each once.
 *
 * @example
 * ```ts
 * const brl = brlBalance(await client.company.getBalance());
 * console.log(`available: ${formatCents(brl?.availableCents ?? 0)}`);
 * ```
 */
export class Company extends Resource {
  /**
   * The account's balances: `POST /balance/company`, with `{}` for every balance, or a listed
   * `currency` or `cryptocurrency` object, whole, for that one only. Always an array of fiat
   * (`currency`, `totalAmount`, `totalHeld`) and crypto (`cryptocurrency`, `totalAmount`)
   * balances; read BRL as exact cents with {@link brlBalance}. Checked first (unless
   * `validateInput: false`): at most one of the two, each a whole listed object. Retried on
   * connection errors, timeouts, 429 and 5xx: it only reads.
   *
   * The route has its own IP allowlist, separate from the general one (the dashboard's "IP
   * Permitidos para consulta de saldo via API"): a server missing from it gets 401, and the
   * error's message says so.
   *
   * @throws {@link PaymentValidationError} for a filter that is not one of the three forms.
   * @throws {@link UnauthorizedError} when the token is refused or this server's IP is not on the
   * balance allowlist.
   *
   * @example
   * ```ts
   * const all = await client.company.getBalance();
   * const brlOnly = await client.company.getBalance({
   *   currency: selectCurrency(await client.deposits.listCurrencies(), 'BRL'),
   * });
   * ```
   */
  async getBalance(filter: BalanceFilter = {}, options?: RequestOptions): Promise<BalanceList> {
    return (await loadCompanyCalls()).getBalance(this.transport, this.validate, filter, options);
  }

  /**
   * Creates a sub-account of this partner account: `POST /company/subaccount`, with the new
   * company and its administrator's first login (`user`), and the fee the main account takes on
   * each of its deposits and withdrawals, per currency, network and cryptocurrency (send `[]` for
   * a group without fees). The sub-account has its own balance, customers and login; a client
   * made with `user.email` and `user.password` then calls {@link Company.registerWebhook} and
   * {@link Company.allowWithdrawalIp}. Checked first (unless `validateInput: false`): the
   * shape, non-empty `user` fields, whole listed objects, fees of `0` or more (a percentage up
   * to 100). Not retried once sent: a second attempt would meet a sub-account already created.
   * The sub-account's password never appears in an error: not in its message, body or reason, nor
   * in the error of an answer that fails the check, in any of the forms a service may echo.
   *
   * @throws {@link PaymentValidationError} for bad input, before anything is sent.
   * @throws {@link UnauthorizedError} when this account is no partner account.
   *
   * @example
   * ```ts
   * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
   * const payoutCurrency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
   * await client.company.createSubAccount({
   *   user: { name: 'Loja Exemplo Ltda', email: 'financeiro@loja.example', password: process.env.SUB_PASSWORD! },
   *   deposit: { currencies: [{ currency, fee: { type: 'PERCENTAGE', value: 1 } }], blockchainNetworks: [], cryptocurrencies: [] },
   *   withdraw: { currencies: [{ currency: payoutCurrency, fee: { type: 'FIXED', value: 1.5 } }], blockchainNetworks: [], cryptocurrencies: [] },
   * });
   * ```
   */
  async createSubAccount(
    input: CreateSubAccountInput,
    options?: RequestOptions,
  ): Promise<MessageResult> {
    return (await loadCompanyCalls()).createSubAccount(
      this.transport,
      this.validate,
      input,
      options,
    );
  }

  /**
   * Registers the sub-account's first webhook: `POST /webhook/subaccount`, called with a client
   * logged in as the sub-account. Works once: a sub-account that has a webhook, or an account
   * that is no sub-account, gets 400. Checked first (unless `validateInput: false`): a non-empty
   * `name` and an absolute `http(s)` URL, sent as written: one with a space, a control character or a
   * backslash anywhere (which a URL parser would remove or rewrite) is refused. Not retried once sent: after a first attempt that
   * arrived, a second is 400.
   *
   * @throws {@link PaymentValidationError} for bad input, before anything is sent.
   * @throws {@link BadRequestError} when the webhook is already registered, or the account is no
   * sub-account.
   *
   * @example
   * ```ts
   * const sub = new PaymentClient({ baseUrl, email: 'financeiro@loja.example', password: process.env.SUB_PASSWORD! });
   * await sub.company.registerWebhook({ name: 'Primeiro Webhook', externalWebhookUrl: 'https://loja.example/webhooks/pix' });
   * ```
   */
  async registerWebhook(
    input: SubAccountWebhookInput,
    options?: RequestOptions,
  ): Promise<MessageResult> {
    return (await loadCompanyCalls()).registerWebhook(
      this.transport,
      this.validate,
      input,
      options,
    );
  }

  /**
   * Allows the sub-account's first withdrawal IP: `POST /withdraw/allowed-ip/subaccount` with
   * `{ ip }`, called with a client logged in as the sub-account. The IP may then create
   * withdrawals; it does not open the balance route, whose allowlist is separate. Works once:
   * more IPs are added in the dashboard; a second call, or an account that is no sub-account,
   * gets 400. Checked first (unless `validateInput: false`): a literal address, IPv4 in dotted
   * decimal (four numbers of 0 to 255) or IPv6, never a host name. Not retried once sent: after a first attempt that arrived, a second is 400.
   *
   * @throws {@link PaymentValidationError} for something that is no IP address, before anything
   * is sent.
   * @throws {@link BadRequestError} when an IP is already allowed, or the account is no
   * sub-account.
   *
   * @example
   * ```ts
   * await sub.company.allowWithdrawalIp('203.0.113.7');
   * ```
   */
  async allowWithdrawalIp(ip: string, options?: RequestOptions): Promise<MessageResult> {
    return (await loadCompanyCalls()).allowWithdrawalIp(this.transport, this.validate, ip, options);
  }
}
