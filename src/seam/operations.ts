import type * as z from 'zod/mini';
import type * as Models from '../models/index.js';

/**
 * The name of a schema the package exports (`pix-payment-sdk`), such as `'PixKeyList'`.
 *
 * @internal
 */
export type SchemaName = {
  [Name in keyof typeof Models]: (typeof Models)[Name] extends z.ZodMiniType ? Name : never;
}[keyof typeof Models];

/**
 * Bodies that are no single exported schema but any one of several: the variants of a withdrawal
 * and of a deposit the provider publishes. The OpenAPI document names each union after its key.
 *
 * @internal
 */
export const BODY_VARIANTS = {
  /** BRL to a Pix key, USDT to a Pix key (off-ramp), USDT to an external wallet. */
  WithdrawalVariants: ['WithdrawalRequest', 'CryptoWithdrawalRequest', 'WalletWithdrawalRequest'],
  /** A Pix charge in BRL, and one converted to USDT when paid (on-ramp). */
  DepositVariants: ['DepositRequest', 'CryptoDepositRequest'],
} as const satisfies Readonly<Record<string, ReadonlyArray<SchemaName>>>;

/**
 * What a body or an answer of the table can be: a schema the package exports, one of
 * {@link BODY_VARIANTS}, or `'EmptyBody'`, an empty object, which the service accepts where it
 * needs no body (the webhook resends, service document 4.6).
 *
 * @internal
 */
export type BodyName = SchemaName | keyof typeof BODY_VARIANTS | 'EmptyBody';

/**
 * The schemas the table of operations names, each member named after the package's export (or
 * the {@link BodyName}) it stands for; a compile-time check below refuses any other name. The
 * client reads the schema of a member from its models (src/core/answers.ts); the OpenAPI document
 * reads the member's name (`Schema[member]`) and takes the schema of that name from the
 * package's exports, so both find the same object. An enum, so that a bundler writes each
 * reference as a small number: the client's bundle carries no name, and the names stay in the
 * mock, which reads them. The answers come first, those of the Pix calls before those of the
 * areas loaded on first use: the client finds the schema of a Pix answer at its member's index
 * in `ANSWERS`, and an area's in `AREA_ANSWERS`, which only that area's chunk imports.
 *
 * @internal
 */
export enum Schema {
  TokenResponse,
  AddPixKeyResult,
  PixKeyList,
  MessageResult,
  CurrencyList,
  CreateWithdrawalResponse,
  TransactionDetails,
  CreateDepositResult,
  CreateCustomerResult,
  Customer,
  // The answers of the areas loaded on first use (the crypto rails, the company account): the
  // client holds their schemas in those areas' chunks (src/core/area-answers.ts).
  CryptocurrencyList,
  BlockchainNetworkList,
  WithdrawalQuote,
  WalletQuote,
  DepositQuote,
  CustomerWalletList,
  BalanceList,
  TokenRequest,
  PixKeyInput,
  WithdrawalVariants,
  EmptyBody,
  WithdrawalQuoteRequest,
  WalletQuoteRequest,
  DepositVariants,
  DepositQuoteRequest,
  CreateCustomerInput,
  UpdateCustomerInput,
  BalanceFilter,
  CreateSubAccountInput,
  SubAccountWebhookInput,
  WithdrawalIpInput,
}

// Every member of `Schema` is a body name: an export of the package, a variant union or EmptyBody.
true satisfies [Exclude<keyof typeof Schema, BodyName>] extends [never] ? true : never;

/** The name a member of {@link Schema} stands for. @internal */
export type NameOf<Member extends Schema> = {
  [Name in keyof typeof Schema]: (typeof Schema)[Name] extends Member ? Name : never;
}[keyof typeof Schema];

/**
 * One operation of the service, as {@link operations} declares it: what the client needs to send
 * it, and the names of its schemas.
 *
 * @internal
 */
export interface OperationSpec {
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL; each parameter is written once, as `{name}`. */
  readonly path: string;
  /**
   * Whether the client may send the request again after it may have reached the service (on a
   * connection error, a timeout, 429 or 5xx).
   */
  readonly retry: boolean;
  /**
   * `false` for the one operation sent without `Authorization: Bearer <token>` (the login); every
   * other needs a token.
   */
  readonly auth?: false | undefined;
  /** The schema of the answer. */
  readonly response: Schema;
  /**
   * The schema of the JSON body, for an operation that takes one; `Schema.EmptyBody` for one whose
   * body may be left out (the service needs none and accepts `{}`).
   */
  readonly request?: Schema | undefined;
}

/**
 * The table of operations: every operation of the service once, by area and client method. An
 * operation's id is its place in the table, `area.method`, named after the client method that
 * calls it: `withdrawals.get` is `client.withdrawals.get`, `auth.getToken` is `client.getToken`;
 * the mock's journal, its `auth.denyAction` and the OpenAPI `operationId` use that name.
 *
 * The client sends each call from its entry (`prepare(routes.pixKeys.list, { customerId })`) and
 * the mock routes, journals and lists its operations from it. Schemas are named ({@link Schema}),
 * not imported, so the mock reads the table without a copy of the client's models, and the
 * OpenAPI document takes each schema from the package's exports (`mock/openapi/components.ts`,
 * where reading `sdk[name]` also checks each name against the public entry). What only the
 * document says of an operation (summary, statuses, descriptions, examples) is in
 * `mock/openapi/`, keyed by the same ids; adding an operation starts here.
 *
 * @internal
 */
export const operations = {
  /** Access tokens. */
  auth: {
    // Sending it again costs nothing: a failed login is retried by every call waiting for it. The
    // client reads the answer more strictly than the published schema (src/core/answers.ts).
    getToken: {
      method: 'POST',
      path: '/auth/token',
      retry: true,
      auth: false,
      response: Schema.TokenResponse,
      request: Schema.TokenRequest,
    },
  },
  /** Pix keys of a customer. */
  pixKeys: {
    // A second attempt would meet "already registered".
    add: {
      method: 'POST',
      path: '/pix/customer/{customerId}/key',
      retry: false,
      response: Schema.AddPixKeyResult,
      request: Schema.PixKeyInput,
    },
    list: {
      method: 'GET',
      path: '/pix/customer/{customerId}/key',
      retry: true,
      response: Schema.PixKeyList,
    },
    // Per the provider's public docs.
    remove: {
      method: 'DELETE',
      path: '/pix/customer/{customerId}/key/remove/{keyId}',
      retry: false,
      response: Schema.MessageResult,
    },
  },
  /** Withdrawals: currencies, creation, details, webhook resend, the crypto lists and quotes. */
  withdrawals: {
    listCurrencies: {
      method: 'GET',
      path: '/withdraw/company/currencies',
      retry: true,
      response: Schema.CurrencyList,
    },
    // Retried, because the same `externalId` is the same withdrawal.
    create: {
      method: 'POST',
      path: '/withdraw',
      retry: true,
      response: Schema.CreateWithdrawalResponse,
      request: Schema.WithdrawalVariants,
    },
    get: {
      method: 'GET',
      path: '/withdraw/{id}/details',
      retry: true,
      response: Schema.TransactionDetails,
    },
    // The service allows it any number of times.
    resendWebhook: {
      method: 'POST',
      path: '/withdraw/{id}/resend/webhook',
      retry: true,
      response: Schema.MessageResult,
      request: Schema.EmptyBody,
    },
    listCryptocurrencies: {
      method: 'GET',
      path: '/withdraw/company/cryptocurrencies',
      retry: true,
      response: Schema.CryptocurrencyList,
    },
    listNetworks: {
      method: 'GET',
      path: '/withdraw/company/blockchain-networks',
      retry: true,
      response: Schema.BlockchainNetworkList,
    },
    // The quotes only read: a second attempt changes nothing.
    quote: {
      method: 'POST',
      path: '/withdraw/conversion/brl/pix',
      retry: true,
      response: Schema.WithdrawalQuote,
      request: Schema.WithdrawalQuoteRequest,
    },
    quoteToWallet: {
      method: 'POST',
      path: '/withdraw/transaction/crypto/amount',
      retry: true,
      response: Schema.WalletQuote,
      request: Schema.WalletQuoteRequest,
    },
  },
  /** Deposits: currencies, creation, details, webhook resend, the crypto lists and quote. */
  deposits: {
    listCurrencies: {
      method: 'GET',
      path: '/deposit/company/currencies',
      retry: true,
      response: Schema.CurrencyList,
    },
    // Retried with the same `externalId`: docs/decisions/deposits-retry.md.
    create: {
      method: 'POST',
      path: '/deposit',
      retry: true,
      response: Schema.CreateDepositResult,
      request: Schema.DepositVariants,
    },
    get: {
      method: 'GET',
      path: '/deposit/{id}/details',
      retry: true,
      response: Schema.TransactionDetails,
    },
    resendWebhook: {
      method: 'POST',
      path: '/deposit/{id}/resend/webhook',
      retry: true,
      response: Schema.MessageResult,
      request: Schema.EmptyBody,
    },
    listCryptocurrencies: {
      method: 'GET',
      path: '/deposit/company/cryptocurrencies',
      retry: true,
      response: Schema.CryptocurrencyList,
    },
    listNetworks: {
      method: 'GET',
      path: '/deposit/company/blockchain-networks',
      retry: true,
      response: Schema.BlockchainNetworkList,
    },
    quote: {
      method: 'POST',
      path: '/deposit/conversion/tether',
      retry: true,
      response: Schema.DepositQuote,
      request: Schema.DepositQuoteRequest,
    },
  },
  /** Customers (per the provider's public docs). */
  customers: {
    create: {
      method: 'POST',
      path: '/customer',
      retry: false,
      response: Schema.CreateCustomerResult,
      request: Schema.CreateCustomerInput,
    },
    get: {
      method: 'GET',
      path: '/customer/{id}',
      retry: true,
      response: Schema.Customer,
    },
    // Retried, because the body replaces the customer's data whole, so a second attempt leaves the
    // customer as the first did (its own name and document are no conflict).
    update: {
      method: 'PUT',
      path: '/customer/{id}',
      retry: true,
      response: Schema.MessageResult,
      request: Schema.UpdateCustomerInput,
    },
    // The customer's fixed USDT deposit address.
    getWallet: {
      method: 'GET',
      path: '/crypto/customer/{id}/wallet',
      retry: true,
      response: Schema.CustomerWalletList,
    },
  },
  /** The company account: balances and sub-accounts (per the provider's public docs). */
  company: {
    // Retried, it only reads (`{}` or a filter), so a second attempt changes nothing.
    getBalance: {
      method: 'POST',
      path: '/balance/company',
      retry: true,
      response: Schema.BalanceList,
      request: Schema.BalanceFilter,
    },
    // Not retried: a second attempt would create a second sub-account or meet the first one's
    // e-mail; nothing published makes it repeatable.
    createSubAccount: {
      method: 'POST',
      path: '/company/subaccount',
      retry: false,
      response: Schema.MessageResult,
      request: Schema.CreateSubAccountInput,
    },
    // With the sub-account's token. Not retried: it works once (a second attempt after a first
    // that arrived is 400). So does the next.
    registerWebhook: {
      method: 'POST',
      path: '/webhook/subaccount',
      retry: false,
      response: Schema.MessageResult,
      request: Schema.SubAccountWebhookInput,
    },
    allowWithdrawalIp: {
      method: 'POST',
      path: '/withdraw/allowed-ip/subaccount',
      retry: false,
      response: Schema.MessageResult,
      request: Schema.WithdrawalIpInput,
    },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, OperationSpec>>>>;

type Table = typeof operations;

/**
 * The members of {@link Schema} the table names as answers: the client holds one schema for each
 * (src/core/answers.ts, src/core/area-answers.ts).
 *
 * @internal
 */
export type ResponseSchema = {
  [Area in keyof Table]: { [Method in keyof Table[Area]]: Table[Area][Method] }[keyof Table[Area]];
}[keyof Table]['response'];

/**
 * The answers of the areas a Pix-only application never calls (the crypto rails, the company
 * account): their schemas load with those areas' chunks (src/core/area-answers.ts), and
 * `prepare` refuses, at compile time, an entry that names one of them.
 *
 * @internal
 */
export type AreaAnswer =
  | Schema.CryptocurrencyList
  | Schema.BlockchainNetworkList
  | Schema.WithdrawalQuote
  | Schema.WalletQuote
  | Schema.DepositQuote
  | Schema.CustomerWalletList
  | Schema.BalanceList;

type ParamName<Path> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamName<Rest>
  : never;

type InputOf<Name> = Name extends SchemaName ? z.input<(typeof Models)[Name]> : never;

/** The type of the body an entry names: what its schema accepts. */
type BodyOf<Spec> = Spec extends { readonly request: infer Member extends Schema }
  ? BodyOfName<NameOf<Member>>
  : never;

type BodyOfName<Name> = Name extends keyof typeof BODY_VARIANTS
  ? InputOf<(typeof BODY_VARIANTS)[Name][number]>
  : Name extends 'EmptyBody'
    ? Readonly<Record<string, unknown>>
    : InputOf<Name>;

/**
 * What a call of an operation takes: a string per path parameter, and `body` when it sends one.
 *
 * @internal
 */
export type CallInput<Spec extends OperationSpec> = {
  readonly [Name in ParamName<Spec['path']>]: string;
} & ([BodyOf<Spec>] extends [never]
  ? { readonly body?: undefined }
  : { readonly body: BodyOf<Spec> });

/**
 * The answer of an operation, as the schema it names parses it.
 *
 * @internal
 */
export type ResultOf<Spec extends Pick<OperationSpec, 'response'>> = z.output<
  (typeof Models)[NameOf<Spec['response']> & SchemaName]
>;
