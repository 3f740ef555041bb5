import * as z from 'zod/mini';
// The schemas come from the models' index only: the mock's builds take that module from the package.
import {
  BalanceFilter,
  CreateCustomerInput,
  CreateSubAccountInput,
  CryptoDepositRequest,
  CryptoWithdrawalRequest,
  DepositQuoteRequest,
  DepositRequest,
  PixKeyInput,
  SubAccountWebhookInput,
  TokenRequest,
  TokenResponse,
  UpdateCustomerInput,
  WalletQuoteRequest,
  WalletWithdrawalRequest,
  WithdrawalIpInput,
  WithdrawalQuoteRequest,
  WithdrawalRequest,
} from '../models/index.js';
import { schema } from '../models/shared.js';
import { type Route, type RouteBodies, routes } from './routes.js';

/**
 * The body the client sends where the service needs none but accepts an empty JSON object (the
 * webhook resends, service document 4.6).
 *
 * @internal
 */
export const EmptyBody = /* @__PURE__ */ schema(() => z.looseObject({}));

/**
 * Body of `POST /withdraw`, each variant the provider publishes: to a Pix key in BRL, from USDT to
 * a Pix key (off-ramp), and from USDT to an external wallet.
 *
 * @internal
 */
export const WithdrawalVariants = /* @__PURE__ */ schema(() =>
  z.union([WithdrawalRequest, CryptoWithdrawalRequest, WalletWithdrawalRequest]),
);

/**
 * Body of `POST /deposit`, each variant the provider publishes: a Pix charge in BRL, and a Pix
 * charge converted to USDT when paid (on-ramp).
 *
 * @internal
 */
export const DepositVariants = /* @__PURE__ */ schema(() =>
  z.union([DepositRequest, CryptoDepositRequest]),
);

/**
 * One operation of the service, as {@link operations} declares it: the client's {@link Route}
 * (method, path, answer schema, retry policy) and what the mock and the OpenAPI document add.
 *
 * @internal
 */
export interface OperationSpec extends Route {
  /** Schema of the JSON body, for an operation that takes one. */
  readonly request?: z.ZodMiniType | undefined;
  /** The body may be left out: the service needs none and accepts `{}`. */
  readonly optionalRequest?: boolean | undefined;
  /** Whether the operation needs `Authorization: Bearer <token>`. */
  readonly auth: boolean;
  /** What the operation does, in one line. */
  readonly summary: string;
  /**
   * Every status the operation answers, successes and errors: those the service documents and
   * those the mock answers for bodies it cannot accept. The OpenAPI document declares exactly
   * these; a test drives the mock and fails on an answer outside them. Answers of the server's
   * edge (413 for an oversized body, 403 for a foreign `Host`) and injected faults are not listed:
   * the document's description covers them.
   */
  readonly statuses: ReadonlyArray<number>;
}

/**
 * The service's operations, one entry each, by area and client method. An operation's id is its
 * place in the table, `area.method`, named after the client method that calls it:
 * `withdrawals.get` is `client.withdrawals.get`, `auth.getToken` is `client.getToken`; the mock's
 * journal, its `auth.denyAction` and the OpenAPI `operationId` use that name. Each entry has
 * method, path, body and answer schemas, authentication, retry policy, a summary and the
 * documented statuses: the client's route (`src/seam/routes.ts`: method, path, answer schema, retry policy) and what
 * only the mock and the OpenAPI document read: the client never loads this module, so its bundle
 * carries none of it. Adding an operation starts in both. The mock builds its routes, its journal
 * names, its OpenAPI document and the list in its bin's help from this table.
 *
 * @internal
 */
export const operations = {
  /** Access tokens. */
  auth: {
    /**
     * `POST /auth/token`, sent by the token manager. The client reads the answer with a stricter
     * schema of its own (the token must be sendable in a header); this one is the published shape.
     */
    getToken: {
      ...routes.auth.getToken,
      request: TokenRequest,
      response: TokenResponse,
      auth: false,
      summary: 'Obtain an access token',
      statuses: [200, 400, 401, 500],
    },
  },
  /** Pix keys of a customer. */
  pixKeys: {
    /** `POST /pix/customer/{customerId}/key`: a second attempt would meet "already registered". */
    add: {
      ...routes.pixKeys.add,
      request: PixKeyInput,
      auth: true,
      summary: 'Add a Pix key',
      statuses: [201, 400, 401, 404, 500],
    },
    /** `GET /pix/customer/{customerId}/key`. */
    list: {
      ...routes.pixKeys.list,
      auth: true,
      summary: 'List Pix keys',
      statuses: [200, 401, 404, 500],
    },
    /** `DELETE /pix/customer/{customerId}/key/remove/{keyId}` (per the provider's public docs). */
    remove: {
      ...routes.pixKeys.remove,
      auth: true,
      summary: 'Remove a Pix key',
      statuses: [201, 401, 404, 500],
    },
  },
  /** Withdrawals: currencies, creation, details, webhook resend. */
  withdrawals: {
    /** `GET /withdraw/company/currencies`. */
    listCurrencies: {
      ...routes.withdrawals.listCurrencies,
      auth: true,
      summary: 'List fiat currencies for withdrawals',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /withdraw`: retried, because the same `externalId` is the same withdrawal. */
    create: {
      ...routes.withdrawals.create,
      request: WithdrawalVariants,
      auth: true,
      summary: 'Create a withdrawal',
      statuses: [201, 400, 401, 404, 409, 500],
    },
    /** `GET /withdraw/{id}/details` (per the provider's public docs). */
    get: {
      ...routes.withdrawals.get,
      auth: true,
      summary: 'Get a withdrawal',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /withdraw/{id}/resend/webhook`: the service allows it any number of times. */
    resendWebhook: {
      ...routes.withdrawals.resendWebhook,
      request: EmptyBody,
      optionalRequest: true,
      auth: true,
      summary: 'Resend the withdrawal webhook',
      statuses: [200, 401, 404, 500],
    },
    /** `GET /withdraw/company/cryptocurrencies` (per the provider's public docs). */
    listCryptocurrencies: {
      ...routes.withdrawals.listCryptocurrencies,
      auth: true,
      summary: 'List cryptocurrencies for withdrawals',
      statuses: [200, 401, 500],
    },
    /** `GET /withdraw/company/blockchain-networks` (per the provider's public docs). */
    listNetworks: {
      ...routes.withdrawals.listNetworks,
      auth: true,
      summary: 'List blockchain networks for withdrawals',
      statuses: [200, 401, 500],
    },
    /** `POST /withdraw/conversion/brl/pix`: retried, it only reads (per the provider's public docs). */
    quote: {
      ...routes.withdrawals.quote,
      request: WithdrawalQuoteRequest,
      auth: true,
      summary: 'Quote USDT in BRL for a withdrawal',
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /withdraw/transaction/crypto/amount`: retried, it only reads (per the provider's public
     * docs).
     */
    quoteToWallet: {
      ...routes.withdrawals.quoteToWallet,
      request: WalletQuoteRequest,
      auth: true,
      summary: 'Quote a wallet withdrawal net of gas',
      statuses: [200, 400, 401, 500],
    },
  },
  /** Deposits: currencies, creation, details, webhook resend. */
  deposits: {
    /** `GET /deposit/company/currencies`. */
    listCurrencies: {
      ...routes.deposits.listCurrencies,
      auth: true,
      summary: 'List fiat currencies for deposits',
      statuses: [200, 401, 500],
    },
    /**
     * `POST /deposit`, for a customer on file (`customerId`) or a new one (`customer`): retried,
     * because the same `externalId` is the same deposit (per the provider's public docs).
     */
    create: {
      ...routes.deposits.create,
      request: DepositVariants,
      auth: true,
      summary: 'Create a deposit',
      statuses: [201, 400, 401, 404, 409, 500],
    },
    /** `GET /deposit/{id}/details` (per the provider's public docs). */
    get: {
      ...routes.deposits.get,
      auth: true,
      summary: 'Get a deposit',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /deposit/{id}/resend/webhook` (per the provider's public docs). */
    resendWebhook: {
      ...routes.deposits.resendWebhook,
      request: EmptyBody,
      optionalRequest: true,
      auth: true,
      summary: 'Resend the deposit webhook',
      statuses: [200, 401, 404, 500],
    },
    /** `GET /deposit/company/cryptocurrencies` (per the provider's public docs). */
    listCryptocurrencies: {
      ...routes.deposits.listCryptocurrencies,
      auth: true,
      summary: 'List cryptocurrencies for deposits',
      statuses: [200, 401, 500],
    },
    /** `GET /deposit/company/blockchain-networks` (per the provider's public docs). */
    listNetworks: {
      ...routes.deposits.listNetworks,
      auth: true,
      summary: 'List blockchain networks for deposits',
      statuses: [200, 401, 500],
    },
    /** `POST /deposit/conversion/tether`: retried, it only reads (per the provider's public docs). */
    quote: {
      ...routes.deposits.quote,
      request: DepositQuoteRequest,
      auth: true,
      summary: 'Quote BRL in USDT for a deposit',
      statuses: [200, 400, 401, 500],
    },
  },
  /** Customers (per the provider's public docs). */
  customers: {
    /** `POST /customer`. */
    create: {
      ...routes.customers.create,
      request: CreateCustomerInput,
      auth: true,
      summary: 'Create a customer',
      statuses: [200, 201, 400, 401, 500],
    },
    /** `GET /customer/{id}`. */
    get: {
      ...routes.customers.get,
      auth: true,
      summary: 'Get a customer',
      statuses: [200, 401, 404, 500],
    },
    /**
     * `PUT /customer/{id}`: retried, because the body replaces the customer's data whole, so a
     * second attempt leaves the customer as the first did (its own name and document are no
     * conflict).
     */
    update: {
      ...routes.customers.update,
      request: UpdateCustomerInput,
      auth: true,
      summary: 'Update a customer',
      statuses: [200, 400, 401, 404, 409, 500],
    },
    /** `GET /crypto/customer/{id}/wallet`: the customer's fixed USDT deposit address. */
    getWallet: {
      ...routes.customers.getWallet,
      auth: true,
      summary: "Get a customer's crypto wallet",
      statuses: [200, 401, 404, 500],
    },
  },
  /** The company account: balances and sub-accounts (per the provider's public docs). */
  company: {
    /**
     * `POST /balance/company`: retried, it only reads (`{}` or a filter), so a second attempt
     * changes nothing.
     */
    getBalance: {
      ...routes.company.getBalance,
      request: BalanceFilter,
      auth: true,
      summary: 'Get the account balances',
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /company/subaccount` (partner accounts): not retried, a second attempt would create
     * a second sub-account or meet the first one's e-mail; nothing published makes it repeatable.
     */
    createSubAccount: {
      ...routes.company.createSubAccount,
      request: CreateSubAccountInput,
      auth: true,
      summary: 'Create a sub-account',
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /webhook/subaccount`, with the sub-account's token: not retried, it works once (a
     * second attempt after a first that arrived is 400).
     */
    registerWebhook: {
      ...routes.company.registerWebhook,
      request: SubAccountWebhookInput,
      auth: true,
      summary: "Register a sub-account's first webhook",
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /withdraw/allowed-ip/subaccount`, with the sub-account's token: not retried, it works
     * once (a second attempt after a first that arrived is 400).
     */
    allowWithdrawalIp: {
      ...routes.company.allowWithdrawalIp,
      request: WithdrawalIpInput,
      auth: true,
      summary: "Allow a sub-account's first withdrawal IP",
      statuses: [200, 400, 401, 500],
    },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, OperationSpec>>>>;

type Table = typeof operations;
type BodyCheck<Spec, Id> = Spec extends { readonly request: z.ZodMiniType }
  ? Id extends keyof RouteBodies
    ? RouteBodies[Id] extends z.input<Spec['request']>
      ? true
      : false
    : false
  : Id extends keyof RouteBodies
    ? false
    : true;
// Each entry's body schema accepts what the client's `prepare` lets a call send (RouteBodies), and
// an entry without a body schema is one the client sends no body with: else this fails to compile.
type Checks = {
  [Area in keyof Table]: {
    [Method in keyof Table[Area]]: BodyCheck<Table[Area][Method], `${Area}.${Method & string}`>;
  }[keyof Table[Area]];
}[keyof Table];
true satisfies [Checks] extends [true] ? true : never;
