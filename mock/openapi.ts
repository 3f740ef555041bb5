import {
  AddPixKeyResult,
  CreateCustomerInput,
  CreateCustomerResult,
  CreateDepositResult,
  CreateWithdrawalResponse,
  Currency,
  CurrencyList,
  Customer,
  DepositRequest,
  Fee,
  FeeType,
  MessageResult,
  PaymentMethod,
  PixKey,
  PixKeyInput,
  PixKeyList,
  PixKeyType,
  TokenRequest,
  TokenResponse,
  TransactionDetails,
  TransactionStatus,
  VERSION,
  WebhookOperation,
  WebhookPayload,
  WithdrawalRequest,
} from 'pix-payment-sdk';
import * as z from 'zod/mini';

/**
 * A JSON Schema (draft 2020-12) object, the schema dialect of OpenAPI 3.1.
 *
 * @example
 * ```ts
 * const schema: OpenApiSchema = { $ref: '#/components/schemas/PixKey' };
 * ```
 */
export type OpenApiSchema = { [keyword: string]: unknown };

/**
 * The HTTP methods the service uses.
 *
 * @example
 * ```ts
 * const method: OpenApiMethod = 'post';
 * ```
 */
export type OpenApiMethod = 'get' | 'post' | 'delete';

/**
 * A path parameter of an operation. The service's identifiers are strings; no pattern is declared,
 * because the service answers a malformed id with 404, not with a validation error.
 *
 * @example
 * ```ts
 * const parameter: OpenApiParameter = {
 *   name: 'CLIENT_ID',
 *   in: 'path',
 *   required: true,
 *   description: 'The `_id` of the customer.',
 *   schema: { type: 'string' },
 *   example: '65f1a2b3c4d5e6f7a8b9c0d1',
 * };
 * ```
 */
export interface OpenApiParameter {
  /** Name of the parameter, as it appears between braces in the path. */
  name: string;
  /** Where the parameter is: always `path` in this service. */
  in: 'path';
  /** Path parameters are always required. */
  required: true;
  /** What the parameter identifies. */
  description: string;
  /** JSON Schema of the value. */
  schema: OpenApiSchema;
  /** A realistic value. */
  example: string;
}

/**
 * The body of a request or a response for one media type (always `application/json` here).
 *
 * @example
 * ```ts
 * const media: OpenApiMediaType = {
 *   schema: { $ref: '#/components/schemas/MessageResult' },
 *   example: { message: 'Webhook de saque reenviado com sucesso' },
 * };
 * ```
 */
export interface OpenApiMediaType {
  /** JSON Schema of the body, usually a `$ref` into `components.schemas`. */
  schema: OpenApiSchema;
  /** A realistic body that validates against `schema`; mock servers such as Prism answer with it. */
  example: unknown;
}

/**
 * The request body of an operation.
 *
 * @example
 * ```ts
 * const body: OpenApiRequestBody = {
 *   required: true,
 *   description: 'The Pix key to register.',
 *   content: {
 *     'application/json': {
 *       schema: { $ref: '#/components/schemas/PixKeyInput' },
 *       example: { key: 'ana.souza@example.com', type: 'EMAIL' },
 *     },
 *   },
 * };
 * ```
 */
export interface OpenApiRequestBody {
  /** Whether a body must be sent. */
  required: boolean;
  /** What the body carries. */
  description: string;
  /** The body per media type. */
  content: {
    /** The body's schema and example. */
    'application/json': OpenApiMediaType;
  };
}

/**
 * One response of an operation, success or error.
 *
 * @example
 * ```ts
 * const notFound: OpenApiResponse = {
 *   description: 'Not Found: customer not found.',
 *   content: {
 *     'application/json': {
 *       schema: { $ref: '#/components/schemas/NotFoundErrorBody' },
 *       example: { message: 'Not Found' },
 *     },
 *   },
 * };
 * ```
 */
export interface OpenApiResponse {
  /** When the service gives this response. */
  description: string;
  /** The body per media type; absent when the response has no body. */
  content?: {
    /** The body's schema and example. */
    'application/json': OpenApiMediaType;
  };
}

/**
 * One operation (a method on a path, or a webhook the service sends).
 *
 * @example
 * ```ts
 * const document = createOpenApiDocument();
 * const operation: OpenApiOperation | undefined = document.paths['/withdraw/company/currencies']?.get;
 * operation?.operationId; // 'withdrawals_listCurrencies'
 * ```
 */
export interface OpenApiOperation {
  /** Unique id, named after the client method: `pixKeys_add` is `client.pixKeys.add`. */
  operationId: string;
  /** One-line summary. */
  summary: string;
  /** What the operation does, and where its contract comes from. */
  description: string;
  /** The API area, the same names as the client's resources. */
  tags: string[];
  /** Overrides the document-wide security; `[]` means no token is needed. */
  security?: Record<string, string[]>[];
  /** Path parameters. */
  parameters?: OpenApiParameter[];
  /** The request body, for operations that take one. */
  requestBody?: OpenApiRequestBody;
  /** Responses by status code. */
  responses: Record<string, OpenApiResponse>;
}

/**
 * The operations on one path, by HTTP method.
 *
 * @example
 * ```ts
 * const item: OpenApiPathItem | undefined = createOpenApiDocument().paths['/pix/customer/{CLIENT_ID}/key'];
 * Object.keys(item ?? {}); // ['post', 'get']
 * ```
 */
export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

/**
 * An OpenAPI 3.1.0 document, as {@link createOpenApiDocument} returns it.
 *
 * @example
 * ```ts
 * const document: OpenApiDocument = createOpenApiDocument();
 * Object.keys(document.components.schemas); // ['TokenRequest', 'TokenResponse', 'PixKeyType', ...]
 * ```
 */
export interface OpenApiDocument {
  /** The OpenAPI version of the document. */
  openapi: '3.1.0';
  /** Title, version and description of the API. */
  info: {
    /** Name of the API. */
    title: string;
    /** Version of the document: the version of `pix-payment-sdk` that generated it. */
    version: string;
    /** What the document covers and where its contract comes from. */
    description: string;
  };
  /** Where the service runs. */
  servers: {
    /** Base URL; paths are relative to it. */
    url: string;
    /** What this server is. */
    description: string;
  }[];
  /** The API areas, in the order a merchant meets them. */
  tags: {
    /** Name of the area, used in `tags` of the operations. */
    name: string;
    /** What the area covers. */
    description: string;
  }[];
  /** Security required by default: a bearer token everywhere but `POST /auth/token`. */
  security: Record<string, string[]>[];
  /** The service's operations, by path. */
  paths: Record<string, OpenApiPathItem>;
  /** The requests the service sends to the company's callback URL. */
  webhooks: Record<string, OpenApiPathItem>;
  /** Named schemas and the security scheme. */
  components: {
    /** Every body schema, generated from the zod schemas of `pix-payment-sdk`. */
    schemas: Record<string, OpenApiSchema>;
    /** The bearer token scheme. */
    securitySchemes: {
      /** `Authorization: Bearer <JWT>` from `POST /auth/token`. */
      /** The JWT from `POST /auth/token`, sent as `Authorization: Bearer <token>`. */
      bearerAuth: {
        /** Always `http`. */
        type: 'http';
        /** Always `bearer`. */
        scheme: 'bearer';
        /** Always `JWT`. */
        bearerFormat: 'JWT';
        /** How to obtain and send the token. */
        description: string;
      };
    };
  };
}

/**
 * Options of {@link createOpenApiDocument}.
 *
 * @example
 * ```ts
 * const options: CreateOpenApiDocumentOptions = { serverUrl: 'http://127.0.0.1:4010' };
 * ```
 */
export interface CreateOpenApiDocumentOptions {
  /**
   * Base URL written in `servers`, for example the URL of a running mock.
   *
   * @default 'https://api.example.com'
   */
  serverUrl?: string;
}

const PLACEHOLDER_SERVER_URL = 'https://api.example.com';
const PROVIDER_DOCS = "Per the provider's public docs (beyond the service document).";
const SCHEMA_REF = '#/components/schemas/';

const REASON_PHRASES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
} as const;
type ErrorStatus = 400 | 401 | 404 | 500;

// The error bodies are not among the package's models (the client reads only `message`), so they
// are built here from MessageResult: the generic body and one refinement per status.
const ErrorBody = z.extend(MessageResult, {
  message: z.enum(Object.values(REASON_PHRASES) as [string, ...string[]]),
});
const errorBodyFor = (status: ErrorStatus) =>
  z.intersection(ErrorBody, z.looseObject({ message: z.literal(REASON_PHRASES[status]) }));
const ERROR_BODIES = {
  400: { id: 'BadRequestErrorBody', schema: errorBodyFor(400) },
  401: { id: 'UnauthorizedErrorBody', schema: errorBodyFor(401) },
  404: { id: 'NotFoundErrorBody', schema: errorBodyFor(404) },
  500: { id: 'InternalServerErrorBody', schema: errorBodyFor(500) },
} as const;

// `POST /withdraw/{TRANSACTION_ID}/resend/webhook` needs no body but accepts an empty object.
const EmptyBody = z.looseObject({});
const PathId = z.string();

const ids = {
  customer: '65f1a2b3c4d5e6f7a8b9c0d1',
  existingCustomer: '65f1a2b3c4d5e6f7a8b9c0d2',
  pixKey: '65f1a2b3c4d5e6f7a8b9c0e3',
  withdrawCurrency: '65f1a2b3c4d5e6f7a8b9c0a4',
  depositCurrency: '65f1a2b3c4d5e6f7a8b9c0a5',
  withdrawal: '65f1a2b3c4d5e6f7a8b9c0f6',
  deposit: '65f1a2b3c4d5e6f7a8b9c0f7',
} as const;

const examples = {
  tokenRequest: { email: 'financeiro@loja.example', password: 'S3nh@-Muito-Forte' },
  tokenResponse: {
    token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NWYxYTJiM2M0ZDVlNmY3YThiOWMwMDEiLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6MTczNjk4NTYwMH0.3q2-7w9hYbq1mZ3vWkFxO0yTt8cQe6uJrP4sLnKdA1E',
  },
  pixKeyInput: { key: 'ana.souza@example.com', type: 'EMAIL' },
  pixKey: { key: 'ana.souza@example.com', type: 'EMAIL', _id: ids.pixKey },
  maskedPixKey: { key: '444***********', type: 'CPF', _id: '65f1a2b3c4d5e6f7a8b9c0e8' },
  withdrawCurrency: {
    _id: ids.withdrawCurrency,
    name: 'BRL',
    type: 'PIX',
    symbol: 'R$',
    createdDate: '2024-03-13T14:02:11.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
    __v: 0,
    supplierFeeByActivity: {
      servicetreeal: { type: 'FIXED', value: 0.5 },
      servicetreealliquidity: { type: 'PERCENTAGE', value: 1.25 },
    },
  },
  depositCurrency: {
    _id: ids.depositCurrency,
    name: 'BRL',
    type: 'PIX',
    symbol: 'R$',
    createdDate: '2024-03-13T14:02:11.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
    __v: 0,
  },
  customerInput: { name: 'Ana Souza', document: '12345678909', email: 'ana.souza@example.com' },
  customer: {
    _id: ids.customer,
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    document: '12345678909',
    version: 0,
    createdDate: '2025-01-20T09:30:00.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
  },
} as const;

const withdrawalRequestExample = {
  amount: 10.5,
  customerId: ids.customer,
  currency: examples.withdrawCurrency,
  pixKey: examples.pixKey,
  externalId: 'pedido-4242',
};
const depositRequestExample = {
  amount: 25,
  customerId: ids.customer,
  currency: examples.depositCurrency,
  externalId: 'pedido-4243',
};
const withdrawalDetailsExample = {
  _id: ids.withdrawal,
  customerId: ids.customer,
  externalId: 'pedido-4242',
  document: '12345678909',
  currency: { name: 'BRL', type: 'PIX', amount: 10.5, status: 'PAID' },
};
const depositDetailsExample = {
  _id: ids.deposit,
  customerId: ids.customer,
  externalId: 'pedido-4243',
  document: '12345678909',
  identifiedDocumentPix: '12345678909',
  currency: { name: 'BRL', type: 'PIX', amount: 25, status: 'WAITING_PAYMENT' },
};
const brCodeExample =
  '00020126580014br.gov.bcb.pix0136123e4567-e89b-12d3-a456-4266141740005204000053039865406025.005802BR5909Loja Ltda6009SAO PAULO62070503***6304A1B2';
const webhookWithdrawalExample = {
  id: ids.withdrawal,
  customerId: ids.customer,
  status: 'PAID',
  name: 'BRL',
  type: 'PIX',
  amount: 10.5,
  operation: 'WITHDRAW',
  externalId: 'pedido-4242',
};
const webhookDepositExample = {
  id: ids.deposit,
  customerId: ids.customer,
  status: 'PAID',
  name: 'BRL',
  type: 'PIX',
  amount: 25,
  operation: 'DEPOSIT',
  externalId: 'pedido-4243',
};

type Meta = { id?: string; description?: string; examples?: unknown[] };

// The named schemas of `components.schemas`, in document order, and descriptions of their fields.
// A fresh registry per call keeps the package free of global state (no `z.globalRegistry`).
function createRegistry(): z.core.$ZodRegistry<Meta> {
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
    description: 'Body of `POST /pix/customer/{CLIENT_ID}/key`: the key value and its type.',
    examples: [examples.pixKeyInput],
  });
  field(PixKeyInput.shape.key, 'The Pix key value.');
  named(AddPixKeyResult, {
    id: 'AddPixKeyResult',
    description: 'Answer of `POST /pix/customer/{CLIENT_ID}/key` (201).',
    examples: [{ message: 'Chave Pix adicionada com sucesso', key: examples.pixKey }],
  });
  field(
    AddPixKeyResult.shape.message,
    "Fixed Portuguese confirmation; per the provider's public docs `Chave Pix adicionada com sucesso`.",
  );
  named(PixKeyList, {
    id: 'PixKeyList',
    description:
      'Answer of `GET /pix/customer/{CLIENT_ID}/key` (200): a plain array, not paginated.',
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
      "A fiat currency as the list operations return it. Send it whole as `currency` in a withdrawal or a deposit. Per the provider's public docs, withdrawal and deposit lists hold different objects (different `_id`) even for the same BRL: never use one for the other.",
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
    examples: [
      {
        message: 'Solicitação de Saque realizada com sucesso',
        status: 'PENDING',
        _id: ids.withdrawal,
      },
    ],
  });
  named(DepositRequest, {
    id: 'DepositRequest',
    description: "Body of `POST /deposit` (per the provider's public docs).",
    examples: [depositRequestExample],
  });
  field(DepositRequest.shape.amount, 'Decimal amount, at most two decimals.');
  field(DepositRequest.shape.customerId, 'The `_id` of the customer.');
  field(DepositRequest.shape.externalId, 'The merchant’s own reference.');
  named(CreateDepositResult, {
    id: 'CreateDepositResult',
    description: "Answer of `POST /deposit` (201, per the provider's public docs).",
    examples: [
      {
        message: 'Pix Gerado com Sucesso',
        data: {
          status: 'WAITING_PAYMENT',
          code: brCodeExample,
          id: ids.deposit,
          customerId: ids.customer,
        },
      },
    ],
  });
  field(
    CreateDepositResult.shape.data.shape.code,
    'The Pix copy-and-paste (BR Code) string a payer scans or pastes.',
  );
  named(TransactionDetails, {
    id: 'TransactionDetails',
    description:
      "Details of a withdrawal or a deposit (per the provider's public docs). A webhook receiver reads this to confirm a status.",
    examples: [withdrawalDetailsExample, depositDetailsExample],
  });

  named(WebhookOperation, {
    id: 'WebhookOperation',
    description: 'Which kind of transaction a webhook speaks of. Other strings are accepted.',
    examples: ['WITHDRAW'],
  });
  named(WebhookPayload, {
    id: 'WebhookPayload',
    description:
      "The JSON the service POSTs to the company's callback URL, for withdrawals and deposits alike (per the provider's public docs). Note `id`, not `_id`.",
    examples: [webhookWithdrawalExample, webhookDepositExample],
  });
  field(WebhookPayload.shape.id, 'The `_id` of the withdrawal or deposit.');

  named(CreateCustomerInput, {
    id: 'CreateCustomerInput',
    description: "Body of `POST /customer` (per the provider's public docs).",
    examples: [examples.customerInput],
  });
  field(CreateCustomerInput.shape.document, 'The customer’s CPF or CNPJ.');
  named(CreateCustomerResult, {
    id: 'CreateCustomerResult',
    description:
      "Answer of `POST /customer` (per the provider's public docs): 201 with the new customer, or 200 with the `_id` of the customer that already has this document.",
    examples: [
      {
        message: 'Novo cliente criado com sucesso',
        customer: {
          _id: ids.customer,
          name: 'Ana Souza',
          email: 'ana.souza@example.com',
          document: '12345678909',
        },
      },
      {
        message: 'Cliente já está cadastrado na base de dados',
        customer: { _id: ids.existingCustomer },
      },
    ],
  });
  named(Customer, {
    id: 'Customer',
    description: "A customer as `GET /customer/{id}` returns it (per the provider's public docs).",
    examples: [examples.customer],
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

function componentSchemas(): Record<string, OpenApiSchema> {
  const registry = createRegistry();
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

const ref = (id: string): OpenApiSchema => ({ $ref: `${SCHEMA_REF}${id}` });

function json(schemaId: string, example: unknown): { 'application/json': OpenApiMediaType } {
  return { 'application/json': { schema: ref(schemaId), example } };
}

interface PathParameterSpec {
  name: string;
  description: string;
  example: string;
}

interface OperationSpec {
  method: OpenApiMethod;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  fromProviderDocs: boolean;
  parameters?: PathParameterSpec[];
  requestBody?: { schema: string; required: boolean; description: string; example: unknown };
  responses: { status: 200 | 201; description: string; schema: string; example: unknown }[];
  errors: { status: ErrorStatus; condition: string }[];
  public?: true;
}

const AUTH_401 =
  'Invalid or expired token; invalid or missing header; IP not allowed (the service restricts callers by IP address).';
const SERVER_500 = 'Internal server error.';
const SERVER_500_UNLISTED =
  'Internal server error. Not listed for this operation; any operation can fail this way.';

const customerParam: PathParameterSpec = {
  name: 'CLIENT_ID',
  description: 'The `_id` of the customer.',
  example: ids.customer,
};
const withdrawalParam = (name: string): PathParameterSpec => ({
  name,
  description: 'The `_id` of the withdrawal.',
  example: ids.withdrawal,
});
const depositParam: PathParameterSpec = {
  name: 'id',
  description: 'The `_id` of the deposit (`data.id` of the create answer).',
  example: ids.deposit,
};

const OPERATIONS: readonly OperationSpec[] = [
  {
    method: 'post',
    path: '/auth/token',
    operationId: 'getToken',
    tag: 'Auth',
    summary: 'Obtain an access token',
    description:
      "Exchanges the company's email and password for a JWT to send as `Authorization: Bearer <token>` on every other call. The 200 status and the 401 on wrong credentials are per the provider's public docs (the service document does not show them).",
    fromProviderDocs: false,
    public: true,
    requestBody: {
      schema: 'TokenRequest',
      required: true,
      description: 'The company credentials.',
      example: examples.tokenRequest,
    },
    responses: [
      {
        status: 200,
        description: 'The access token.',
        schema: 'TokenResponse',
        example: examples.tokenResponse,
      },
    ],
    errors: [
      {
        status: 401,
        condition: "Wrong email or password (per the provider's public docs).",
      },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'post',
    path: '/pix/customer/{CLIENT_ID}/key',
    operationId: 'pixKeys_add',
    tag: 'Pix keys',
    summary: 'Add a Pix key',
    description:
      'Registers a Pix key for a customer. The returned key object is ready for use: store it and pass it whole as `pixKey` in a withdrawal. A Pix key is unique: registering it again answers 404. List the keys first to avoid that.',
    fromProviderDocs: false,
    parameters: [customerParam],
    requestBody: {
      schema: 'PixKeyInput',
      required: true,
      description: 'The Pix key value and its type.',
      example: examples.pixKeyInput,
    },
    responses: [
      {
        status: 201,
        description: 'The key was added.',
        schema: 'AddPixKeyResult',
        example: { message: 'Chave Pix adicionada com sucesso', key: examples.pixKey },
      },
    ],
    errors: [
      { status: 400, condition: 'The provided Pix key is not valid.' },
      { status: 401, condition: AUTH_401 },
      {
        status: 404,
        condition:
          'The Pix key is already registered; the key does not correspond to a valid CPF; the customer is not found.',
      },
      { status: 500, condition: SERVER_500 },
    ],
  },
  {
    method: 'get',
    path: '/pix/customer/{CLIENT_ID}/key',
    operationId: 'pixKeys_list',
    tag: 'Pix keys',
    summary: 'List Pix keys',
    description:
      "Lists a customer's Pix keys: a plain JSON array, not paginated. Pick one and pass it whole as `pixKey` in a withdrawal.",
    fromProviderDocs: false,
    parameters: [customerParam],
    responses: [
      {
        status: 200,
        description: "The customer's keys.",
        schema: 'PixKeyList',
        example: [examples.pixKey, examples.maskedPixKey],
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 404, condition: 'Customer not found.' },
      { status: 500, condition: SERVER_500 },
    ],
  },
  {
    method: 'delete',
    path: '/pix/customer/{CLIENT_ID}/key/remove/{KEY_ID}',
    operationId: 'pixKeys_remove',
    tag: 'Pix keys',
    summary: 'Remove a Pix key',
    description: 'Removes a Pix key of a customer. No body. Note the 201 status on success.',
    fromProviderDocs: true,
    parameters: [
      customerParam,
      { name: 'KEY_ID', description: 'The `_id` of the Pix key.', example: ids.pixKey },
    ],
    responses: [
      {
        status: 201,
        description: 'The key was removed.',
        schema: 'MessageResult',
        example: { message: 'Chave Pix removida com sucesso' },
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 404, condition: 'The customer or the key is unknown.' },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'get',
    path: '/withdraw/company/currencies',
    operationId: 'withdrawals_listCurrencies',
    tag: 'Withdrawals',
    summary: 'List fiat currencies for withdrawals',
    description:
      'Lists the currencies available to the company account for withdrawals. Select one (by name or symbol) and pass it whole as `currency` in the withdrawal. Never use a deposit currency for a withdrawal.',
    fromProviderDocs: false,
    responses: [
      {
        status: 200,
        description: 'The withdrawal currencies.',
        schema: 'CurrencyList',
        example: [examples.withdrawCurrency],
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 404, condition: 'Customer not found.' },
      { status: 500, condition: SERVER_500 },
    ],
  },
  {
    method: 'post',
    path: '/withdraw',
    operationId: 'withdrawals_create',
    tag: 'Withdrawals',
    summary: 'Create a withdrawal',
    description:
      'Sends money to a Pix key. The body carries the whole currency and Pix key objects. `externalId` is the idempotency key: a second request with an `externalId` already seen is ignored and answers the first withdrawal again.',
    fromProviderDocs: true,
    requestBody: {
      schema: 'WithdrawalRequest',
      required: true,
      description: 'The withdrawal.',
      example: withdrawalRequestExample,
    },
    responses: [
      {
        status: 201,
        description: 'The withdrawal was requested; its status is PENDING.',
        schema: 'CreateWithdrawalResponse',
        example: {
          message: 'Solicitação de Saque realizada com sucesso',
          status: 'PENDING',
          _id: ids.withdrawal,
        },
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 404, condition: '`customerId` is unknown.' },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'get',
    path: '/withdraw/{id}/details',
    operationId: 'withdrawals_get',
    tag: 'Withdrawals',
    summary: 'Get a withdrawal',
    description:
      'Details of a withdrawal, with its current status in `currency.status`. A webhook receiver reads this to confirm a status before acting on it.',
    fromProviderDocs: true,
    parameters: [withdrawalParam('id')],
    responses: [
      {
        status: 200,
        description: 'The withdrawal.',
        schema: 'TransactionDetails',
        example: withdrawalDetailsExample,
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      {
        status: 404,
        condition:
          'No withdrawal has this id (the provider does not list the errors of this operation).',
      },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'post',
    path: '/withdraw/{TRANSACTION_ID}/resend/webhook',
    operationId: 'withdrawals_resendWebhook',
    tag: 'Withdrawals',
    summary: 'Resend the withdrawal webhook',
    description:
      "Sends the webhook notification of a withdrawal again to the callback URL registered in the company's dashboard. An action, not a query; it may be called any number of times for the same withdrawal.",
    fromProviderDocs: false,
    parameters: [withdrawalParam('TRANSACTION_ID')],
    requestBody: {
      schema: 'EmptyBody',
      required: false,
      description: 'No body is required; an empty JSON object is accepted.',
      example: {},
    },
    responses: [
      {
        status: 200,
        description: 'The webhook was resent.',
        schema: 'MessageResult',
        example: { message: 'Webhook de saque reenviado com sucesso' },
      },
    ],
    errors: [
      {
        status: 401,
        condition:
          'Invalid or expired token; invalid or missing header; IP not allowed; not authorized for this action.',
      },
      { status: 404, condition: 'The provided ID is invalid; the transaction does not exist.' },
      { status: 500, condition: SERVER_500 },
    ],
  },
  {
    method: 'get',
    path: '/deposit/company/currencies',
    operationId: 'deposits_listCurrencies',
    tag: 'Deposits',
    summary: 'List fiat currencies for deposits',
    description:
      'Lists the currencies available for deposits. Pass the selected one whole as `currency` in the deposit. Never use a withdrawal currency for a deposit.',
    fromProviderDocs: false,
    responses: [
      {
        status: 200,
        description: 'The deposit currencies.',
        schema: 'CurrencyList',
        example: [examples.depositCurrency],
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 500, condition: SERVER_500 },
    ],
  },
  {
    method: 'post',
    path: '/deposit',
    operationId: 'deposits_create',
    tag: 'Deposits',
    summary: 'Create a deposit',
    description:
      'Creates a Pix charge for a customer; `data.code` is the copy-and-paste (BR Code) string the payer scans or pastes.',
    fromProviderDocs: true,
    requestBody: {
      schema: 'DepositRequest',
      required: true,
      description: 'The deposit.',
      example: depositRequestExample,
    },
    responses: [
      {
        status: 201,
        description: 'The charge was created; its status is WAITING_PAYMENT.',
        schema: 'CreateDepositResult',
        example: {
          message: 'Pix Gerado com Sucesso',
          data: {
            status: 'WAITING_PAYMENT',
            code: brCodeExample,
            id: ids.deposit,
            customerId: ids.customer,
          },
        },
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      { status: 404, condition: '`customerId` is unknown.' },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'get',
    path: '/deposit/{id}/details',
    operationId: 'deposits_get',
    tag: 'Deposits',
    summary: 'Get a deposit',
    description:
      'Details of a deposit, the same shape as withdrawal details. A webhook receiver reads this to confirm a status before acting on it.',
    fromProviderDocs: true,
    parameters: [depositParam],
    responses: [
      {
        status: 200,
        description: 'The deposit.',
        schema: 'TransactionDetails',
        example: depositDetailsExample,
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      {
        status: 404,
        condition:
          'No deposit has this id (the provider does not list the errors of this operation).',
      },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'post',
    path: '/deposit/{id}/resend/webhook',
    operationId: 'deposits_resendWebhook',
    tag: 'Deposits',
    summary: 'Resend the deposit webhook',
    description:
      "Sends the webhook notification of a deposit again to the company's callback URL. It may be called any number of times.",
    fromProviderDocs: true,
    parameters: [depositParam],
    requestBody: {
      schema: 'EmptyBody',
      required: false,
      description: 'No body is required; an empty JSON object is accepted.',
      example: {},
    },
    responses: [
      {
        status: 200,
        description: 'The webhook was resent.',
        schema: 'MessageResult',
        example: { message: 'Webhook de depósito reenviado com sucesso' },
      },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      {
        status: 404,
        condition:
          'No deposit has this id (the provider does not list the errors of this operation).',
      },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'post',
    path: '/customer',
    operationId: 'customers_create',
    tag: 'Customers',
    summary: 'Create a customer',
    description:
      'Creates an end customer of the company. A document (CPF or CNPJ) that already has a customer is not an error: the answer is 200 with the existing `_id`.',
    fromProviderDocs: true,
    requestBody: {
      schema: 'CreateCustomerInput',
      required: true,
      description: 'The customer.',
      example: examples.customerInput,
    },
    responses: [
      {
        status: 201,
        description: 'The customer was created.',
        schema: 'CreateCustomerResult',
        example: {
          message: 'Novo cliente criado com sucesso',
          customer: {
            _id: ids.customer,
            name: 'Ana Souza',
            email: 'ana.souza@example.com',
            document: '12345678909',
          },
        },
      },
      {
        status: 200,
        description: 'A customer with this document already exists; its `_id` is returned.',
        schema: 'CreateCustomerResult',
        example: {
          message: 'Cliente já está cadastrado na base de dados',
          customer: { _id: ids.existingCustomer },
        },
      },
    ],
    errors: [
      { status: 400, condition: '`name` or `document` is missing.' },
      { status: 401, condition: AUTH_401 },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
  {
    method: 'get',
    path: '/customer/{id}',
    operationId: 'customers_get',
    tag: 'Customers',
    summary: 'Get a customer',
    description: 'A customer of the company.',
    fromProviderDocs: true,
    parameters: [{ ...customerParam, name: 'id' }],
    responses: [
      { status: 200, description: 'The customer.', schema: 'Customer', example: examples.customer },
    ],
    errors: [
      { status: 401, condition: AUTH_401 },
      {
        status: 404,
        condition:
          'No customer has this id (the provider does not list the errors of this operation).',
      },
      { status: 500, condition: SERVER_500_UNLISTED },
    ],
  },
];

function buildOperation(spec: OperationSpec, pathIdSchema: OpenApiSchema): OpenApiOperation {
  const responses: Record<string, OpenApiResponse> = {};
  for (const response of spec.responses) {
    responses[String(response.status)] = {
      description: response.description,
      content: json(response.schema, response.example),
    };
  }
  for (const { status, condition } of spec.errors) {
    const phrase = REASON_PHRASES[status];
    responses[String(status)] = {
      description: `${phrase}: ${condition}`,
      content: json(ERROR_BODIES[status].id, { message: phrase }),
    };
  }
  const operation: OpenApiOperation = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.fromProviderDocs ? `${PROVIDER_DOCS} ${spec.description}` : spec.description,
    tags: [spec.tag],
    responses,
  };
  if (spec.public) operation.security = [];
  if (spec.parameters) {
    operation.parameters = spec.parameters.map((parameter) => ({
      name: parameter.name,
      in: 'path',
      required: true,
      description: parameter.description,
      schema: pathIdSchema,
      example: parameter.example,
    }));
  }
  if (spec.requestBody) {
    operation.requestBody = {
      required: spec.requestBody.required,
      description: spec.requestBody.description,
      content: json(spec.requestBody.schema, spec.requestBody.example),
    };
  }
  return operation;
}

function webhook(
  operation: 'withdrawal' | 'deposit',
  example: { operation: string },
): OpenApiPathItem {
  return {
    post: {
      operationId: `webhooks_${operation}Status`,
      summary: `${operation === 'withdrawal' ? 'Withdrawal' : 'Deposit'} status notification`,
      description: `${PROVIDER_DOCS} The service POSTs this JSON to the callback URL set in the company's dashboard when a ${operation} changes status, and again on \`POST ${operation === 'withdrawal' ? '/withdraw/{TRANSACTION_ID}' : '/deposit/{id}'}/resend/webhook\`. Deliveries are not signed: accept them only from the provider's fixed sending address, and confirm the status with \`GET /${operation === 'withdrawal' ? 'withdraw' : 'deposit'}/{id}/details\` before acting on it.`,
      tags: ['Webhooks'],
      security: [],
      requestBody: {
        required: true,
        description: `The ${operation} and its new status (\`operation\` is \`${example.operation}\`).`,
        content: json('WebhookPayload', example),
      },
      responses: {
        '200': { description: 'The receiver must answer 200 at once; do the work afterwards.' },
      },
    },
  };
}

/**
 * Builds the OpenAPI 3.1.0 document of the payment service: every route of the service document
 * and those the provider's public docs add (marked so in their descriptions), the error table of the
 * service document row by row, the bearer token scheme, and the webhooks the service sends. Every
 * schema is generated from the package's zod schemas, so the document cannot drift from what the
 * client parses. Browser-safe: no `node:` module.
 *
 * The same document ships as `pix-payment-sdk/openapi.json`.
 *
 * @param options - Where the service runs; see {@link CreateOpenApiDocumentOptions}.
 * @returns A fresh document; callers may change it freely.
 *
 * @example
 * ```ts
 * import { createOpenApiDocument } from 'pix-payment-sdk/mock';
 *
 * const document = createOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' });
 * await fs.writeFile('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
 * ```
 */
export function createOpenApiDocument(options: CreateOpenApiDocumentOptions = {}): OpenApiDocument {
  const pathIdSchema = (() => {
    const { $schema: _schema, ...schema } = z.toJSONSchema(PathId, { target: 'draft-2020-12' });
    return schema as OpenApiSchema;
  })();
  const paths: Record<string, OpenApiPathItem> = {};
  for (const spec of OPERATIONS) {
    const item = paths[spec.path] ?? {};
    item[spec.method] = buildOperation(spec, pathIdSchema);
    paths[spec.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pix payment service',
      version: VERSION,
      description:
        "The payment service behind `pix-payment-sdk`: access tokens, customers, Pix keys, fiat currencies, withdrawals, deposits and their webhooks. Routes and facts that the service document leaves out come from the provider's public docs and say so. Generated from the zod schemas of `pix-payment-sdk`; do not edit by hand.",
    },
    servers: [
      options.serverUrl === undefined
        ? { url: PLACEHOLDER_SERVER_URL, description: 'Placeholder: replace with your base URL.' }
        : { url: options.serverUrl, description: 'The payment service.' },
    ],
    tags: [
      { name: 'Auth', description: 'Access tokens.' },
      { name: 'Customers', description: "The company's end customers (provider's public docs)." },
      { name: 'Pix keys', description: 'Pix keys of a customer.' },
      { name: 'Withdrawals', description: 'Currencies, withdrawals and their webhook.' },
      { name: 'Deposits', description: 'Currencies, deposits and their webhook.' },
      { name: 'Webhooks', description: "Notifications the service sends to the company's URL." },
    ],
    security: [{ bearerAuth: [] }],
    paths,
    webhooks: {
      withdrawalStatus: webhook('withdrawal', webhookWithdrawalExample),
      depositStatus: webhook('deposit', webhookDepositExample),
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The token from `POST /auth/token`. A request without a valid token, or from an IP address the company has not allowed, answers 401.',
        },
      },
    },
  };
}
