import { VERSION } from 'pix-payment-sdk';
import * as z from 'zod/mini';
import { operations, SERVICE_OPERATIONS, type ServiceOperation } from '../service/operations.js';
import {
  componentId,
  componentSchemas,
  createRegistry,
  ERROR_BODIES,
  type ErrorStatus,
  json,
  MESSAGE_400_BODY,
  REASON_PHRASES,
  type Registry,
  schemaOf,
} from './components.js';
import { webhookDepositExample, webhookWithdrawalExample } from './examples.js';
import { documentedStatuses, OPERATION_PROSE, PARAMETER_PROSE } from './prose.js';
import type {
  CreateOpenApiDocumentOptions,
  OpenApiDocument,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiPathItem,
  OpenApiResponse,
  OpenApiSchema,
} from './types.js';

export type {
  CreateOpenApiDocumentOptions,
  OpenApiDocument,
  OpenApiMediaType,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiRequestBody,
  OpenApiResponse,
  OpenApiSchema,
} from './types.js';

const PLACEHOLDER_SERVER_URL = 'https://api.example.com';
const PROVIDER_DOCS = "Per the provider's public docs (beyond the service document).";

// What the document covers, and which answers fall outside the operations' declared responses.
const DESCRIPTION = [
  "The payment service behind `pix-payment-sdk`: access tokens, customers, Pix keys, fiat currencies, withdrawals, deposits and their webhooks. Routes and facts that the service document leaves out come from the provider's public docs and say so. Generated from the zod schemas of `pix-payment-sdk`; do not edit by hand.",
  'Each operation declares every status it answers, and no `default` response. What a server answers before a request reaches an operation is not declared per operation, as at the edge of any HTTP service: a request whose body is larger than the server accepts answers `413` `{ "message": "Payload Too Large" }` (any path, any method; the mock\'s limit is `maxBodyBytes`, 1 MiB by default), the mock server refuses a request whose `Host` does not name it with `403` `{ "message": "Forbidden", "detail": "..." }`, and a request it cannot parse as HTTP with `400` `{ "message": "Bad Request" }`.',
  'Faults injected into the mock (`mock.faults.inject`, `POST /__mock/faults`) answer whatever status and body the test author chose; such answers are not part of this contract.',
].join('\n\n');

// The tags, in the order a merchant meets the areas; each area of the table has one.
const TAGS = {
  auth: { name: 'Auth', description: 'Access tokens.' },
  customers: {
    name: 'Customers',
    description: "The company's end customers (provider's public docs).",
  },
  pixKeys: { name: 'Pix keys', description: 'Pix keys of a customer.' },
  withdrawals: { name: 'Withdrawals', description: 'Currencies, withdrawals and their webhook.' },
  deposits: { name: 'Deposits', description: 'Currencies, deposits and their webhook.' },
  company: {
    name: 'Company',
    description: "The account's balances, its sub-accounts and their one-time setup.",
  },
} as const satisfies Record<keyof typeof operations, { name: string; description: string }>;

function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(ERROR_BODIES, status);
}

// The prose describes each status an operation answers, successes and errors.
function responsesOf(spec: ServiceOperation, registry: Registry): Record<string, OpenApiResponse> {
  const prose = OPERATION_PROSE[spec.id];
  const { successes, errors, example400 } = prose;
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of documentedStatuses(prose)) {
    const success = successes[status];
    if (success) {
      responses[status] = {
        description: success.description,
        content: json(componentId(registry, schemaOf(spec.response)), success.example),
      };
    } else if (status === 400 && example400 !== undefined) {
      responses[status] = {
        description: `${REASON_PHRASES[400]}: ${errors[status]}`,
        content: json(MESSAGE_400_BODY.id, { message: example400 }),
      };
    } else if (isErrorStatus(status)) {
      const phrase = REASON_PHRASES[status];
      responses[status] = {
        description: `${phrase}: ${errors[status]}`,
        content: json(ERROR_BODIES[status].id, { message: phrase }),
      };
    } else {
      throw new Error(`openapi: ${spec.id} lists ${status}, which has no error body`);
    }
  }
  return responses;
}

function buildOperation(
  spec: ServiceOperation,
  registry: Registry,
  pathIdSchema: OpenApiSchema,
): OpenApiOperation {
  const prose = OPERATION_PROSE[spec.id];
  const area = spec.id.slice(0, spec.id.indexOf('.')) as keyof typeof operations;
  const operation: OpenApiOperation = {
    operationId: spec.id,
    summary: prose.summary,
    description: prose.fromProviderDocs
      ? `${PROVIDER_DOCS} ${prose.description}`
      : prose.description,
    tags: [TAGS[area].name],
    responses: responsesOf(spec, registry),
  };
  if (!spec.auth) operation.security = [];
  const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length > 0) {
    operation.parameters = names.map((name) => {
      const parameter = PARAMETER_PROSE[area]?.[name];
      if (!parameter) throw new Error(`openapi: no prose for {${name}} of ${spec.id}`);
      return {
        name,
        in: 'path',
        required: true,
        description: parameter.description,
        schema: pathIdSchema,
        example: parameter.example,
      };
    });
  }
  if (spec.request !== undefined) {
    if (!prose.requestBody) throw new Error(`openapi: no prose for the body of ${spec.id}`);
    operation.requestBody = {
      required: spec.optionalRequest !== true,
      description: prose.requestBody.description,
      content: json(componentId(registry, schemaOf(spec.request)), prose.requestBody.example),
    };
  }
  return operation;
}

function webhook(kind: 'withdrawal' | 'deposit', example: { operation: string }): OpenApiPathItem {
  const area = kind === 'withdrawal' ? operations.withdrawals : operations.deposits;
  return {
    post: {
      operationId: `webhooks.${kind}Status`,
      summary: `${kind === 'withdrawal' ? 'Withdrawal' : 'Deposit'} status notification`,
      description: `${PROVIDER_DOCS} The service POSTs this JSON to the callback URL set in the company's dashboard when a ${kind} changes status, and again on \`${area.resendWebhook.method} ${area.resendWebhook.path}\`. Deliveries are not signed: accept them only from the provider's fixed sending address, and confirm the status with \`${area.get.method} ${area.get.path}\` before acting on it.`,
      tags: ['Webhooks'],
      security: [],
      requestBody: {
        required: true,
        description: `The ${kind} and its new status (\`operation\` is \`${example.operation}\`).`,
        content: json('WebhookPayload', example),
      },
      responses: {
        '200': { description: 'The receiver must answer 200 at once; do the work afterwards.' },
      },
    },
  };
}

/**
 * Builds the OpenAPI 3.1.0 document of the payment service from the table of operations
 * (`operations`): every route of the service document and those the provider's public docs add
 * (marked so in their descriptions), the error table of the service document row by row, the
 * bearer token scheme, and the webhooks the service sends. Every schema is generated from the
 * package's zod schemas, so the document cannot drift from what the client parses. Browser-safe: no
 * `node:` module.
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
  const registry = createRegistry();
  const { $schema: _schema, ...pathIdSchema } = z.toJSONSchema(z.string(), {
    target: 'draft-2020-12',
  });
  const paths: Record<string, OpenApiPathItem> = {};
  for (const spec of SERVICE_OPERATIONS) {
    const item = paths[spec.path] ?? {};
    item[spec.method.toLowerCase() as OpenApiMethod] = buildOperation(spec, registry, pathIdSchema);
    paths[spec.path] = item;
  }
  // A copy, so a caller who changes the document never changes the examples it shares with the next.
  return structuredClone<OpenApiDocument>({
    openapi: '3.1.0',
    info: {
      title: 'Pix payment service',
      version: VERSION,
      description: DESCRIPTION,
    },
    servers: [
      options.serverUrl === undefined
        ? { url: PLACEHOLDER_SERVER_URL, description: 'Placeholder: replace with your base URL.' }
        : { url: options.serverUrl, description: 'The payment service.' },
    ],
    tags: [
      ...Object.values(TAGS),
      { name: 'Webhooks', description: "Notifications the service sends to the company's URL." },
    ],
    security: [{ bearerAuth: [] }],
    paths,
    webhooks: {
      withdrawalStatus: webhook('withdrawal', webhookWithdrawalExample),
      depositStatus: webhook('deposit', webhookDepositExample),
    },
    components: {
      schemas: componentSchemas(registry),
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
  });
}
