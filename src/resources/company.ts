import { isRecord, throwIfIssues } from '../core/options.js';
import { parseWith } from '../core/parse.js';
import { prepare, type RequestOptions } from '../core/transport.js';
import {
  createApiError,
  isPaymentApiError,
  type PaymentIssue,
  PaymentValidationError,
} from '../errors/index.js';
import { balanceReader } from '../models/amount-texts.js';
import {
  type BalanceFilter,
  type BalanceList,
  CreateSubAccountInput,
  Cryptocurrency,
  type SubAccountFee,
  type SubAccountWebhookInput,
} from '../models/company.js';
import { Currency } from '../models/currencies.js';
import type { MessageResult } from '../models/shared.js';
import { routes } from '../seam/routes.js';
import { Resource } from './resource.js';

// Where the balance route's own allowlist is kept, said by its 401.
const BALANCE_HINT =
  'The balance route has its own IP allowlist: "IP Permitidos para consulta de saldo via API" in the dashboard';

type Issues = PaymentIssue[];

function checkSchema(
  schema: Parameters<typeof parseWith>[0],
  value: unknown,
  path: PropertyKey[],
  issues: Issues,
): void {
  const parsed = parseWith(schema, value);
  if (!parsed.ok)
    for (const issue of parsed.issues) issues.push({ ...issue, path: [...path, ...issue.path] });
}

function check(ok: boolean, path: PropertyKey[], message: string, context: string): void {
  if (!ok) throwIfIssues([{ path, message }], context);
}

// Each of the four numbers of an IPv4 address: 0 to 255, written without a leading zero.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

// A literal address, sent as written: IPv4 in dotted decimal (four numbers, so never a host name
// such as `cafe`, `dead.beef` or `1e3`, nor a form the URL parser rewrites, `1.2.3`, `01.2.3.4`),
// or IPv6 (a colon, hexadecimal digits and dots only, accepted by the URL parser in brackets; the
// characters keep a zone, a prefix length or a path out).
function isIpAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (!value.includes(':')) return IPV4.test(value);
  return /^[\da-f:.]+$/i.test(value) && URL.canParse(`http://[${value}]`);
}

// What the URL parser would remove or rewrite before checking (spaces and control characters at
// either end, a tab or a line break anywhere, a backslash read as a slash): the text sent would
// not be the URL checked, and a registration happens once.
function rewrittenByParser(url: string): boolean {
  for (const char of url) if (char <= ' ' || char === '\u007f' || char === '\\') return true;
  return false;
}

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
    if (this.validate) checkFilter(filter);
    // Each amount's text is kept beside the parsed balance: brlBalance reads it to the exact cent.
    const reader = balanceReader();
    try {
      const balances = await this.transport.request(
        { ...prepare(routes.company.getBalance, { body: filter }), parse: reader.parse },
        options,
      );
      reader.keep(balances);
      return balances;
    } catch (error) {
      // A 401 of the login itself names /auth/token: only the balance route's own gets the hint.
      if (isPaymentApiError(error) && error.status === 401 && error.path === '/balance/company') {
        throw createApiError({ ...error, hint: BALANCE_HINT });
      }
      throw error;
    }
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
    if (this.validate) checkSubAccount(input);
    // The service could echo the body, in an error's body, message or reason, or in a 2xx answer
    // that fails the check: the new sub-account's password is removed wherever it comes back.
    const password: unknown =
      isRecord(input) && isRecord(input.user) ? input.user.password : undefined;
    return this.transport.request(
      {
        ...prepare(routes.company.createSubAccount, { body: input }),
        secrets: typeof password === 'string' ? [password] : [],
      },
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
    if (this.validate) {
      const context = 'Invalid sub-account webhook';
      check(isRecord(input), [], 'must be { name, externalWebhookUrl }', context);
      check(
        typeof input.name === 'string' && input.name.trim() !== '',
        ['name'],
        'must be a non-empty string',
        context,
      );
      const url = input.externalWebhookUrl;
      check(
        typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol),
        ['externalWebhookUrl'],
        'must be an absolute http(s) URL',
        context,
      );
      check(
        !rewrittenByParser(url),
        ['externalWebhookUrl'],
        'must hold no space, control character or backslash (write them percent-encoded)',
        context,
      );
    }
    return this.transport.request(
      prepare(routes.company.registerWebhook, { body: input }),
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
    if (this.validate) {
      check(isIpAddress(ip), ['ip'], 'must be an IPv4 or IPv6 address', 'Invalid withdrawal IP');
    }
    return this.transport.request(
      prepare(routes.company.allowWithdrawalIp, { body: { ip } }),
      options,
    );
  }
}

// `{}`, `{ currency }` or `{ cryptocurrency }`, each object whole as the service lists it.
function checkFilter(filter: BalanceFilter): void {
  const issues: Issues = [];
  if (!isRecord(filter)) {
    issues.push({ path: [], message: 'must be {}, { currency } or { cryptocurrency }' });
  } else if (filter.currency && filter.cryptocurrency) {
    issues.push({ path: ['cryptocurrency'], message: 'send currency or cryptocurrency, not both' });
  } else {
    if (filter.currency) checkSchema(Currency, filter.currency, ['currency'], issues);
    if (filter.cryptocurrency) {
      checkSchema(Cryptocurrency, filter.cryptocurrency, ['cryptocurrency'], issues);
    }
  }
  throwIfIssues(issues, 'Invalid balance filter');
}

// The shape by the schema (non-empty login included), then each fee: 0 or more, a percentage up
// to 100.
function checkSubAccount(input: CreateSubAccountInput): void {
  const issues: Issues = [];
  checkSchema(CreateSubAccountInput, input, [], issues);
  if (issues.length === 0) {
    for (const direction of ['deposit', 'withdraw'] as const) {
      const groups: Record<string, ReadonlyArray<{ fee: SubAccountFee }>> = { ...input[direction] };
      for (const [group, entries] of Object.entries(groups)) {
        entries.forEach(({ fee }, index) => {
          if (fee.value < 0 || (fee.type === 'PERCENTAGE' && fee.value > 100)) {
            issues.push({
              path: [direction, group, index, 'fee', 'value'],
              message: 'must be 0 or more, and at most 100 for a percentage',
            });
          }
        });
      }
    }
  }
  throwIfIssues(issues, 'Invalid sub-account');
}
