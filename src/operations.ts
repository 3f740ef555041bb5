import * as z from 'zod/mini';
// The schemas come from the models' index only: the mock's builds take that module from the package.
import {
  AddPixKeyResult,
  BalanceFilter,
  BalanceList,
  CreateCustomerInput,
  CreateCustomerResult,
  CreateDepositResult,
  CreateSubAccountInput,
  CreateWithdrawalResponse,
  CurrencyList,
  Customer,
  DepositRequest,
  MessageResult,
  PixKeyInput,
  PixKeyList,
  SubAccountWebhookInput,
  TokenRequest,
  TokenResponse,
  TransactionDetails,
  UpdateCustomerInput,
  WithdrawalIpInput,
  WithdrawalRequest,
} from './models/index.js';
import { schema } from './models/shared.js';

/**
 * The body the client sends where the service needs none but accepts an empty JSON object (the
 * webhook resends, service document 4.6).
 *
 * @internal
 */
export const EmptyBody = /* @__PURE__ */ schema(() => z.looseObject({}));

/**
 * One operation of the service, as {@link operations} declares it.
 *
 * @internal
 */
export interface OperationSpec {
  /**
   * `area.method`, named after the client method that calls it: `withdrawals.get` is
   * `client.withdrawals.get`, `auth.getToken` is `client.getToken`. The mock's journal, its
   * `auth.denyAction` and the OpenAPI `operationId` use the same name.
   */
  readonly id: string;
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL; each parameter is written once, as `{name}`. */
  readonly path: string;
  /** Schema of the JSON body, for an operation that takes one. */
  readonly request?: z.ZodMiniType | undefined;
  /** The body may be left out: the service needs none and accepts `{}`. */
  readonly optionalRequest?: boolean | undefined;
  /** Schema the answer is parsed with. */
  readonly response: z.ZodMiniType;
  /** Whether the operation needs `Authorization: Bearer <token>`. */
  readonly auth: boolean;
  /**
   * Whether the client may send the request again after it may have reached the service (on a
   * connection error, a timeout, 429 or 5xx).
   */
  readonly retry: boolean;
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
 * The service's operations, one entry each, by area and client method: method, path, body and
 * answer schemas, authentication, retry policy, a summary and the documented statuses. Adding an
 * operation starts here. The client sends every request through this table (its bundle keeps only
 * the fields it reads); the mock builds its routes, its journal names, its OpenAPI document and
 * the list in its bin's help from it.
 *
 * @internal
 */
export const operations = {
  /** Access tokens. */
  auth: {
    /** `POST /auth/token`, sent by the token manager, never retried. */
    getToken: {
      id: 'auth.getToken',
      method: 'POST',
      path: '/auth/token',
      request: TokenRequest,
      response: TokenResponse,
      auth: false,
      // Sending it again costs nothing: a failed login is retried by every call waiting for it.
      retry: true,
      summary: 'Obtain an access token',
      statuses: [200, 400, 401, 500],
    },
  },
  /** Pix keys of a customer. */
  pixKeys: {
    /** `POST /pix/customer/{customerId}/key`: a second attempt would meet "already registered". */
    add: {
      id: 'pixKeys.add',
      method: 'POST',
      path: '/pix/customer/{customerId}/key',
      request: PixKeyInput,
      response: AddPixKeyResult,
      auth: true,
      retry: false,
      summary: 'Add a Pix key',
      statuses: [201, 400, 401, 404, 500],
    },
    /** `GET /pix/customer/{customerId}/key`. */
    list: {
      id: 'pixKeys.list',
      method: 'GET',
      path: '/pix/customer/{customerId}/key',
      response: PixKeyList,
      auth: true,
      retry: true,
      summary: 'List Pix keys',
      statuses: [200, 401, 404, 500],
    },
    /** `DELETE /pix/customer/{customerId}/key/remove/{keyId}` (per the provider's public docs). */
    remove: {
      id: 'pixKeys.remove',
      method: 'DELETE',
      path: '/pix/customer/{customerId}/key/remove/{keyId}',
      response: MessageResult,
      auth: true,
      retry: false,
      summary: 'Remove a Pix key',
      statuses: [201, 401, 404, 500],
    },
  },
  /** Withdrawals: currencies, creation, details, webhook resend. */
  withdrawals: {
    /** `GET /withdraw/company/currencies`. */
    listCurrencies: {
      id: 'withdrawals.listCurrencies',
      method: 'GET',
      path: '/withdraw/company/currencies',
      response: CurrencyList,
      auth: true,
      retry: true,
      summary: 'List fiat currencies for withdrawals',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /withdraw`: retried, because the same `externalId` is the same withdrawal. */
    create: {
      id: 'withdrawals.create',
      method: 'POST',
      path: '/withdraw',
      request: WithdrawalRequest,
      response: CreateWithdrawalResponse,
      auth: true,
      retry: true,
      summary: 'Create a withdrawal',
      statuses: [201, 400, 401, 404, 500],
    },
    /** `GET /withdraw/{id}/details` (per the provider's public docs). */
    get: {
      id: 'withdrawals.get',
      method: 'GET',
      path: '/withdraw/{id}/details',
      response: TransactionDetails,
      auth: true,
      retry: true,
      summary: 'Get a withdrawal',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /withdraw/{id}/resend/webhook`: the service allows it any number of times. */
    resendWebhook: {
      id: 'withdrawals.resendWebhook',
      method: 'POST',
      path: '/withdraw/{id}/resend/webhook',
      request: EmptyBody,
      optionalRequest: true,
      response: MessageResult,
      auth: true,
      retry: true,
      summary: 'Resend the withdrawal webhook',
      statuses: [200, 401, 404, 500],
    },
  },
  /** Deposits: currencies, creation, details, webhook resend. */
  deposits: {
    /** `GET /deposit/company/currencies`. */
    listCurrencies: {
      id: 'deposits.listCurrencies',
      method: 'GET',
      path: '/deposit/company/currencies',
      response: CurrencyList,
      auth: true,
      retry: true,
      summary: 'List fiat currencies for deposits',
      statuses: [200, 401, 500],
    },
    /**
     * `POST /deposit`, for a customer on file (`customerId`) or a new one (`customer`): retried,
     * because the same `externalId` is the same deposit (per the provider's public docs).
     */
    create: {
      id: 'deposits.create',
      method: 'POST',
      path: '/deposit',
      request: DepositRequest,
      response: CreateDepositResult,
      auth: true,
      retry: true,
      summary: 'Create a deposit',
      statuses: [201, 400, 401, 404, 409, 500],
    },
    /** `GET /deposit/{id}/details` (per the provider's public docs). */
    get: {
      id: 'deposits.get',
      method: 'GET',
      path: '/deposit/{id}/details',
      response: TransactionDetails,
      auth: true,
      retry: true,
      summary: 'Get a deposit',
      statuses: [200, 401, 404, 500],
    },
    /** `POST /deposit/{id}/resend/webhook` (per the provider's public docs). */
    resendWebhook: {
      id: 'deposits.resendWebhook',
      method: 'POST',
      path: '/deposit/{id}/resend/webhook',
      request: EmptyBody,
      optionalRequest: true,
      response: MessageResult,
      auth: true,
      retry: true,
      summary: 'Resend the deposit webhook',
      statuses: [200, 401, 404, 500],
    },
  },
  /** Customers (per the provider's public docs). */
  customers: {
    /** `POST /customer`. */
    create: {
      id: 'customers.create',
      method: 'POST',
      path: '/customer',
      request: CreateCustomerInput,
      response: CreateCustomerResult,
      auth: true,
      retry: false,
      summary: 'Create a customer',
      statuses: [200, 201, 400, 401, 500],
    },
    /** `GET /customer/{id}`. */
    get: {
      id: 'customers.get',
      method: 'GET',
      path: '/customer/{id}',
      response: Customer,
      auth: true,
      retry: true,
      summary: 'Get a customer',
      statuses: [200, 401, 404, 500],
    },
    /**
     * `PUT /customer/{id}`: retried, because the body replaces the customer's data whole, so a
     * second attempt leaves the customer as the first did (its own name and document are no
     * conflict).
     */
    update: {
      id: 'customers.update',
      method: 'PUT',
      path: '/customer/{id}',
      request: UpdateCustomerInput,
      response: MessageResult,
      auth: true,
      retry: true,
      summary: 'Update a customer',
      statuses: [200, 400, 401, 404, 409, 500],
    },
  },
  /** The company account: balances and sub-accounts (per the provider's public docs). */
  company: {
    /**
     * `POST /balance/company`: retried, it only reads (`{}` or a filter), so a second attempt
     * changes nothing.
     */
    getBalance: {
      id: 'company.getBalance',
      method: 'POST',
      path: '/balance/company',
      request: BalanceFilter,
      response: BalanceList,
      auth: true,
      retry: true,
      summary: 'Get the account balances',
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /company/subaccount` (partner accounts): not retried, a second attempt would create
     * a second sub-account or meet the first one's e-mail; nothing published makes it repeatable.
     */
    createSubAccount: {
      id: 'company.createSubAccount',
      method: 'POST',
      path: '/company/subaccount',
      request: CreateSubAccountInput,
      response: MessageResult,
      auth: true,
      retry: false,
      summary: 'Create a sub-account',
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /webhook/subaccount`, with the sub-account's token: not retried, it works once (a
     * second attempt after a first that arrived is 400).
     */
    registerWebhook: {
      id: 'company.registerWebhook',
      method: 'POST',
      path: '/webhook/subaccount',
      request: SubAccountWebhookInput,
      response: MessageResult,
      auth: true,
      retry: false,
      summary: "Register a sub-account's first webhook",
      statuses: [200, 400, 401, 500],
    },
    /**
     * `POST /withdraw/allowed-ip/subaccount`, with the sub-account's token: not retried, it works
     * once (a second attempt after a first that arrived is 400).
     */
    allowWithdrawalIp: {
      id: 'company.allowWithdrawalIp',
      method: 'POST',
      path: '/withdraw/allowed-ip/subaccount',
      request: WithdrawalIpInput,
      response: MessageResult,
      auth: true,
      retry: false,
      summary: "Allow a sub-account's first withdrawal IP",
      statuses: [200, 400, 401, 500],
    },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, OperationSpec>>>>;

type ParamName<Path> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamName<Rest>
  : never;

/**
 * What a call of `spec` takes: a string per path parameter, and `body` when it sends one.
 *
 * @internal
 */
export type CallInput<Spec extends OperationSpec> = {
  readonly [Name in ParamName<Spec['path']>]: string;
} & (Spec['request'] extends z.ZodMiniType
  ? { readonly body: z.input<Spec['request']> }
  : { readonly body?: undefined });

/**
 * The answer of `spec`, as its response schema parses it.
 *
 * @internal
 */
export type ResultOf<Spec extends OperationSpec> = z.output<Spec['response']>;
