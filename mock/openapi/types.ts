// The public types of the OpenAPI document that `createOpenApiDocument()` builds. Their
// `{@link createOpenApiDocument}`s resolve in the entry point that exports both (no import here,
// which would make a cycle with the module that builds the document).

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
export type OpenApiMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * A path parameter of an operation. The service's identifiers are strings; no pattern is declared,
 * because the service answers a malformed id with 404, not with a validation error.
 *
 * @example
 * ```ts
 * const parameter: OpenApiParameter = {
 *   name: 'customerId',
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
 * operation?.operationId; // 'withdrawals.listCurrencies'
 * ```
 */
export interface OpenApiOperation {
  /**
   * Unique id, the operation's id in the table (`area.method`), named after the client method:
   * `pixKeys.add` is `client.pixKeys.add`.
   */
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
 * const item: OpenApiPathItem | undefined = createOpenApiDocument().paths['/pix/customer/{customerId}/key'];
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

/**
 * The prose of one operation.
 *
 * @internal
 */
export interface OperationProse {
  /** What the operation does, in one line: the OpenAPI `summary`. */
  readonly summary: string;
  /** What the operation does, and where its contract comes from. */
  readonly description: string;
  /** Whether the operation comes from the provider's public docs rather than the service document. */
  readonly fromProviderDocs: boolean;
  /** For an operation that takes a body. */
  readonly requestBody?: { readonly description: string; readonly example: unknown };
  /**
   * Each success status the operation answers: when it is given, and an example body. With
   * `errors`, every status the operation answers: those the service documents and those the mock
   * answers for bodies it cannot accept. The OpenAPI document declares exactly these; a test drives
   * the mock and fails on an answer outside them. Answers of the server's edge (413 for an oversized
   * body, 403 for a foreign `Host`) and injected faults are not listed: the document's description
   * covers them.
   */
  readonly successes: Readonly<
    Record<number, { readonly description: string; readonly example: unknown }>
  >;
  /** Each error status the operation answers: when it is given. */
  readonly errors: Readonly<Record<number, string>>;
  /**
   * Whether a 400 may carry a message of the service's own instead of the reason phrase (one of
   * `PUBLISHED_400_MESSAGES`); the example shown is `example400`.
   */
  readonly example400?: string;
}
