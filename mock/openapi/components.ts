import * as sdk from 'pix-payment-sdk';
import {
  AddPixKeyResult,
  Balance,
  BalanceFilter,
  BalanceList,
  BlockchainNetwork,
  BlockchainNetworkList,
  CreateCustomerInput,
  CreateCustomerResult,
  CreateDepositResult,
  CreateSubAccountInput,
  CreateWithdrawalResponse,
  Cryptocurrency,
  CryptocurrencyList,
  CryptoDepositRequest,
  CryptoWithdrawalRequest,
  Currency,
  CurrencyList,
  Customer,
  CustomerWallet,
  CustomerWalletList,
  DepositForCustomerId,
  DepositForNewCustomer,
  DepositQuote,
  DepositQuoteRequest,
  DepositRequest,
  Fee,
  FeeType,
  MessageResult,
  PaymentMethod,
  PixKey,
  PixKeyInput,
  PixKeyList,
  PixKeyType,
  SubAccountFee,
  SubAccountFees,
  SubAccountWebhookInput,
  TokenRequest,
  TokenResponse,
  TransactionDetails,
  TransactionStatus,
  UpdateCustomerInput,
  WalletQuote,
  WalletQuoteRequest,
  WalletWithdrawalRequest,
  WebhookOperation,
  WebhookPayload,
  WithdrawalIpInput,
  WithdrawalQuote,
  WithdrawalQuoteRequest,
  WithdrawalRequest,
} from 'pix-payment-sdk';
import * as z from 'zod/mini';
import {
  BODY_VARIANTS,
  type BodyName,
  Schema,
  type SchemaName,
} from '../../src/seam/operations.js';
import { REASONS } from '../service/answers.js';
import { COMPANY_MESSAGES } from '../service/handlers/company.js';
import { INSUFFICIENT_BALANCE } from '../service/handlers/withdrawals.js';
import { CRYPTO_LISTS } from '../service/state/crypto.js';
import { CRYPTO_OPERATION_PROSE as CRYPTO, cryptoBodyExamples } from './crypto-prose.js';
import {
  balanceFilterExample,
  balanceListExample,
  cryptoExamples,
  customerCreatedExample,
  customerExistsExample,
  depositCreatedExample,
  depositDetailsExample,
  depositForNewCustomerExample,
  depositRequestExample,
  examples,
  pixKeyAddedExample,
  subAccountRequestExample,
  subAccountWebhookExample,
  webhookDepositExample,
  webhookWithdrawalExample,
  withdrawalCreatedExample,
  withdrawalDetailsExample,
  withdrawalIpExample,
  withdrawalRequestExample,
} from './examples.js';
import type { OpenApiMediaType, OpenApiSchema } from './types.js';

// The named schemas of the OpenAPI document (`components.schemas`), generated from the package's
// zod schemas, and the error bodies of the service.

const SCHEMA_REF = '#/components/schemas/';

/** @internal */
export const REASON_PHRASES = {
  400: REASONS[400],
  401: REASONS[401],
  404: REASONS[404],
  409: REASONS[409],
  500: REASONS[500],
} as const;
/** @internal */
export type ErrorStatus = 400 | 401 | 404 | 409 | 500;

// The error bodies are not among the package's models (the client reads only `message`), so they
// are built here from MessageResult: the generic body and one refinement per status.
const ErrorBody = z.extend(MessageResult, {
  message: z.enum(Object.values(REASON_PHRASES) as [string, ...string[]]),
});
const errorBodyFor = (status: ErrorStatus) =>
  z.intersection(ErrorBody, z.looseObject({ message: z.literal(REASON_PHRASES[status]) }));
/**
 * The 400 messages the service publishes for some refusals instead of the reason phrase (and the
 * mock's own text for an insufficient balance, which the provider names without publishing).
 *
 * @internal
 */
export const PUBLISHED_400_MESSAGES = [
  INSUFFICIENT_BALANCE,
  COMPANY_MESSAGES.notAvailable,
  COMPANY_MESSAGES.onlyFirstWebhook,
  COMPANY_MESSAGES.onlyFirstIp,
] as const;
/**
 * The body of a 400 that may carry one of {@link PUBLISHED_400_MESSAGES}.
 *
 * @internal
 */
export const MESSAGE_400_BODY = {
  id: 'BadRequestWithMessageBody',
  schema: z.extend(MessageResult, {
    message: z.enum([REASON_PHRASES[400], ...PUBLISHED_400_MESSAGES]),
  }),
} as const;
/** @internal */
export const ERROR_BODIES = {
  400: { id: 'BadRequestErrorBody', schema: errorBodyFor(400) },
  401: { id: 'UnauthorizedErrorBody', schema: errorBodyFor(401) },
  404: { id: 'NotFoundErrorBody', schema: errorBodyFor(404) },
  409: { id: 'ConflictErrorBody', schema: errorBodyFor(409) },
  500: { id: 'InternalServerErrorBody', schema: errorBodyFor(500) },
} as const;

/** The package's schema of an export name of the table: the object the client itself parses with. */
const exported = (name: SchemaName): z.core.$ZodType =>
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the mock's builds keep `pix-payment-sdk` external, so reading its exports by name bundles nothing.
  sdk[name];

// The bodies the table names that are no exported schema: the unions of the variants a withdrawal
// and a deposit take, and the empty object the webhook resends accept.
const variants = (names: ReadonlyArray<SchemaName>) =>
  z.union(names.map(exported) as [z.core.$ZodType, ...z.core.$ZodType[]]);
const WithdrawalVariants = variants(BODY_VARIANTS.WithdrawalVariants);
const DepositVariants = variants(BODY_VARIANTS.DepositVariants);
const EmptyBody = z.looseObject({});
const BODIES: Readonly<Record<Exclude<BodyName, SchemaName>, z.core.$ZodType>> = {
  WithdrawalVariants,
  DepositVariants,
  EmptyBody,
};

/**
 * The schema a member of `Schema` in the table of operations stands for: the package's export of
 * its name (the very object the client parses with), or one of the bodies built here.
 *
 * @internal
 */
export function schemaOf(member: Schema): z.core.$ZodType {
  const name = Schema[member] as BodyName;
  return Object.hasOwn(BODIES, name)
    ? BODIES[name as keyof typeof BODIES]
    : exported(name as SchemaName);
}

/** @internal */
export type Meta = { id?: string; description?: string; examples?: unknown[] };

/** @internal */
export type Registry = z.core.$ZodRegistry<Meta>;

/**
 * The named schemas of `components.schemas`, in document order, and descriptions of their fields.
 * A fresh registry per document keeps the package free of global state (no `z.globalRegistry`).
 *
 * @internal
 */
export function createRegistry(): Registry {
  const registry = z.registry<Meta>();
  const named = (schema: z.core.$ZodType, meta: Meta & { id: string }) =>
    registry.add(schema, meta);
  const field = (schema: z.core.$ZodType, description: string) =>
    registry.add(schema, { description });

  named(TokenRequest, {
    id: 'TokenRequest',
    description: 'Body of `POST /auth/token`: the company credentials.',
    examples: [examples.tokenRequest],
  });
  named(TokenResponse, {
    id: 'TokenResponse',
    description:
      "Answer of `POST /auth/token`. Per the provider's public docs the token is valid for 15 days and there is no refresh endpoint; read its lifetime from the standard `exp` claim when present.",
    examples: [examples.tokenResponse],
  });
  field(TokenResponse.shape.token, 'A JWT, sent as `Authorization: Bearer <token>`.');

  named(PixKeyType, {
    id: 'PixKeyType',
    description:
      'Type of a Pix key: EMAIL, CPF, CNPJ, PHONE or RANDOM. Other strings are accepted so that a type the service adds later does not break clients.',
    examples: ['EMAIL'],
  });
  named(PixKey, {
    id: 'PixKey',
    description:
      'A Pix key as the service returns it. Send it whole as `pixKey` in a withdrawal; incomplete key data must not be sent.',
    examples: [examples.pixKey, examples.maskedPixKey],
  });
  field(
    PixKey.shape.key,
    "The Pix key value. May be returned partly masked (per the provider's public docs, a prefix kept and the rest as `*`, e.g. `+5512**********`).",
  );
  field(PixKey.shape._id, 'Identifier of the key, assigned by the service.');
  named(PixKeyInput, {
    id: 'PixKeyInput',
    description: 'Body of `POST /pix/customer/{customerId}/key`: the key value and its type.',
    examples: [examples.pixKeyInput],
  });
  field(PixKeyInput.shape.key, 'The Pix key value.');
  named(AddPixKeyResult, {
    id: 'AddPixKeyResult',
    description: 'Answer of `POST /pix/customer/{customerId}/key` (201).',
    examples: [pixKeyAddedExample],
  });
  field(
    AddPixKeyResult.shape.message,
    "Fixed Portuguese confirmation; per the provider's public docs `Chave Pix adicionada com sucesso`.",
  );
  named(PixKeyList, {
    id: 'PixKeyList',
    description:
      'Answer of `GET /pix/customer/{customerId}/key` (200): a plain array, not paginated.',
    examples: [[examples.pixKey, examples.maskedPixKey]],
  });

  named(PaymentMethod, {
    id: 'PaymentMethod',
    description: 'Payment method of a currency; the service shows PIX. Other strings are accepted.',
    examples: ['PIX'],
  });
  named(FeeType, {
    id: 'FeeType',
    description:
      'How a supplier fee is charged: FIXED or PERCENTAGE (values seen). Other strings are accepted.',
    examples: ['FIXED'],
  });
  named(Fee, {
    id: 'Fee',
    description: 'A fee entry of `supplierFeeByActivity`.',
    examples: [{ type: 'PERCENTAGE', value: 1.25 }],
  });
  field(Fee.shape.value, 'Fee amount (decimal).');
  named(Currency, {
    id: 'Currency',
    description:
      "A fiat currency as the list operations return it. Send it whole as `currency` in a withdrawal or a deposit (the SDK's builders do); per the provider's public docs the service needs at least `_id`, `name`, `type` and `symbol`, and any other field sent must equal the listed one. Per the provider's public docs, withdrawal and deposit lists hold different objects (different `_id`) even for the same BRL: never use one for the other.",
    examples: [examples.withdrawCurrency, examples.depositCurrency],
  });
  field(Currency.shape._id, 'Identifier of the currency.');
  field(Currency.shape.name, 'Currency code, e.g. BRL.');
  field(Currency.shape.symbol, 'Currency symbol, e.g. R$.');
  field(Currency.shape.createdDate, 'ISO 8601 timestamp, UTC.');
  field(Currency.shape.updatedDate, 'ISO 8601 timestamp, UTC.');
  field(Currency.shape.__v, 'Record version counter.');
  field(
    Currency.shape.supplierFeeByActivity,
    'Map from an activity name (seen: `servicetreeal`, `servicetreealliquidity`) to a fee. Absent from the provider examples.',
  );
  named(CurrencyList, {
    id: 'CurrencyList',
    description: 'Answer of the currency list operations (200): a plain array.',
    examples: [[examples.withdrawCurrency]],
  });

  named(TransactionStatus, {
    id: 'TransactionStatus',
    description:
      "Status of a withdrawal or a deposit (per the provider's public docs): PENDING (withdrawal just created), WAITING_PAYMENT (deposit just created), PROCESSING, PAID, ERROR (failed, e.g. a wrong key), REJECTED (refused, final), and the dispute statuses. Other strings are accepted.",
    examples: ['PAID'],
  });
  named(WithdrawalRequest, {
    id: 'WithdrawalRequest',
    description: "Body of `POST /withdraw` (per the provider's public docs).",
    examples: [withdrawalRequestExample],
  });
  field(WithdrawalRequest.shape.amount, 'Decimal amount, at most two decimals.');
  field(WithdrawalRequest.shape.customerId, 'The `_id` of the customer.');
  field(
    WithdrawalRequest.shape.externalId,
    'The merchant’s own reference and the idempotency key: a second request with an `externalId` already seen is ignored. It comes back in webhooks and details.',
  );
  named(CreateWithdrawalResponse, {
    id: 'CreateWithdrawalResponse',
    description: "Answer of `POST /withdraw` (201, per the provider's public docs).",
    examples: [withdrawalCreatedExample],
  });
  named(DepositRequest, {
    id: 'DepositRequest',
    description:
      "Body of `POST /deposit` (per the provider's public docs): exactly one of `customerId` (a customer on file) or `customer` (registered with the deposit), never both.",
    examples: [depositRequestExample, depositForNewCustomerExample],
  });
  named(DepositForCustomerId, {
    id: 'DepositForCustomerId',
    description: 'A deposit for a customer on file, named by `customerId`.',
    examples: [depositRequestExample],
  });
  field(DepositForCustomerId.shape.amount, 'Decimal amount, at most two decimals.');
  field(DepositForCustomerId.shape.customerId, 'The `_id` of the customer.');
  field(DepositForCustomerId.shape.customer, 'Never sent together with `customerId`.');
  field(
    DepositForCustomerId.shape.externalId,
    'The merchant’s own reference and the idempotency key: a second request with an `externalId` already seen is ignored and answers the first deposit again. It comes back in webhooks and details.',
  );
  named(DepositForNewCustomer, {
    id: 'DepositForNewCustomer',
    description:
      'A deposit for someone who is not a customer yet: `customer` is registered with the deposit. A name or document already on file answers 409 and nothing is created.',
    examples: [depositForNewCustomerExample],
  });
  field(DepositForNewCustomer.shape.amount, 'Decimal amount, at most two decimals.');
  field(DepositForNewCustomer.shape.customerId, 'Never sent together with `customer`.');
  field(
    DepositForNewCustomer.shape.externalId,
    'The merchant’s own reference and the idempotency key: a second request with an `externalId` already seen is ignored and answers the first deposit again.',
  );
  named(CreateDepositResult, {
    id: 'CreateDepositResult',
    description: "Answer of `POST /deposit` (201, per the provider's public docs).",
    examples: [depositCreatedExample],
  });
  field(
    CreateDepositResult.shape.data.shape.code,
    "The Pix copy-and-paste string a payer scans or pastes: a dynamic BR Code (merchant account information 26 with `br.gov.bcb.pix` and a location URL in sub-field 25, txid `***`, CRC16 in field 63), as in the provider's deposit example.",
  );
  named(TransactionDetails, {
    id: 'TransactionDetails',
    description:
      "Details of a withdrawal or a deposit (per the provider's public docs). A webhook receiver reads this to confirm a status. A Pix operation carries `currency`; a conversion between Pix and USDT carries `currency` and `cryptocurrency`; a USDT-only operation carries `cryptocurrency` alone. At least one of the two is present. The mock serves Pix operations only.",
    examples: [withdrawalDetailsExample, depositDetailsExample],
  });
  field(
    TransactionDetails.shape.identifiedDocumentPix,
    "Whether the Pix network validated the payer's (deposit) or receiver's (withdrawal) document; a boolean, per the provider's public docs. Absent until known.",
  );

  named(WebhookOperation, {
    id: 'WebhookOperation',
    description: 'Which kind of transaction a webhook speaks of. Other strings are accepted.',
    examples: ['WITHDRAW'],
  });
  named(WebhookPayload, {
    id: 'WebhookPayload',
    description:
      "The JSON the service POSTs to the company's callback URL, for withdrawals and deposits alike (per the provider's public docs). Note `id`, not `_id`. A Pix delivery has `type` (`PIX`); a delivery for a USDT operation or a conversion has none, and `name` is the crypto currency (`USDT`). The mock sends Pix deliveries only.",
    examples: [webhookWithdrawalExample, webhookDepositExample],
  });
  field(WebhookPayload.shape.id, 'The `_id` of the withdrawal or deposit.');

  named(CreateCustomerInput, {
    id: 'CreateCustomerInput',
    description: "Body of `POST /customer` (per the provider's public docs).",
    examples: [examples.customerInput],
  });
  field(CreateCustomerInput.shape.document, 'The customer’s CPF or CNPJ.');
  named(UpdateCustomerInput, {
    id: 'UpdateCustomerInput',
    description:
      "Body of `PUT /customer/{id}` (per the provider's public docs): `name` and `document` required, `email` and `phone` optional.",
    examples: [examples.customerUpdate],
  });
  field(UpdateCustomerInput.shape.document, 'The customer’s CPF or CNPJ.');
  named(CreateCustomerResult, {
    id: 'CreateCustomerResult',
    description:
      "Answer of `POST /customer` (per the provider's public docs): 201 with the new customer, or 200 with only the `_id` of the customer that already has this name or this document.",
    examples: [customerCreatedExample, customerExistsExample],
  });
  named(Customer, {
    id: 'Customer',
    description: "A customer as `GET /customer/{id}` returns it (per the provider's public docs).",
    examples: [examples.customer],
  });

  named(Cryptocurrency, {
    id: 'Cryptocurrency',
    description: "A cryptocurrency object (per the provider's public docs).",
    examples: [cryptoExamples.cryptocurrency],
  });
  named(BlockchainNetwork, {
    id: 'BlockchainNetwork',
    description: "A blockchain network object (per the provider's public docs).",
    examples: [cryptoExamples.blockchainNetwork],
  });
  named(CryptocurrencyList, {
    id: 'CryptocurrencyList',
    description:
      "Answer of the cryptocurrency list operations (per the provider's public docs): USDT, a different `_id` for each side.",
    examples: [CRYPTO_LISTS.withdrawal.cryptocurrencies],
  });
  named(BlockchainNetworkList, {
    id: 'BlockchainNetworkList',
    description:
      "Answer of the network list operations (per the provider's public docs). The items of `cryptocurrencies` are ids in the provider's schema and objects in its code: both are accepted.",
    examples: [CRYPTO_LISTS.withdrawal.networks],
  });
  named(CustomerWallet, {
    id: 'CustomerWallet',
    description: "A customer's wallet: one EVM address for the networks listed.",
    examples: CRYPTO['customers.getWallet'].successes[200].example,
  });
  named(CustomerWalletList, {
    id: 'CustomerWalletList',
    description: 'Answer of `GET /crypto/customer/{id}/wallet` (200): an array.',
    examples: [CRYPTO['customers.getWallet'].successes[200].example],
  });
  named(DepositQuoteRequest, {
    id: 'DepositQuoteRequest',
    description: 'Body of `POST /deposit/conversion/tether`.',
    examples: [CRYPTO['deposits.quote'].requestBody.example],
  });
  named(DepositQuote, {
    id: 'DepositQuote',
    description:
      'Answer of `POST /deposit/conversion/tether`: USDT for the BRL quoted, and the rate as text (`"R$ 5.364"`).',
    examples: [CRYPTO['deposits.quote'].successes[200].example],
  });
  // A quote's schema adds `rate` in a transform: the document shows what is sent, the pipe's input.
  registry.add(DepositQuote.def.in, {
    examples: [CRYPTO['deposits.quote'].successes[200].example],
  });
  named(WithdrawalQuoteRequest, {
    id: 'WithdrawalQuoteRequest',
    description: 'Body of `POST /withdraw/conversion/brl/pix`.',
    examples: [CRYPTO['withdrawals.quote'].requestBody.example],
  });
  named(WithdrawalQuote, {
    id: 'WithdrawalQuote',
    description:
      'Answer of `POST /withdraw/conversion/brl/pix`: BRL for the USDT quoted; `currency` is the string `"R$"`, the rate is text.',
    examples: [CRYPTO['withdrawals.quote'].successes[200].example],
  });
  registry.add(WithdrawalQuote.def.in, {
    examples: [CRYPTO['withdrawals.quote'].successes[200].example],
  });
  named(WalletQuoteRequest, {
    id: 'WalletQuoteRequest',
    description: 'Body of `POST /withdraw/transaction/crypto/amount`.',
    examples: [CRYPTO['withdrawals.quoteToWallet'].requestBody.example],
  });
  named(WalletQuote, {
    id: 'WalletQuote',
    description:
      'Answer of `POST /withdraw/transaction/crypto/amount`: USDT net of gas (the provider does not round it).',
    examples: [CRYPTO['withdrawals.quoteToWallet'].successes[200].example],
  });
  named(CryptoDepositRequest, {
    id: 'CryptoDepositRequest',
    description:
      "Body of `POST /deposit` with conversion to USDT (on-ramp, per the provider's public docs): the BRL the payer pays, the payer, and the whole deposit `currency` and `cryptocurrency`.",
    examples: [cryptoBodyExamples.onRampRequest],
  });
  named(DepositVariants, {
    id: 'DepositVariants',
    description:
      "Body of `POST /deposit`: a Pix charge (`DepositRequest`) or one converted to USDT when paid (`CryptoDepositRequest`), per the provider's public docs.",
    examples: [depositRequestExample, cryptoBodyExamples.onRampRequest],
  });
  named(CryptoWithdrawalRequest, {
    id: 'CryptoWithdrawalRequest',
    description:
      "Body of `POST /withdraw` with conversion to BRL (off-ramp, per the provider's public docs): USDT (at most six decimals) paid out by Pix to the customer's key.",
    examples: [cryptoBodyExamples.offRampRequest],
  });
  named(WalletWithdrawalRequest, {
    id: 'WalletWithdrawalRequest',
    description:
      "Body of `POST /withdraw` to an external wallet (per the provider's public docs): USDT, gas included, sent on the network to the address.",
    examples: [cryptoBodyExamples.walletRequest],
  });
  named(WithdrawalVariants, {
    id: 'WithdrawalVariants',
    description:
      "Body of `POST /withdraw`: BRL to a Pix key (`WithdrawalRequest`), USDT to a Pix key (`CryptoWithdrawalRequest`) or USDT to a wallet (`WalletWithdrawalRequest`), per the provider's public docs.",
    examples: [
      withdrawalRequestExample,
      cryptoBodyExamples.offRampRequest,
      cryptoBodyExamples.walletRequest,
    ],
  });
  named(BalanceFilter, {
    id: 'BalanceFilter',
    description:
      "Body of `POST /balance/company` (per the provider's public docs): `{}` for every balance, or a listed `currency` or `cryptocurrency` object for that one.",
    examples: [{}, balanceFilterExample],
  });
  named(Balance, {
    id: 'Balance',
    description:
      'One balance: a fiat `currency` with `totalAmount` (available) and `totalHeld` (held by withdrawals not yet paid), or a `cryptocurrency` with `totalAmount`.',
    examples: balanceListExample,
  });
  named(BalanceList, {
    id: 'BalanceList',
    description: 'Answer of `POST /balance/company` (200): always an array.',
    examples: [balanceListExample],
  });
  named(SubAccountFee, {
    id: 'SubAccountFee',
    description:
      'The fee the main account takes from each transaction of the sub-account: `PERCENTAGE` of the amount, or a `FIXED` amount.',
    examples: [{ type: 'PERCENTAGE', value: 1 }],
  });
  named(SubAccountFees, {
    id: 'SubAccountFees',
    description:
      'The fee split of one side (deposits or withdrawals): an item with its fee for each currency, blockchain network and cryptocurrency enabled; empty arrays for none.',
    examples: [subAccountRequestExample.deposit],
  });
  named(CreateSubAccountInput, {
    id: 'CreateSubAccountInput',
    description:
      "Body of `POST /company/subaccount` (per the provider's public docs): the new account's user (its e-mail and password log in at once) and its fee split.",
    examples: [subAccountRequestExample],
  });
  named(SubAccountWebhookInput, {
    id: 'SubAccountWebhookInput',
    description: "Body of `POST /webhook/subaccount` (per the provider's public docs).",
    examples: [subAccountWebhookExample],
  });
  named(WithdrawalIpInput, {
    id: 'WithdrawalIpInput',
    description: "Body of `POST /withdraw/allowed-ip/subaccount` (per the provider's public docs).",
    examples: [withdrawalIpExample],
  });

  named(MessageResult, {
    id: 'MessageResult',
    description: 'A confirmation: a fixed Portuguese `message`.',
    examples: [{ message: 'Webhook de saque reenviado com sucesso' }],
  });
  named(EmptyBody, {
    id: 'EmptyBody',
    description: 'An empty JSON object, accepted where no body is required.',
    examples: [{}],
  });
  named(ErrorBody, {
    id: 'ErrorBody',
    description:
      'Body of every error answer: `message` is the HTTP reason phrase. Machine-readable error codes are not published.',
    examples: [{ message: 'Not Found' }],
  });
  named(MESSAGE_400_BODY.schema, {
    id: MESSAGE_400_BODY.id,
    description:
      "Body of a 400 answer of an operation whose refusals the service words itself: the reason phrase, or one of its published messages (`Saldo insuficiente` is the mock's own choice: the provider names the error without publishing its text).",
    examples: [{ message: COMPANY_MESSAGES.onlyFirstWebhook }, { message: INSUFFICIENT_BALANCE }],
  });
  for (const [status, { id, schema }] of Object.entries(ERROR_BODIES)) {
    const phrase = REASON_PHRASES[Number(status) as ErrorStatus];
    named(schema, {
      id,
      description: `Body of a ${status} answer: \`{ "message": "${phrase}" }\`.`,
      examples: [{ message: phrase }],
    });
  }
  return registry;
}

// Objects the zod schemas leave open (`z.object` read as input) say so explicitly, as the loose
// ones do: the service tolerates fields the contract does not name, and so must every client.
function openObjects(ctx: { jsonSchema: { type?: unknown; additionalProperties?: unknown } }) {
  if (ctx.jsonSchema.type === 'object' && ctx.jsonSchema.additionalProperties === undefined) {
    ctx.jsonSchema.additionalProperties = {};
  }
}

/**
 * `components.schemas`: every schema of the registry, as JSON Schema.
 *
 * @internal
 */
export function componentSchemas(registry: Registry): Record<string, OpenApiSchema> {
  // `io: 'input'`: request bodies are what a client may send, and every response schema is loose,
  // so input and output agree on them.
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    metadata: registry,
    uri: (id) => `${SCHEMA_REF}${id}`,
    override: openObjects,
  });
  const components: Record<string, OpenApiSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (id === '__shared') {
      throw new Error('openapi: a schema used twice must be registered with an id');
    }
    // Each component lives inside the document: no `$schema` of its own, and no `$id`, so `$ref`s
    // resolve against the document.
    const { $schema: _schema, $id: _id, ...rest } = schema;
    components[id] = { ...rest };
  }
  return components;
}

/**
 * The component id a schema is registered under; throws for a schema the registry does not name,
 * so the table cannot name a body the document would have to inline.
 *
 * @internal
 */
export function componentId(registry: Registry, schema: z.core.$ZodType): string {
  const id = registry.get(schema)?.id;
  if (id === undefined) throw new Error('openapi: a body schema of the table has no component id');
  return id;
}

/**
 * A JSON body: a `$ref` to its component and an example.
 *
 * @internal
 */
export function json(schemaId: string, example: unknown): { 'application/json': OpenApiMediaType } {
  return { 'application/json': { schema: { $ref: `${SCHEMA_REF}${schemaId}` }, example } };
}
