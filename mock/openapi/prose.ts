import { COMPANY_MESSAGES } from '../service/handlers/company.js';
import { INSUFFICIENT_BALANCE } from '../service/handlers/withdrawals.js';
import type { OperationId } from '../service/operations.js';
import { CRYPTO_OPERATION_PROSE, CRYPTO_WITHDRAWAL_400 } from './crypto-prose.js';
import type { OperationProse } from './types.js';

export type { OperationProse } from './types.js';

import {
  balanceFilterExample,
  balanceListExample,
  customerCreatedExample,
  customerExistsExample,
  depositCreatedExample,
  depositDetailsExample,
  depositRequestExample,
  examples,
  ids,
  pixKeyAddedExample,
  subAccountRequestExample,
  subAccountWebhookExample,
  withdrawalCreatedExample,
  withdrawalDetailsExample,
  withdrawalIpExample,
  withdrawalRequestExample,
} from './examples.js';

// A repeated externalId with another body; the provider does not publish what it answers.
const REPEAT_409 =
  "The `externalId` was already used with a body that asks for another payment (another amount, customer, Pix key, currency or other field); nothing is created. The mock answers 409 and names the differing fields in `X-Mock-Reason`, unless started with `idempotencyMismatch: 'replay'` (then the first transaction is answered again). The provider does not publish this answer.";

// What the OpenAPI document says about each operation beyond the table: where its contract comes
// from, what it does, its path parameters, and a description and example for each status the
// table lists (a success's body, an error's condition; error bodies are always the reason phrase).

/**
 * A path parameter: what it identifies and a realistic value.
 *
 * @internal
 */
export interface ParameterProse {
  readonly description: string;
  readonly example: string;
}

/**
 * The path parameters of each area, by the name the table gives them.
 *
 * @internal
 */
export const PARAMETER_PROSE: Readonly<Record<string, Readonly<Record<string, ParameterProse>>>> = {
  pixKeys: {
    customerId: { description: 'The `_id` of the customer.', example: ids.customer },
    keyId: { description: 'The `_id` of the Pix key.', example: ids.pixKey },
  },
  withdrawals: { id: { description: 'The `_id` of the withdrawal.', example: ids.withdrawal } },
  deposits: {
    id: {
      description: 'The `_id` of the deposit (`data.id` of the create answer).',
      example: ids.deposit,
    },
  },
  customers: { id: { description: 'The `_id` of the customer.', example: ids.customer } },
};

// The webhook resends need no body but accept an empty JSON object (service document 4.6).
const EMPTY_BODY = {
  description: 'No body is required; an empty JSON object is accepted.',
  example: {},
};

const AUTH_401 =
  'Invalid or expired token; invalid or missing header; IP not allowed (the service restricts callers by IP address).';
const SERVER_500 = 'Internal server error.';
// What every operation with a required body answers 400 for, before its own checks.
const MALFORMED_BODY =
  'the body is not JSON, not sent as `Content-Type: application/json`, empty, not valid UTF-8, or not a JSON object';
const SERVER_500_UNLISTED =
  'Internal server error. Not listed for this operation; any operation can fail this way.';

/**
 * Every status an operation answers, as its prose describes them: successes and errors, in
 * ascending order.
 *
 * @internal
 */
export function documentedStatuses(prose: OperationProse): number[] {
  return [...Object.keys(prose.successes), ...Object.keys(prose.errors)]
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * The prose of every operation, by id.
 *
 * @internal
 */
export const OPERATION_PROSE: Readonly<Record<OperationId, OperationProse>> = {
  ...CRYPTO_OPERATION_PROSE,
  'auth.getToken': {
    summary: 'Obtain an access token',
    description:
      "Exchanges the company's email and password for a JWT to send as `Authorization: Bearer <token>` on every other call. The 200 status and the 401 on wrong credentials are per the provider's public docs (the service document does not show them).",
    fromProviderDocs: false,
    requestBody: {
      description: 'The company credentials.',
      example: examples.tokenRequest,
    },
    successes: {
      200: {
        description: 'The access token.',
        example: examples.tokenResponse,
      },
    },
    errors: {
      400: `The body is malformed: ${MALFORMED_BODY}, or \`email\` and \`password\` are not both non-empty strings (the mock's choice; the provider does not document it).`,
      401: "Wrong email or password (per the provider's public docs).",
      500: SERVER_500_UNLISTED,
    },
  },
  'pixKeys.add': {
    summary: 'Add a Pix key',
    description:
      'Registers a Pix key for a customer. The returned key object is ready for use: store it and pass it whole as `pixKey` in a withdrawal. A Pix key is unique: registering it again answers 404. List the keys first to avoid that.',
    fromProviderDocs: false,
    requestBody: {
      description: 'The Pix key value and its type.',
      example: examples.pixKeyInput,
    },
    successes: {
      201: {
        description: 'The key was added.',
        example: pixKeyAddedExample,
      },
    },
    errors: {
      400: `The provided Pix key is not valid; ${MALFORMED_BODY}; \`key\` and \`type\` are not both strings.`,
      401: AUTH_401,
      404: 'The Pix key is already registered; the key does not correspond to a valid CPF; the customer is not found.',
      500: SERVER_500,
    },
  },
  'pixKeys.list': {
    summary: 'List Pix keys',
    description:
      "Lists a customer's Pix keys: a plain JSON array, not paginated. Pick one and pass it whole as `pixKey` in a withdrawal.",
    fromProviderDocs: false,
    successes: {
      200: {
        description: "The customer's keys.",
        example: [examples.pixKey, examples.maskedPixKey],
      },
    },
    errors: {
      401: AUTH_401,
      404: 'Customer not found.',
      500: SERVER_500,
    },
  },
  'pixKeys.remove': {
    summary: 'Remove a Pix key',
    description: 'Removes a Pix key of a customer. No body. Note the 201 status on success.',
    fromProviderDocs: true,
    successes: {
      201: {
        description: 'The key was removed.',
        example: { message: 'Chave Pix removida com sucesso' },
      },
    },
    errors: {
      401: AUTH_401,
      404: 'The customer or the key is unknown.',
      500: SERVER_500_UNLISTED,
    },
  },
  'withdrawals.listCurrencies': {
    summary: 'List fiat currencies for withdrawals',
    description:
      'Lists the currencies available to the company account for withdrawals. Select one (by name or symbol) and pass it whole as `currency` in the withdrawal. Never use a deposit currency for a withdrawal.',
    fromProviderDocs: false,
    successes: {
      200: {
        description: 'The withdrawal currencies.',
        example: [examples.withdrawCurrency],
      },
    },
    errors: {
      401: AUTH_401,
      404: 'Customer not found.',
      500: SERVER_500,
    },
  },
  'withdrawals.create': {
    summary: 'Create a withdrawal',
    description:
      "Sends money to a Pix key. The body carries the whole currency and Pix key objects. `externalId` is the idempotency key: a second request with an `externalId` already seen and the same body is ignored and answers the first withdrawal again; one whose body asks for another payout is 409 (the provider does not say which it does; the mock refuses unless started with `idempotencyMismatch: 'replay'`).",
    example400: INSUFFICIENT_BALANCE,
    fromProviderDocs: true,
    requestBody: {
      description: 'The withdrawal.',
      example: withdrawalRequestExample,
    },
    successes: {
      201: {
        description: 'The withdrawal was requested; its status is PENDING.',
        example: withdrawalCreatedExample,
      },
    },
    errors: {
      400: `The body is malformed: ${MALFORMED_BODY}; \`amount\` is not a positive number with at most two decimals; \`customerId\` is not a string; \`externalId\` is not a non-empty string of at most 256 characters; \`currency\` is not one of the withdrawal currencies; \`pixKey\` is not a key registered to the customer (the provider does not list this status; the mock answers it); the amount is above the balance available (the provider names this error "saldo insuficiente" without publishing it: the mock answers 400 with \`{ "message": "Saldo insuficiente" }\`, its own choice, and creates nothing).${CRYPTO_WITHDRAWAL_400}`,
      401: `${AUTH_401} Also a caller address outside the account's withdrawal IP list, when it has one.`,
      404: '`customerId` is unknown.',
      409: REPEAT_409,
      500: SERVER_500_UNLISTED,
    },
  },
  'withdrawals.get': {
    summary: 'Get a withdrawal',
    description:
      'Details of a withdrawal, with its current status in `currency.status`. A webhook receiver reads this to confirm a status before acting on it.',
    fromProviderDocs: true,
    successes: {
      200: {
        description: 'The withdrawal.',
        example: withdrawalDetailsExample,
      },
    },
    errors: {
      401: AUTH_401,
      404: 'No withdrawal has this id (the provider does not list the errors of this operation).',
      500: SERVER_500_UNLISTED,
    },
  },
  'withdrawals.resendWebhook': {
    summary: 'Resend the withdrawal webhook',
    description:
      "Sends the webhook notification of a withdrawal again to the callback URL registered in the company's dashboard. An action, not a query; it may be called any number of times for the same withdrawal.",
    fromProviderDocs: false,
    requestBody: EMPTY_BODY,
    successes: {
      200: {
        description: 'The webhook was resent.',
        example: { message: 'Webhook de saque reenviado com sucesso' },
      },
    },
    errors: {
      401: 'Invalid or expired token; invalid or missing header; IP not allowed; not authorized for this action.',
      404: 'The provided ID is invalid; the transaction does not exist.',
      500: SERVER_500,
    },
  },
  'deposits.listCurrencies': {
    summary: 'List fiat currencies for deposits',
    description:
      'Lists the currencies available for deposits. Pass the selected one whole as `currency` in the deposit. Never use a withdrawal currency for a deposit.',
    fromProviderDocs: false,
    successes: {
      200: {
        description: 'The deposit currencies.',
        example: [examples.depositCurrency],
      },
    },
    errors: {
      401: AUTH_401,
      500: SERVER_500,
    },
  },
  'deposits.create': {
    summary: 'Create a deposit',
    description:
      'Creates a Pix charge; `data.code` is the copy-and-paste (BR Code) string the payer scans or pastes. The body names exactly one of `customerId` (a customer on file) or `customer` (`name` and `document` required, `email` and `phone` optional), which registers the customer together with the charge; `data.customerId` is then the new customer. Sending both, or neither, is a 400. `externalId` is the idempotency key, as for withdrawals: a second request with an `externalId` already seen and the same body is ignored and answers the first deposit again (no second charge, no second customer); one whose body asks for another deposit is 409.',
    fromProviderDocs: true,
    requestBody: {
      description:
        'The deposit, for a customer on file (`customerId`, as in this example) or a new one (`customer`, see the `DepositForNewCustomer` example).',
      example: depositRequestExample,
    },
    successes: {
      201: {
        description: 'The charge was created; its status is WAITING_PAYMENT.',
        example: depositCreatedExample,
      },
    },
    errors: {
      400: `The body is not a deposit: ${MALFORMED_BODY}; a bad amount, \`customerId\` not a string, \`externalId\` not a non-empty string of at most 256 characters, a currency that is not a listed deposit currency, an invalid \`customer\`, or both or neither of \`customerId\` and \`customer\` (the provider does not list this status; the mock answers it).`,
      401: AUTH_401,
      404: '`customerId` is unknown.',
      409: `The \`customer\`'s name or document is already registered; or ${REPEAT_409.charAt(0).toLowerCase()}${REPEAT_409.slice(1)}`,
      500: SERVER_500_UNLISTED,
    },
  },
  'deposits.get': {
    summary: 'Get a deposit',
    description:
      'Details of a deposit, the same shape as withdrawal details. A webhook receiver reads this to confirm a status before acting on it.',
    fromProviderDocs: true,
    successes: {
      200: {
        description: 'The deposit.',
        example: depositDetailsExample,
      },
    },
    errors: {
      401: AUTH_401,
      404: 'No deposit has this id (the provider does not list the errors of this operation).',
      500: SERVER_500_UNLISTED,
    },
  },
  'deposits.resendWebhook': {
    summary: 'Resend the deposit webhook',
    description:
      "Sends the webhook notification of a deposit again to the company's callback URL. It may be called any number of times.",
    fromProviderDocs: true,
    requestBody: EMPTY_BODY,
    successes: {
      200: {
        description: 'The webhook was resent.',
        example: { message: 'Webhook de depósito reenviado com sucesso' },
      },
    },
    errors: {
      401: AUTH_401,
      404: 'No deposit has this id (the provider does not list the errors of this operation).',
      500: SERVER_500_UNLISTED,
    },
  },
  'customers.create': {
    summary: 'Create a customer',
    description:
      'Creates an end customer of the company. A name or a document (CPF or CNPJ) that already has a customer is not an error: the answer is 200 with the existing `_id` only.',
    fromProviderDocs: true,
    requestBody: {
      description: 'The customer.',
      example: examples.customerInput,
    },
    successes: {
      201: {
        description: 'The customer was created.',
        example: customerCreatedExample,
      },
      200: {
        description:
          'A customer with this name or this document already exists; only its `_id` is returned.',
        example: customerExistsExample,
      },
    },
    errors: {
      400: `\`name\` or \`document\` is missing or invalid; ${MALFORMED_BODY}.`,
      401: AUTH_401,
      500: SERVER_500_UNLISTED,
    },
  },
  'customers.get': {
    summary: 'Get a customer',
    description: 'A customer of the company.',
    fromProviderDocs: true,
    successes: {
      200: { description: 'The customer.', example: examples.customer },
    },
    errors: {
      401: AUTH_401,
      404: 'No customer has this id (the provider does not list the errors of this operation).',
      500: SERVER_500_UNLISTED,
    },
  },
  'customers.update': {
    summary: 'Update a customer',
    description:
      "Replaces a customer's name and document (both required, as on creation) and, when sent, its e-mail and phone. The answer carries only a confirmation; read the customer again with `GET /customer/{id}`. Safe to repeat: sending the same data again answers the same.",
    fromProviderDocs: true,
    requestBody: {
      description: 'The customer’s new data.',
      example: examples.customerUpdate,
    },
    successes: {
      200: {
        description: 'The customer was updated.',
        example: { message: 'Cliente alterado com sucesso' },
      },
    },
    errors: {
      400: `The body is not a customer's data: ${MALFORMED_BODY}; \`name\` or \`document\` is missing, or the document is not a valid CPF or CNPJ.`,
      401: AUTH_401,
      404: 'No customer has this id (not in the provider’s list of errors for this operation).',
      409: 'The name or the document already belongs to another customer; nothing is changed.',
      500: SERVER_500_UNLISTED,
    },
  },
  'company.getBalance': {
    summary: 'Get the account balances',
    description:
      'The balances of the account the token belongs to: the amount available (`totalAmount`) and, for a fiat currency, the amount held by withdrawals not yet paid (`totalHeld`). Send `{}` for every balance, or a listed `currency` or `cryptocurrency` object for that one alone (an array either way, empty when the account holds none of it). This route has its own IP allowlist, separate from the withdrawal one: an address not on it gets 401. Safe to repeat: it only reads.',
    fromProviderDocs: true,
    requestBody: {
      description: '`{}`, or the currency (or cryptocurrency) object to filter by.',
      example: balanceFilterExample,
    },
    successes: {
      200: { description: 'The balances.', example: balanceListExample },
    },
    errors: {
      400: `${MALFORMED_BODY}; \`currency\` or \`cryptocurrency\` is not an object with a \`name\` (the mock's choice; the provider does not list this status).`,
      401: `${AUTH_401} Also a caller address missing from the balance allowlist ("IP Permitidos para consulta de saldo via API").`,
      500: SERVER_500,
    },
  },
  'company.createSubAccount': {
    summary: 'Create a sub-account',
    description:
      "Creates a sub-account of a partner account: its own balance, users and customers, tied to the main account by a fee split (`deposit` and `withdraw`, each with `currencies`, `blockchainNetworks` and `cryptocurrencies`, every item a currency or network object and its `fee`, `PERCENTAGE` or `FIXED`). The sub-account logs in at once with `user.email` and `user.password`. The answer carries no id. Not safe to repeat: a second call meets the first one's e-mail.",
    fromProviderDocs: true,
    requestBody: {
      description: "The new account's user and its fee split.",
      example: subAccountRequestExample,
    },
    successes: {
      200: {
        description: 'The sub-account was created.',
        example: { message: 'Subconta cadastrada com sucesso' },
      },
    },
    errors: {
      400: `${MALFORMED_BODY}; \`user\` lacks its name, e-mail or password; a fee is not \`PERCENTAGE\` (0 to 100) or \`FIXED\` with a number; the e-mail already logs in to an account (the mock's choices: the provider answers a malformed payload with 500).`,
      401: `${AUTH_401} Also an account without the "Partner" level, a sub-account among them.`,
      500: SERVER_500,
    },
  },
  'company.registerWebhook': {
    summary: "Register a sub-account's first webhook",
    description:
      "Registers a sub-account's first webhook URL, with the sub-account's own token; its transactions' webhooks go there from then on. One time only: once the sub-account has a webhook, the dashboard changes it.",
    example400: COMPANY_MESSAGES.onlyFirstWebhook,
    fromProviderDocs: true,
    requestBody: {
      description: 'A name for the webhook and the URL that receives it.',
      example: subAccountWebhookExample,
    },
    successes: {
      200: {
        description: 'The webhook was registered.',
        example: { message: 'Primeiro Webhook cadastrado com sucesso' },
      },
    },
    errors: {
      400: `A main account's token: \`{ "message": "Essa funcionalidade não está disponível para a sua Conta" }\`; the sub-account already has a webhook: \`{ "message": "Essa funcionalidade permite salvar somente o primeiro webhook da sua conta" }\`; ${MALFORMED_BODY}, or \`name\` or \`externalWebhookUrl\` (an absolute http(s) URL) is missing.`,
      401: AUTH_401,
      500: SERVER_500,
    },
  },
  'company.allowWithdrawalIp': {
    summary: "Allow a sub-account's first withdrawal IP",
    description:
      "Allows a sub-account's first withdrawal IP address (IPv4 or IPv6), with the sub-account's own token: from then on only that address may create its withdrawals. It does not open the balance route, which has its own list. One time only: more addresses are added in the dashboard.",
    example400: COMPANY_MESSAGES.onlyFirstIp,
    fromProviderDocs: true,
    requestBody: { description: 'The address.', example: withdrawalIpExample },
    successes: {
      200: {
        description: 'The address was allowed.',
        example: {
          message: 'Primeiro IP liberado para solicitação de saque cadastrado com sucesso',
        },
      },
    },
    errors: {
      400: `A main account's token: \`{ "message": "Essa funcionalidade não está disponível para a sua Conta" }\`; the sub-account already has a withdrawal IP: \`{ "message": "Essa funcionalidade permite liberar somente o primeiro IP de saque da sua conta" }\`; ${MALFORMED_BODY}, or \`ip\` is not an IPv4 or IPv6 address.`,
      401: AUTH_401,
      500: SERVER_500,
    },
  },
};
