import * as z from 'zod/mini';
// The schemas come from the models' index only: the mock's builds take that module from the package.
import {
  AddPixKeyResult,
  type BalanceFilter,
  BalanceList,
  BlockchainNetworkList,
  type CreateCustomerInput,
  CreateCustomerResult,
  CreateDepositResult,
  type CreateSubAccountInput,
  CreateWithdrawalResponse,
  CryptocurrencyList,
  type CryptoDepositRequest,
  type CryptoWithdrawalRequest,
  CurrencyList,
  Customer,
  CustomerWalletList,
  DepositQuote,
  type DepositQuoteRequest,
  type DepositRequest,
  MessageResult,
  type PixKeyInput,
  PixKeyList,
  type SubAccountWebhookInput,
  type TokenRequest,
  TransactionDetails,
  type UpdateCustomerInput,
  WalletQuote,
  type WalletQuoteRequest,
  type WalletWithdrawalRequest,
  type WithdrawalIpInput,
  WithdrawalQuote,
  type WithdrawalQuoteRequest,
  type WithdrawalRequest,
} from '../models/index.js';
import { schema } from '../models/shared.js';

// The client reads the login's answer more strictly than the published `TokenResponse`: the token
// goes into the Authorization header, so one that holds anything but visible ASCII (CR, LF, a
// space) is refused like any other answer that breaks the contract.
const LoginAnswer = /* @__PURE__ */ schema(() =>
  z.looseObject({
    token: z
      .string()
      .check(z.regex(/^[!-~]+$/, 'must be visible ASCII characters only (it is sent in a header)')),
  }),
);

/**
 * What the client needs of an operation to send it, as {@link routes} declares it.
 *
 * @internal
 */
export interface Route {
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL; each parameter is written once, as `{name}`. */
  readonly path: string;
  /** Schema the client parses the answer with. */
  readonly response: z.ZodMiniType;
  /**
   * Whether the client may send the request again after it may have reached the service (on a
   * connection error, a timeout, 429 or 5xx).
   */
  readonly retry: boolean;
}

/**
 * The client's half of the table of operations: method, path, answer schema and retry policy of
 * each operation, by area and client method. The other half (id, body schema, authentication,
 * summary, documented statuses) is in `src/seam/operations.ts`, which the mock and the OpenAPI document
 * read and the client never loads: so the client's bundle carries none of it.
 *
 * @internal
 */
const table = {
  auth: {
    // Sending it again costs nothing: a failed login is retried by every call waiting for it.
    getToken: { method: 'POST', path: '/auth/token', response: LoginAnswer, retry: true },
  },
  pixKeys: {
    // A second attempt would meet "already registered".
    add: {
      method: 'POST',
      path: '/pix/customer/{customerId}/key',
      response: AddPixKeyResult,
      retry: false,
    },
    list: {
      method: 'GET',
      path: '/pix/customer/{customerId}/key',
      response: PixKeyList,
      retry: true,
    },
    remove: {
      method: 'DELETE',
      path: '/pix/customer/{customerId}/key/remove/{keyId}',
      response: MessageResult,
      retry: false,
    },
  },
  withdrawals: {
    listCurrencies: {
      method: 'GET',
      path: '/withdraw/company/currencies',
      response: CurrencyList,
      retry: true,
    },
    // Retried, because the same `externalId` is the same withdrawal.
    create: {
      method: 'POST',
      path: '/withdraw',
      response: CreateWithdrawalResponse,
      retry: true,
    },
    get: {
      method: 'GET',
      path: '/withdraw/{id}/details',
      response: TransactionDetails,
      retry: true,
    },
    // The service allows it any number of times.
    resendWebhook: {
      method: 'POST',
      path: '/withdraw/{id}/resend/webhook',
      response: MessageResult,
      retry: true,
    },
    listCryptocurrencies: {
      method: 'GET',
      path: '/withdraw/company/cryptocurrencies',
      response: CryptocurrencyList,
      retry: true,
    },
    listNetworks: {
      method: 'GET',
      path: '/withdraw/company/blockchain-networks',
      response: BlockchainNetworkList,
      retry: true,
    },
    // The quotes only read: a second attempt changes nothing.
    quote: {
      method: 'POST',
      path: '/withdraw/conversion/brl/pix',
      response: WithdrawalQuote,
      retry: true,
    },
    quoteToWallet: {
      method: 'POST',
      path: '/withdraw/transaction/crypto/amount',
      response: WalletQuote,
      retry: true,
    },
  },
  deposits: {
    listCurrencies: {
      method: 'GET',
      path: '/deposit/company/currencies',
      response: CurrencyList,
      retry: true,
    },
    // Retried with the same `externalId`: docs/decisions/deposits-retry.md.
    create: { method: 'POST', path: '/deposit', response: CreateDepositResult, retry: true },
    get: {
      method: 'GET',
      path: '/deposit/{id}/details',
      response: TransactionDetails,
      retry: true,
    },
    resendWebhook: {
      method: 'POST',
      path: '/deposit/{id}/resend/webhook',
      response: MessageResult,
      retry: true,
    },
    listCryptocurrencies: {
      method: 'GET',
      path: '/deposit/company/cryptocurrencies',
      response: CryptocurrencyList,
      retry: true,
    },
    listNetworks: {
      method: 'GET',
      path: '/deposit/company/blockchain-networks',
      response: BlockchainNetworkList,
      retry: true,
    },
    quote: {
      method: 'POST',
      path: '/deposit/conversion/tether',
      response: DepositQuote,
      retry: true,
    },
  },
  customers: {
    create: { method: 'POST', path: '/customer', response: CreateCustomerResult, retry: false },
    get: { method: 'GET', path: '/customer/{id}', response: Customer, retry: true },
    // Retried, because the body replaces the customer's data whole, so a second attempt leaves the
    // customer as the first did (its own name and document are no conflict).
    update: { method: 'PUT', path: '/customer/{id}', response: MessageResult, retry: true },
    getWallet: {
      method: 'GET',
      path: '/crypto/customer/{id}/wallet',
      response: CustomerWalletList,
      retry: true,
    },
  },
  company: {
    // Retried, it only reads (`{}` or a filter), so a second attempt changes nothing.
    getBalance: { method: 'POST', path: '/balance/company', response: BalanceList, retry: true },
    // Not retried: a second attempt would create a second sub-account or meet the first one's
    // e-mail; nothing published makes it repeatable.
    createSubAccount: {
      method: 'POST',
      path: '/company/subaccount',
      response: MessageResult,
      retry: false,
    },
    // With the sub-account's token. Not retried: it works once (a second attempt after a first
    // that arrived is 400). So does the next.
    registerWebhook: {
      method: 'POST',
      path: '/webhook/subaccount',
      response: MessageResult,
      retry: false,
    },
    allowWithdrawalIp: {
      method: 'POST',
      path: '/withdraw/allowed-ip/subaccount',
      response: MessageResult,
      retry: false,
    },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, Route>>>>;

/**
 * The type of the JSON body each operation that sends one takes, by `area.method`: types only,
 * so that `prepare` checks a call's body without the request schemas in the client's bundle.
 * `src/seam/operations.ts` checks that its request schemas take these same types.
 *
 * @internal
 */
export interface RouteBodies {
  'auth.getToken': TokenRequest;
  'pixKeys.add': PixKeyInput;
  'withdrawals.create': WithdrawalRequest | CryptoWithdrawalRequest | WalletWithdrawalRequest;
  'withdrawals.resendWebhook': Readonly<Record<string, unknown>>;
  'withdrawals.quote': WithdrawalQuoteRequest;
  'withdrawals.quoteToWallet': WalletQuoteRequest;
  'deposits.create': DepositRequest | CryptoDepositRequest;
  'deposits.resendWebhook': Readonly<Record<string, unknown>>;
  'deposits.quote': DepositQuoteRequest;
  'customers.create': CreateCustomerInput;
  'customers.update': UpdateCustomerInput;
  'company.getBalance': BalanceFilter;
  'company.createSubAccount': CreateSubAccountInput;
  'company.registerWebhook': SubAccountWebhookInput;
  'company.allowWithdrawalIp': WithdrawalIpInput;
}

/** A route with the type of its body, `undefined` for one that sends none. @internal */
export type Sending<R, Id extends string> = R & {
  /** A type only: never set. */
  readonly body?: Id extends keyof RouteBodies ? RouteBodies[Id] : undefined;
};

type Table = typeof table;

/**
 * The client's half of the table of operations, by area and client method: see {@link Route}.
 * Callers hand an entry to `prepare` (`prepare(routes.pixKeys.list, { customerId })`).
 *
 * @internal
 */
export const routes: {
  readonly [Area in keyof Table & string]: {
    readonly [Method in keyof Table[Area] & string]: Sending<
      Table[Area][Method],
      `${Area}.${Method}`
    >;
  };
} = table;

type ParamName<Path> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamName<Rest>
  : never;

type BodyOf<R> = R extends { readonly body?: infer Body } ? Exclude<Body, undefined> : never;

/**
 * What a call of `route` takes: a string per path parameter, and `body` when it sends one.
 *
 * @internal
 */
export type CallInput<R extends Route> = {
  readonly [Name in ParamName<R['path']>]: string;
} & ([BodyOf<R>] extends [never] ? { readonly body?: undefined } : { readonly body: BodyOf<R> });

/**
 * The answer of `route`, as its response schema parses it.
 *
 * @internal
 */
export type ResultOf<R extends Route> = z.output<R['response']>;
