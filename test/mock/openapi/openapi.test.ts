import { readFile } from 'node:fs/promises';
import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  AddPixKeyResult,
  CreateCustomerInput,
  CreateCustomerResult,
  CreateDepositResult,
  CreateWithdrawalResponse,
  Currency,
  CurrencyList,
  Customer,
  DepositForCustomerId,
  DepositForNewCustomer,
  DepositRequest,
  MessageResult,
  PixKey,
  PixKeyInput,
  PixKeyList,
  TokenRequest,
  TokenResponse,
  TransactionDetails,
  UpdateCustomerInput,
  WebhookPayload,
  WithdrawalRequest,
} from 'pix-payment-sdk';
import {
  createOpenApiDocument,
  createPaymentServiceMock,
  type OpenApiDocument,
  type OpenApiMethod,
  type OpenApiOperation,
  type OpenApiSchema,
} from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import packageJson from '../../../package.json' with { type: 'json' };

const document = createOpenApiDocument();
const DOC_ID = 'https://pix-payment-sdk.test/openapi.json';
const SCHEMA_REF = /^#\/components\/schemas\/([A-Za-z0-9_]+)$/;
const PROVIDER_MARK = "Per the provider's public docs";

// Every route the document must have: the service document (section 4) and provider-facts.md.
const ROUTES: ReadonlyArray<{
  method: OpenApiMethod;
  path: string;
  operationId: string;
  success: number[];
  fromProviderDocs: boolean;
}> = [
  {
    method: 'post',
    path: '/auth/token',
    operationId: 'auth.getToken',
    success: [200],
    fromProviderDocs: false,
  },
  {
    method: 'post',
    path: '/pix/customer/{customerId}/key',
    operationId: 'pixKeys.add',
    success: [201],
    fromProviderDocs: false,
  },
  {
    method: 'get',
    path: '/pix/customer/{customerId}/key',
    operationId: 'pixKeys.list',
    success: [200],
    fromProviderDocs: false,
  },
  {
    method: 'delete',
    path: '/pix/customer/{customerId}/key/remove/{keyId}',
    operationId: 'pixKeys.remove',
    success: [201],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/withdraw/company/currencies',
    operationId: 'withdrawals.listCurrencies',
    success: [200],
    fromProviderDocs: false,
  },
  {
    method: 'post',
    path: '/withdraw',
    operationId: 'withdrawals.create',
    success: [201],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/withdraw/{id}/details',
    operationId: 'withdrawals.get',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/withdraw/{id}/resend/webhook',
    operationId: 'withdrawals.resendWebhook',
    success: [200],
    fromProviderDocs: false,
  },
  {
    method: 'get',
    path: '/deposit/company/currencies',
    operationId: 'deposits.listCurrencies',
    success: [200],
    fromProviderDocs: false,
  },
  {
    method: 'post',
    path: '/deposit',
    operationId: 'deposits.create',
    success: [201],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/deposit/{id}/details',
    operationId: 'deposits.get',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/deposit/{id}/resend/webhook',
    operationId: 'deposits.resendWebhook',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/customer',
    operationId: 'customers.create',
    success: [200, 201],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/customer/{id}',
    operationId: 'customers.get',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'put',
    path: '/customer/{id}',
    operationId: 'customers.update',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/balance/company',
    operationId: 'company.getBalance',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/company/subaccount',
    operationId: 'company.createSubAccount',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/webhook/subaccount',
    operationId: 'company.registerWebhook',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/withdraw/allowed-ip/subaccount',
    operationId: 'company.allowWithdrawalIp',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/withdraw/company/cryptocurrencies',
    operationId: 'withdrawals.listCryptocurrencies',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/withdraw/company/blockchain-networks',
    operationId: 'withdrawals.listNetworks',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/withdraw/conversion/brl/pix',
    operationId: 'withdrawals.quote',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/withdraw/transaction/crypto/amount',
    operationId: 'withdrawals.quoteToWallet',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/deposit/company/cryptocurrencies',
    operationId: 'deposits.listCryptocurrencies',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/deposit/company/blockchain-networks',
    operationId: 'deposits.listNetworks',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'post',
    path: '/deposit/conversion/tether',
    operationId: 'deposits.quote',
    success: [200],
    fromProviderDocs: true,
  },
  {
    method: 'get',
    path: '/crypto/customer/{id}/wallet',
    operationId: 'customers.getWallet',
    success: [200],
    fromProviderDocs: true,
  },
];

const AUTH_401 = 'Invalid or expired token; invalid or missing header; IP not allowed.';

// Section 7 of the service document, row by row: operation, status, message, condition.
const SECTION_7: ReadonlyArray<readonly [string, number, string, string]> = [
  ['pixKeys.add', 400, 'Bad Request', 'The provided Pix key is not valid.'],
  ['pixKeys.add', 401, 'Unauthorized', AUTH_401],
  [
    'pixKeys.add',
    404,
    'Not Found',
    'The Pix key is already registered; the key does not correspond to a valid CPF; the customer is not found.',
  ],
  ['pixKeys.add', 500, 'Internal Server Error', 'Internal server error.'],
  ['pixKeys.list', 401, 'Unauthorized', AUTH_401],
  ['pixKeys.list', 404, 'Not Found', 'Customer not found.'],
  ['pixKeys.list', 500, 'Internal Server Error', 'Internal server error.'],
  ['withdrawals.listCurrencies', 401, 'Unauthorized', AUTH_401],
  ['withdrawals.listCurrencies', 404, 'Not Found', 'Customer not found.'],
  ['withdrawals.listCurrencies', 500, 'Internal Server Error', 'Internal server error.'],
  ['deposits.listCurrencies', 401, 'Unauthorized', AUTH_401],
  ['deposits.listCurrencies', 500, 'Internal Server Error', 'Internal server error.'],
  [
    'withdrawals.resendWebhook',
    401,
    'Unauthorized',
    'Invalid or expired token; invalid or missing header; IP not allowed; not authorized for this action.',
  ],
  [
    'withdrawals.resendWebhook',
    404,
    'Not Found',
    'The provided ID is invalid; the transaction does not exist.',
  ],
  ['withdrawals.resendWebhook', 500, 'Internal Server Error', 'Internal server error.'],
];

// The package schema each named component is generated from, to check the examples both ways.
const ZOD_SOURCES: Record<string, z.ZodMiniType> = {
  TokenRequest,
  TokenResponse,
  PixKey,
  PixKeyInput,
  AddPixKeyResult,
  PixKeyList,
  Currency,
  CurrencyList,
  WithdrawalRequest,
  CreateWithdrawalResponse,
  DepositRequest,
  CreateDepositResult,
  TransactionDetails,
  WebhookPayload,
  CreateCustomerInput,
  CreateCustomerResult,
  UpdateCustomerInput,
  Customer,
  DepositForCustomerId,
  DepositForNewCustomer,
  MessageResult,
};

function operations(doc: OpenApiDocument = document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method: method as OpenApiMethod,
      operation: operation as OpenApiOperation,
    })),
  );
}

function operationById(operationId: string) {
  const found = operations().find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  return found;
}

function componentOf(schema: OpenApiSchema): string {
  const match = typeof schema.$ref === 'string' ? SCHEMA_REF.exec(schema.$ref) : null;
  if (!match?.[1])
    throw new Error(`expected a $ref to components.schemas, got ${JSON.stringify(schema)}`);
  return match[1];
}

// Ajv resolves `#/components/schemas/X` inside the document, as an OpenAPI tool does. The
// document's own fields are declared as keywords without meaning, so strict mode still rejects
// any unknown keyword inside a schema.
function createValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(Object.keys(doc));
  ajv.addSchema({ ...structuredClone(doc), $id: DOC_ID });
  return (component: string, value: unknown): string | undefined => {
    const check = ajv.getSchema(`${DOC_ID}#/components/schemas/${component}`);
    if (!check) throw new Error(`no component schema ${component}`);
    return check(value) ? undefined : ajv.errorsText(check.errors, { dataVar: component });
  };
}
const validateAgainst = createValidator(document);

function walk(
  value: unknown,
  visit: (node: Record<string, unknown>, path: string) => void,
  path = '#',
) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, visit, `${path}/${i}`);
  } else if (typeof value === 'object' && value !== null) {
    visit(value as Record<string, unknown>, path);
    for (const [key, item] of Object.entries(value)) walk(item, visit, `${path}/${key}`);
  }
}

describe('createOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document for @readme/openapi-parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect(result.warnings).toEqual([]);
  });

  it('openapi.json at the package root is a fresh document, written by scripts/write-openapi.ts', async () => {
    const committed = await readFile(new URL('../../../openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(`${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
  });

  it('returns a fresh document each time: changing one leaves the next as it was', () => {
    const changed = createOpenApiDocument();
    const login = changed.paths['/auth/token']?.post?.requestBody?.content['application/json'];
    (login?.example as Record<string, unknown>).email = 'changed@example.com';
    (changed.components.schemas.PixKey?.examples as unknown[]).length = 0;
    expect(createOpenApiDocument()).toEqual(document);
  });

  it('info.version is the package version; servers take serverUrl, else a placeholder', () => {
    expect(document.info.version).toBe(packageJson.version);
    expect(document.servers.map((server) => server.url)).toEqual(['https://api.example.com']);
    const local = createOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010' });
    expect(local.servers.map((server) => server.url)).toEqual(['http://127.0.0.1:4010']);
  });

  it('has exactly the routes of the service document and the provider docs', () => {
    const declared = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    const expected = ROUTES.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(declared.sort()).toEqual(expected.sort());
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(ROUTES)('$operationId: $method $path', (route) => {
    const operation = document.paths[route.path]?.[route.method];
    expect(operation).toBeDefined();
    if (!operation) return;
    expect(operation.operationId).toBe(route.operationId);
    expect(operation.summary).not.toBe('');
    expect(operation.tags).toHaveLength(1);
    expect(operation.description.startsWith(PROVIDER_MARK)).toBe(route.fromProviderDocs);

    const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    expect(successes.map(Number).sort()).toEqual([...route.success].sort());
    for (const status of Object.keys(operation.responses)) {
      const schema = operation.responses[status]?.content?.['application/json'].schema;
      expect(schema && componentOf(schema), `${status} has a named body`).toBeTruthy();
    }

    const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    expect((operation.parameters ?? []).map((parameter) => parameter.name)).toEqual(inPath);
    for (const parameter of operation.parameters ?? []) {
      expect(parameter).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
      expect(parameter.example).toMatch(/^[0-9a-f]{24}$/);
    }

    expect(operation.responses['401']).toBeDefined();
    if (route.operationId === 'auth.getToken') {
      expect(operation.security).toEqual([]);
    } else {
      expect(operation.security).toBeUndefined();
    }
  });

  it('requires the bearer JWT everywhere but POST /auth/token', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    const open = operations().filter(({ operation }) => operation.security?.length === 0);
    expect(open.map(({ path }) => path)).toEqual(['/auth/token']);
  });

  it.each(SECTION_7)('section 7: %s answers %i %s', (operationId, status, message, condition) => {
    const { operation } = operationById(operationId);
    const response = operation.responses[String(status)];
    expect(response).toBeDefined();
    if (!response) return;
    expect(response.description.toLowerCase()).toContain(
      condition.replace(/\.$/, '').toLowerCase(),
    );
    const media = response.content?.['application/json'];
    expect(media?.example).toEqual({ message });
    const component = componentOf(media?.schema ?? {});
    expect(validateAgainst(component, { message })).toBeUndefined();
    expect(validateAgainst(component, { message: 'Erro' })).toBeDefined();
    expect(validateAgainst(component, {})).toBeDefined();
  });

  it('section 7: the documented operations declare no other error', () => {
    for (const operationId of new Set(SECTION_7.map(([id]) => id))) {
      const declared = Object.keys(operationById(operationId).operation.responses)
        .filter((status) => Number(status) >= 400)
        .map(Number);
      const documented = SECTION_7.filter(([id]) => id === operationId).map(([, status]) => status);
      expect(declared, operationId).toEqual(documented);
    }
  });

  it('declares no `default` response, and says which answers fall outside the operations', () => {
    for (const { operation } of operations()) {
      expect(Object.keys(operation.responses), operation.operationId).not.toContain('default');
    }
    const { description } = document.info;
    expect(description).toContain('`413` `{ "message": "Payload Too Large" }`');
    expect(description).toContain('`403` `{ "message": "Forbidden", "detail": "..." }`');
    expect(description).toContain('Faults injected into the mock');
  });

  it('every operation that requires a body declares 400 for one it cannot read', () => {
    const reading = operations().filter(({ operation }) => operation.requestBody?.required);
    expect(reading.length).toBeGreaterThanOrEqual(5);
    for (const { operation } of reading) {
      const response = operation.responses['400'];
      expect(response?.description, operation.operationId).toContain('the body is not JSON');
      const schema = response?.content?.['application/json'].schema ?? {};
      // Where the service words some refusals itself, the body may carry its message instead.
      expect(['BadRequestErrorBody', 'BadRequestWithMessageBody'], operation.operationId).toContain(
        componentOf(schema),
      );
    }
  });

  it('declares the webhooks the service sends, with the WebhookPayload body', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(['depositStatus', 'withdrawalStatus']);
    for (const [name, operation] of [
      ['withdrawalStatus', document.webhooks.withdrawalStatus?.post],
      ['depositStatus', document.webhooks.depositStatus?.post],
    ] as const) {
      const media = operation?.requestBody?.content['application/json'];
      expect(media && componentOf(media.schema), name).toBe('WebhookPayload');
      expect(operation?.responses['200']).toBeDefined();
      expect(operation?.description.startsWith(PROVIDER_MARK)).toBe(true);
    }
    expect(
      document.webhooks.withdrawalStatus?.post?.requestBody?.content['application/json'].example,
    ).toMatchObject({ operation: 'WITHDRAW' });
    expect(
      document.webhooks.depositStatus?.post?.requestBody?.content['application/json'].example,
    ).toMatchObject({ operation: 'DEPOSIT' });
  });

  it('every $ref resolves to a named component', () => {
    const refs: string[] = [];
    walk(document, (node) => {
      if (typeof node.$ref === 'string') refs.push(node.$ref);
    });
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(document.components.schemas[componentOf({ $ref: ref })], ref).toBeDefined();
    }
  });

  it('no object schema refuses extra fields: the service and the client tolerate them', () => {
    walk(document.components.schemas, (node, path) => {
      if (node.type === 'object') {
        expect(node.additionalProperties, path).toBeDefined();
        expect(node.additionalProperties, path).not.toBe(false);
      }
    });
    expect(
      validateAgainst('PixKey', { key: 'a@b.co', type: 'EMAIL', _id: 'x', extra: 1 }),
    ).toBeUndefined();
    expect(
      validateAgainst('PixKeyInput', { key: 'a@b.co', type: 'EMAIL', extra: 1 }),
    ).toBeUndefined();
    expect(validateAgainst('PixKeyType', 'A_TYPE_ADDED_LATER')).toBeUndefined();
    expect(validateAgainst('PixKey', { key: 'a@b.co', type: 'EMAIL' })).toMatch(/_id/);
  });

  it('every example validates against its schema, and against the zod schema it comes from', () => {
    let checked = 0;
    walk(document.paths, (node, path) => {
      const media = (
        node.content as Record<string, { schema: OpenApiSchema; example: unknown }> | undefined
      )?.['application/json'];
      if (!media) return;
      expect(validateAgainst(componentOf(media.schema), media.example), path).toBeUndefined();
      checked++;
    });
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      const examples = schema.examples as unknown[] | undefined;
      expect(examples?.length, `${name} has examples`).toBeGreaterThan(0);
      for (const example of examples ?? []) {
        expect(validateAgainst(name, example), name).toBeUndefined();
        const source = ZOD_SOURCES[name];
        if (source) expect(z.safeParse(source, example).success, name).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('ids in the examples look like the provider’s (24 lower-case hex characters)', () => {
    walk(document, (node, path) => {
      for (const key of ['_id', 'id', 'customerId']) {
        if (typeof node[key] === 'string' && !path.includes('/properties')) {
          expect(node[key], `${path}/${key}`).toMatch(/^[0-9a-f]{24}$/);
        }
      }
    });
  });
});

describe('the document matches what the mock answers', () => {
  type Call = {
    params?: Record<string, string>;
    body?: unknown;
    token?: string | null;
  };

  async function setup() {
    const mock = createPaymentServiceMock();
    const login = await mock.fetch(`${mock.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mock.credentials),
    });
    const { token } = (await login.json()) as { token: string };
    const seen = new Set<string>();

    // Calls the operation on the mock, then checks that the status is declared for it and that
    // the body validates against the declared schema. Returns the status and the body.
    async function call(operationId: string, options: Call = {}) {
      const { method, path } = operationById(operationId);
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = options.params?.[name];
        if (value === undefined) throw new Error(`${operationId}: no value for ${name}`);
        return encodeURIComponent(value);
      });
      const headers: Record<string, string> = {};
      const bearer = options.token === undefined ? token : options.token;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      const init: RequestInit = { method: method.toUpperCase(), headers };
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(options.body);
      }
      const response = await mock.fetch(`${mock.baseUrl}${url}`, init);
      const declared = operationById(operationId).operation.responses[String(response.status)];
      expect(
        declared,
        `${operationId} answered ${response.status}, which is not declared`,
      ).toBeDefined();
      const media = declared?.content?.['application/json'];
      const body: unknown = media ? await response.json() : undefined;
      if (media) {
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(
          validateAgainst(componentOf(media.schema), body),
          `${operationId} ${response.status}`,
        ).toBeUndefined();
      }
      seen.add(`${operationId} ${response.status}`);
      return { status: response.status, body: body as Record<string, unknown> };
    }

    return { mock, token, call, seen };
  }

  it('every operation, on success and on each error case that can be triggered', async () => {
    const { mock, call, seen } = await setup();

    // Auth.
    expect((await call('auth.getToken', { body: mock.credentials, token: null })).status).toBe(200);
    expect(
      (
        await call('auth.getToken', {
          body: { ...mock.credentials, password: 'errada' },
          token: null,
        })
      ).status,
    ).toBe(401);

    // Customers.
    const created = await call('customers.create', {
      body: { name: 'Ana Souza', document: '52998224725', email: 'ana.souza@example.com' },
    });
    expect(created.status).toBe(201);
    expect(
      (await call('customers.create', { body: { name: 'Ana de Novo', document: '52998224725' } }))
        .status,
    ).toBe(200);
    expect((await call('customers.create', { body: { name: 'Sem Documento' } })).status).toBe(400);
    const customerId = (created.body.customer as { _id: string })._id;
    expect((await call('customers.get', { params: { id: customerId } })).status).toBe(200);
    const unknownId = 'ffffffffffffffffffffffff';
    expect((await call('customers.get', { params: { id: unknownId } })).status).toBe(404);
    const customer = mock.customers.create();
    const update = { name: 'Ana Souza Lima', document: '52998224725' };
    expect(
      (await call('customers.update', { params: { id: customerId }, body: update })).status,
    ).toBe(200);
    expect(
      (await call('customers.update', { params: { id: customer._id }, body: update })).status,
    ).toBe(409);
    expect(
      (await call('customers.update', { params: { id: customerId }, body: { name: 'Ana' } }))
        .status,
    ).toBe(400);
    expect(
      (await call('customers.update', { params: { id: unknownId }, body: update })).status,
    ).toBe(404);

    // Pix keys.
    const added = await call('pixKeys.add', {
      params: { customerId: customer._id },
      body: { type: 'EMAIL', key: 'ana.souza@example.com' },
    });
    expect(added.status).toBe(201);
    const pixKey = added.body.key as { _id: string; key: string; type: string };
    const duplicate = await call('pixKeys.add', {
      params: { customerId: customer._id },
      body: { type: 'EMAIL', key: 'ana.souza@example.com' },
    });
    expect(duplicate.status).toBe(404);
    const invalid = await call('pixKeys.add', {
      params: { customerId: customer._id },
      body: { type: 'PHONE', key: 'não é telefone' },
    });
    expect(invalid.status).toBe(400);
    const unknownCustomer = await call('pixKeys.add', {
      params: { customerId: unknownId },
      body: { type: 'CPF', key: '529.982.247-25' },
    });
    expect(unknownCustomer.status).toBe(404);
    expect((await call('pixKeys.list', { params: { customerId: customer._id } })).status).toBe(200);
    expect((await call('pixKeys.list', { params: { customerId: unknownId } })).status).toBe(404);

    // Withdrawals.
    const withdrawCurrencies = await call('withdrawals.listCurrencies');
    expect(withdrawCurrencies.status).toBe(200);
    const [withdrawCurrency] = withdrawCurrencies.body as unknown as unknown[];
    const withdrawal = await call('withdrawals.create', {
      body: {
        amount: 10.5,
        customerId: customer._id,
        currency: withdrawCurrency,
        pixKey,
        externalId: 'pedido-1',
      },
    });
    expect(withdrawal.status).toBe(201);
    const withdrawalId = withdrawal.body._id as string;
    expect(
      (
        await call('withdrawals.create', {
          body: { amount: 10.5, customerId: unknownId, currency: withdrawCurrency, pixKey },
        })
      ).status,
    ).toBe(404);
    expect((await call('withdrawals.get', { params: { id: withdrawalId } })).status).toBe(200);
    expect((await call('withdrawals.get', { params: { id: unknownId } })).status).toBe(404);
    const resent = await call('withdrawals.resendWebhook', {
      params: { id: withdrawalId },
      body: {},
    });
    expect(resent.status).toBe(200);
    expect(
      (await call('withdrawals.resendWebhook', { params: { id: 'não-é-um-id' } })).status,
    ).toBe(404);
    expect((await call('withdrawals.resendWebhook', { params: { id: unknownId } })).status).toBe(
      404,
    );

    // Deposits.
    const depositCurrencies = await call('deposits.listCurrencies');
    expect(depositCurrencies.status).toBe(200);
    const [depositCurrency] = depositCurrencies.body as unknown as unknown[];
    const deposit = await call('deposits.create', {
      body: {
        amount: 25,
        customerId: customer._id,
        currency: depositCurrency,
        externalId: 'pedido-2',
      },
    });
    expect(deposit.status).toBe(201);
    const depositId = (deposit.body.data as { id: string }).id;
    expect(
      (
        await call('deposits.create', {
          body: { amount: 25, customerId: unknownId, currency: depositCurrency },
        })
      ).status,
    ).toBe(404);
    const forNewCustomer = {
      amount: 25,
      customer: { name: 'Bruno Lima', document: '11144477735' },
      currency: depositCurrency,
    };
    expect((await call('deposits.create', { body: forNewCustomer })).status).toBe(201);
    expect((await call('deposits.create', { body: forNewCustomer })).status).toBe(409);
    expect(
      (
        await call('deposits.create', {
          body: { ...forNewCustomer, customerId: customer._id },
        })
      ).status,
    ).toBe(400);
    expect((await call('deposits.get', { params: { id: depositId } })).status).toBe(200);
    expect((await call('deposits.get', { params: { id: unknownId } })).status).toBe(404);
    expect((await call('deposits.resendWebhook', { params: { id: depositId } })).status).toBe(200);
    expect((await call('deposits.resendWebhook', { params: { id: unknownId } })).status).toBe(404);

    // The company area: balances (an insufficient one answers the mock's message), a sub-account
    // and its one-time setup with its own token.
    const balances = await call('company.getBalance', { body: {} });
    expect(balances.status).toBe(200);
    expect((await call('company.getBalance', { body: { currency: 'BRL' } })).status).toBe(400);
    mock.company.setBalance({ BRL: '1.00' });
    const short = await call('withdrawals.create', {
      body: { amount: 10.5, customerId: customer._id, currency: withdrawCurrency, pixKey },
    });
    expect(short).toEqual({ status: 400, body: { message: 'Saldo insuficiente' } });
    const subAccount = {
      user: { name: 'Loja B Ltda', email: 'loja-b@example.com', password: 'SenhaSegura123!' },
      deposit: { currencies: [], blockchainNetworks: [], cryptocurrencies: [] },
      withdraw: { currencies: [], blockchainNetworks: [], cryptocurrencies: [] },
    };
    expect((await call('company.createSubAccount', { body: subAccount })).status).toBe(200);
    expect((await call('company.createSubAccount', { body: { user: {} } })).status).toBe(400);
    const webhook = { name: 'Primeiro Webhook', externalWebhookUrl: 'https://loja-b.example/w' };
    expect((await call('company.registerWebhook', { body: webhook })).status).toBe(400);
    expect((await call('company.allowWithdrawalIp', { body: { ip: '8.8.8.8' } })).status).toBe(400);
    const subLogin = await mock.fetch(`${mock.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'loja-b@example.com', password: 'SenhaSegura123!' }),
    });
    const subToken = ((await subLogin.json()) as { token: string }).token;
    for (const expected of [200, 400]) {
      expect(
        (await call('company.registerWebhook', { body: webhook, token: subToken })).status,
      ).toBe(expected);
      expect(
        (await call('company.allowWithdrawalIp', { body: { ip: '8.8.8.8' }, token: subToken }))
          .status,
      ).toBe(expected);
    }
    mock.company.setPartner(false);
    expect((await call('company.createSubAccount', { body: subAccount })).status).toBe(401);

    // The crypto operations and variants (per the provider's public docs).
    mock.company.setBalance({ BRL: '1000.00', USDT: '100' });
    const [usdtOut] = (await call('withdrawals.listCryptocurrencies')).body as unknown as unknown[];
    const [usdtIn] = (await call('deposits.listCryptocurrencies')).body as unknown as unknown[];
    const networksOut = (await call('withdrawals.listNetworks')).body as unknown as Array<{
      name: string;
    }>;
    expect((await call('deposits.listNetworks')).status).toBe(200);
    const bep20 = networksOut.find((network) => network.name === 'BEP-20');
    expect((await call('customers.getWallet', { params: { id: customer._id } })).status).toBe(200);
    expect((await call('customers.getWallet', { params: { id: unknownId } })).status).toBe(404);
    const depositQuote = { amount: 100, currency: depositCurrency };
    expect((await call('deposits.quote', { body: depositQuote })).status).toBe(200);
    expect(
      (await call('deposits.quote', { body: { ...depositQuote, amount: 1.001 } })).status,
    ).toBe(400);
    expect(
      (await call('withdrawals.quote', { body: { amount: 1, cryptocurrency: usdtOut } })).status,
    ).toBe(200);
    expect(
      (await call('withdrawals.quote', { body: { amount: 1, cryptocurrency: usdtIn } })).status,
    ).toBe(400);
    const walletQuote = { amount: 10, cryptocurrency: usdtOut, blockchainNetwork: bep20 };
    expect((await call('withdrawals.quoteToWallet', { body: walletQuote })).status).toBe(200);
    expect(
      (await call('withdrawals.quoteToWallet', { body: { ...walletQuote, amount: 0.1 } })).status,
    ).toBe(400);
    const offRamp = {
      amount: 2.5,
      customerId: customer._id,
      currency: withdrawCurrency,
      cryptocurrency: usdtOut,
      pixKey,
    };
    expect((await call('withdrawals.create', { body: offRamp })).status).toBe(201);
    expect((await call('withdrawals.create', { body: { ...offRamp, amount: 1000 } })).body).toEqual(
      { message: 'Saldo insuficiente' },
    );
    const toWallet = {
      amount: 10,
      customerId: customer._id,
      cryptocurrency: usdtOut,
      blockchainNetwork: bep20,
      wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    };
    expect((await call('withdrawals.create', { body: toWallet })).status).toBe(201);
    expect(
      (await call('withdrawals.create', { body: { ...toWallet, wallet: '0x1234' } })).status,
    ).toBe(400);
    const onRamp = {
      amount: 100,
      customerId: customer._id,
      currency: depositCurrency,
      cryptocurrency: usdtIn,
    };
    expect((await call('deposits.create', { body: onRamp })).status).toBe(201);
    expect(
      (await call('deposits.create', { body: { ...onRamp, cryptocurrency: usdtOut } })).status,
    ).toBe(400);

    // Removing the key last, so the withdrawal above could use it.
    const removeParams = { customerId: customer._id, keyId: pixKey._id };
    expect((await call('pixKeys.remove', { params: removeParams })).status).toBe(201);
    expect((await call('pixKeys.remove', { params: removeParams })).status).toBe(404);

    // Every operation has been answered with success at least once.
    for (const route of ROUTES) {
      expect(
        route.success.some((status) => seen.has(`${route.operationId} ${status}`)),
        `${route.operationId} was exercised`,
      ).toBe(true);
    }
  });

  it('every protected operation answers a declared 401 without a valid token', async () => {
    const { call } = await setup();
    const params = {
      customerId: 'ffffffffffffffffffffffff',
      keyId: 'ffffffffffffffffffffffff',
      id: 'ffffffffffffffffffffffff',
    };
    for (const route of ROUTES.filter(({ operationId }) => operationId !== 'auth.getToken')) {
      const body = route.method === 'post' || route.method === 'put' ? {} : undefined;
      const missing = await call(route.operationId, {
        params,
        token: null,
        ...(body ? { body } : {}),
      });
      expect(missing.status, route.operationId).toBe(401);
      expect(missing.body).toEqual({ message: 'Unauthorized' });
      const wrong = await call(route.operationId, {
        params,
        token: 'not.a.jwt',
        ...(body ? { body } : {}),
      });
      expect(wrong.status, route.operationId).toBe(401);
    }
  });

  it('every operation answers a declared 500 when the service fails', async () => {
    const { mock, call } = await setup();
    const params = {
      customerId: 'ffffffffffffffffffffffff',
      keyId: 'ffffffffffffffffffffffff',
      id: 'ffffffffffffffffffffffff',
    };
    for (const route of ROUTES) {
      const path = route.path.replace(
        /\{(\w+)\}/g,
        (_, name: string) => params[name as keyof typeof params],
      );
      mock.faults.inject({ method: route.method.toUpperCase(), path, status: 500 });
      const failed = await call(route.operationId, {
        params,
        ...(route.method === 'post' || route.method === 'put' ? { body: {} } : {}),
      });
      expect(failed.status, route.operationId).toBe(500);
      expect(failed.body).toEqual({ message: 'Internal Server Error' });
    }
  });

  it('webhook deliveries validate against the declared WebhookPayload', async () => {
    const { mock, call } = await setup();
    const customer = mock.customers.create();
    const { body: added } = await call('pixKeys.add', {
      params: { customerId: customer._id },
      body: { type: 'RANDOM', key: '123e4567-e89b-12d3-a456-426614174000' },
    });
    const { body: currencies } = await call('withdrawals.listCurrencies');
    const { body: withdrawal } = await call('withdrawals.create', {
      body: {
        amount: 1,
        customerId: customer._id,
        currency: (currencies as unknown as unknown[])[0],
        pixKey: added.key,
      },
    });
    await mock.withdrawals.settle(withdrawal._id as string, 'PAID');
    const { body: depositCurrencies } = await call('deposits.listCurrencies');
    const { body: deposit } = await call('deposits.create', {
      body: {
        amount: 2,
        customerId: customer._id,
        currency: (depositCurrencies as unknown as unknown[])[0],
      },
    });
    await call('deposits.resendWebhook', { params: { id: (deposit.data as { id: string }).id } });

    const payloads = mock.webhooks.deliveries.map((delivery) => delivery.payload);
    expect(payloads.map((payload) => payload.operation).sort()).toEqual(['DEPOSIT', 'WITHDRAW']);
    for (const payload of payloads) {
      expect(validateAgainst('WebhookPayload', payload)).toBeUndefined();
    }
  });
});
