// The table of operations (src/seam/operations.ts) is the one source of the service's operations: the
// client's methods, the mock's routes, the OpenAPI document, the README's API map and the bin's
// help must each show every operation of it exactly once, as the table says.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as sdk from 'pix-payment-sdk';
import { PaymentClient } from 'pix-payment-sdk';
import {
  createOpenApiDocument,
  createPaymentServiceMock,
  type OpenApiMethod,
  startMockServer,
} from 'pix-payment-sdk/mock';
import { describe, expect, it } from 'vitest';
import { documentedStatuses, OPERATION_PROSE } from '../mock/openapi/prose.js';
import { SERVICE_OPERATIONS } from '../mock/service/operations.js';
import { SERVICE_ROUTES } from '../mock/service/router.js';
import { ANSWERS } from '../src/core/answers.js';
import { AREA_ANSWERS } from '../src/core/area-answers.js';
import { operations, Schema } from '../src/seam/operations.js';

const root = new URL('../', import.meta.url);
const ANY_ID = 'ffffffffffffffffffffffff';
const route = (spec: { method: string; path: string }) => `${spec.method} ${spec.path}`;

function times<T>(values: ReadonlyArray<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('the table of operations', () => {
  it('names each operation once, `area.method` after its place in the table', () => {
    const ids = SERVICE_OPERATIONS.map((spec) => spec.id);
    expect(new Set(ids).size).toBe(ids.length);
    const places = Object.entries(operations).flatMap(([area, entries]) =>
      Object.entries(entries).map(([method, spec]) => ({ id: `${area}.${method}`, spec })),
    );
    expect(ids).toEqual(places.map((place) => place.id));
    for (const [index, { spec }] of places.entries()) {
      expect(SERVICE_OPERATIONS[index]).toMatchObject({ ...spec, id: ids[index] });
    }
    expect(new Set(SERVICE_OPERATIONS.map(route)).size).toBe(ids.length);
  });

  it("names each answer by the package's export the client parses it with", () => {
    for (const spec of SERVICE_OPERATIONS) {
      const exported = (sdk as Record<string, unknown>)[Schema[spec.response]];
      expect(exported, spec.id).toBeDefined();
      // Not the login's: the client reads it more strictly than the published schema.
      // The crypto rails' and the company account's answers are in their areas' chunk.
      const answers: Readonly<Record<number, unknown>> = Object.hasOwn(AREA_ANSWERS, spec.response)
        ? AREA_ANSWERS
        : ANSWERS;
      if (spec.id !== 'auth.getToken') expect(answers[spec.response], spec.id).toBe(exported);
    }
  });

  it('every id names a method of PaymentClient (auth.getToken is client.getToken)', () => {
    const client = new PaymentClient({
      baseUrl: 'https://api.example.com',
      email: 'a@example.com',
      password: 'p',
    });
    for (const spec of SERVICE_OPERATIONS) {
      const [area = '', method = ''] = spec.id.split('.');
      const owner = area === 'auth' ? client : (client as unknown as Record<string, unknown>)[area];
      expect(typeof (owner as Record<string, unknown>)[method], spec.id).toBe('function');
    }
  });

  it('the mock has one route per operation, and a request to it is journaled under its id', async () => {
    expect(SERVICE_ROUTES.map((r) => r.operation)).toEqual(SERVICE_OPERATIONS.map((s) => s.id));
    const mock = createPaymentServiceMock();
    const authorization = `Bearer ${await mock.auth.issueToken()}`;
    for (const spec of SERVICE_OPERATIONS) {
      const path = spec.path.replace(/\{\w+\}/g, ANY_ID);
      await mock.fetch(`${mock.baseUrl}${path}`, {
        method: spec.method,
        headers: { authorization },
      });
      expect(mock.requests.at(-1)?.operation, route(spec)).toBe(spec.id);
    }
  });

  it('the OpenAPI document has each operation once, as the table declares it', () => {
    const document = createOpenApiDocument();
    const found = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(found.map((entry) => entry.operation.operationId)).toEqual(
      SERVICE_OPERATIONS.map((spec) => spec.id),
    );
    for (const spec of SERVICE_OPERATIONS) {
      const operation = document.paths[spec.path]?.[spec.method.toLowerCase() as OpenApiMethod];
      expect(operation?.operationId).toBe(spec.id);
      expect(operation?.summary).toBe(OPERATION_PROSE[spec.id].summary);
      expect(Object.keys(operation?.responses ?? {}).map(Number)).toEqual(
        documentedStatuses(OPERATION_PROSE[spec.id]),
      );
      expect(operation?.security, spec.id).toEqual(spec.auth ? undefined : []);
      expect(operation?.requestBody?.required, spec.id).toBe(
        spec.request === undefined ? undefined : spec.optionalRequest !== true,
      );
    }
  });

  it('the README API map has each operation once: its client method, route, retry policy and source', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const map = readme.slice(readme.indexOf('## API map'), readme.indexOf('## Errors'));
    const rows = [
      ...map.matchAll(/^\| `(\w+(?:\.\w+)?)\(.*?\)`( ¹)? \| `(\w+ \S+)` \| (\w+)/gm),
    ].map(([, method = '', mark, routeCell = '', retried = '']) => ({
      id: method.includes('.') ? method : `auth.${method}`,
      fromProviderDocs: mark !== undefined,
      route: routeCell,
      retried: retried === 'yes',
    }));
    expect([...times(rows.map((row) => row.route)).values()].every((n) => n === 1)).toBe(true);
    expect(rows.map((row) => row.id).sort()).toEqual(SERVICE_OPERATIONS.map((s) => s.id).sort());
    for (const spec of SERVICE_OPERATIONS) {
      const row = rows.find((candidate) => candidate.id === spec.id);
      expect(row, spec.id).toEqual({
        id: spec.id,
        fromProviderDocs: OPERATION_PROSE[spec.id].fromProviderDocs,
        route: route(spec),
        retried: spec.retry,
      });
    }
  });

  it("the bin's --help lists each operation once: method, path and id", async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock/bin.ts', '--help'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const help = await output(child);
    const listed = [...help.matchAll(/^ {2}(GET|POST|PUT|DELETE) +(\/\S*) +(\S+)$/gm)].map(
      ([, method, path, id]) => `${method} ${path} ${id}`,
    );
    expect(listed).toEqual(SERVICE_OPERATIONS.map((spec) => `${route(spec)} ${spec.id}`));
  });
});

describe('operation names in the mock', () => {
  it('denyAction takes the id or the old name, the same permission either way', async () => {
    const mock = createPaymentServiceMock();
    const authorization = `Bearer ${await mock.auth.issueToken()}`;
    const currencies = () =>
      mock.fetch(`${mock.baseUrl}/deposit/company/currencies`, { headers: { authorization } });
    mock.auth.denyAction('listDepositCurrencies');
    expect((await currencies()).status).toBe(401);
    expect(mock.requests.at(-1)?.authFailure).toBe('not authorized for deposits.listCurrencies');
    mock.auth.allowAction('deposits.listCurrencies');
    expect((await currencies()).status).toBe(200);
  });

  it('denyAction and allowAction refuse a name that is no operation with a RangeError', () => {
    const mock = createPaymentServiceMock();
    expect(() => mock.auth.denyAction('withdrawals.nope' as never)).toThrow(RangeError);
    expect(() => mock.auth.allowAction('toString' as never)).toThrow(RangeError);
  });

  it('PUT /__mock/auth/denied-actions stores ids, accepts old names, refuses unknown names with 400', async () => {
    const running = await startMockServer({ port: 0 });
    try {
      const put = (actions: unknown) =>
        fetch(`${running.url}/__mock/auth/denied-actions`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ actions }),
        });
      const accepted = await put(['resendWithdrawalWebhook', 'pixKeys.add']);
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({
        actions: ['withdrawals.resendWebhook', 'pixKeys.add'],
      });
      const refused = await put(['pixKeys.add', 'notAnOperation']);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toContain('notAnOperation');
      const state = await fetch(`${running.url}/__mock/state`);
      expect(((await state.json()) as { deniedActions: unknown }).deniedActions).toEqual([
        'withdrawals.resendWebhook',
        'pixKeys.add',
      ]);
    } finally {
      await running.close();
    }
  });
});

function output(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`exited with ${code}: ${text}`)),
    );
  });
}
