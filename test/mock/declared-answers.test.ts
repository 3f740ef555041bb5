// No answer of the mock falls outside what the OpenAPI document declares for the operation: its
// status is one of the operation's responses and its body validates against that response's
// schema. The operations come from the table (src/seam/operations.ts), so one added to it is driven
// too, and this file fails, naming it, until test/support/operation-inputs.ts has its inputs.
// Each operation is called through MSW, mock.fetch and real HTTP: valid calls, missing and bad
// tokens, a denied action, a caller outside the allowlist, unknown and malformed path parameters,
// malformed bodies of many kinds, and random changes to a valid call (fast-check, fixed seed).
// No fault is injected, so no answer may be a 5xx either.
import { dereference } from '@readme/openapi-parser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import {
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiMethod,
  type OpenApiOperation,
} from 'pix-payment-sdk/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_OPERATIONS, type ServiceOperation } from '../../mock/service/operations.js';
import { type MockSession, mockPerTest } from '../support/mock-suite.js';
import { mockTransports } from '../support/mock-transports.js';
import {
  BAD_SEGMENTS,
  badAuthorizations,
  buildFixture,
  type Fixture,
  type InputContext,
  labelOf,
  OPERATION_INPUTS,
  type OperationCall,
  segmentsOf,
  spoiledBodies,
  type WellFormed,
} from '../support/operation-inputs.js';

const MAX_BODY_BYTES = 1024 * 1024;
const RANDOM_RUNS = 20;

// The document's operations, dereferenced, with one compiled validator per declared response.
let document: OpenApiDocument;
const validators = new Map<string, ValidateFunction>();

function operationOf(spec: ServiceOperation): OpenApiOperation {
  const operation = document.paths[spec.path]?.[spec.method.toLowerCase() as OpenApiMethod];
  if (!operation) throw new Error(`${spec.id} is not in the OpenAPI document`);
  return operation;
}

beforeAll(async () => {
  document = (await dereference(structuredClone(createOpenApiDocument()) as never)) as never;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const spec of SERVICE_OPERATIONS) {
    for (const [status, response] of Object.entries(operationOf(spec).responses)) {
      const schema = response.content?.['application/json'].schema;
      if (schema) validators.set(`${spec.id} ${status}`, ajv.compile(schema));
    }
  }
});

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string | null;
}

async function send(session: MockSession, spec: ServiceOperation, call: OperationCall) {
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => call.segments[name] ?? '');
  const headers: Record<string, string> = {};
  if (call.authorization !== undefined) headers.authorization = call.authorization;
  if (call.body?.contentType !== undefined) headers['content-type'] = call.body.contentType;
  const response = await session.h.fetch(`${session.h.baseUrl}${path}`, {
    method: spec.method,
    headers,
    ...(call.body ? { body: call.body.data } : {}),
  });
  const answer: Answer = {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type'),
  };
  return answer;
}

/** What is wrong with an answer, measured against the operation's declared responses. */
function problemWith(spec: ServiceOperation, call: OperationCall, answer: Answer) {
  const declared = Object.keys(operationOf(spec).responses);
  const where = `${spec.id} (${call.label}) answered ${answer.status}`;
  if (!declared.includes(String(answer.status))) {
    return `${where}, which is not declared (declared: ${declared.join(', ')}): ${answer.text.slice(0, 200)}`;
  }
  if (answer.status >= 500) return `${where} with no fault injected: ${answer.text.slice(0, 200)}`;
  const validate = validators.get(`${spec.id} ${answer.status}`);
  if (!validate)
    return answer.text === '' ? undefined : `${where} with a body none is declared for`;
  if (!/^application\/json\b/.test(answer.contentType ?? '')) {
    return `${where} with Content-Type ${answer.contentType}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${where} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  if (!validate(body)) {
    return `${where} with a body the declared schema refuses: ${JSON.stringify(validate.errors)} in ${answer.text.slice(0, 300)}`;
  }
  return undefined;
}

function inputsOf(spec: ServiceOperation) {
  const inputs = OPERATION_INPUTS[spec.id];
  if (!inputs) {
    throw new Error(
      `no input generator for ${spec.id}: add its valid call to OPERATION_INPUTS in test/support/operation-inputs.ts`,
    );
  }
  return inputs;
}

function contextOf(session: MockSession): InputContext {
  let counter = 1000;
  let fixture: Promise<Fixture> | undefined;
  const context: InputContext = {
    ...session,
    next: () => counter++,
    fixture: () => {
      fixture ??= buildFixture(session, context.next());
      return fixture;
    },
  };
  return context;
}

function callOf(
  spec: ServiceOperation,
  label: string,
  wellFormed: WellFormed,
  authorization: string | undefined,
): OperationCall {
  const body =
    spec.request !== undefined && wellFormed.body !== undefined
      ? { data: JSON.stringify(wellFormed.body), contentType: 'application/json' }
      : undefined;
  // A call made with its own token (a sub-account's) sends it wherever the session's would go.
  const own =
    wellFormed.token !== undefined && authorization !== undefined
      ? authorization.replace(/^(bearer) .*$/i, `$1 ${wellFormed.token}`)
      : authorization;
  return {
    label,
    segments: segmentsOf(spec, wellFormed.params),
    authorization: own,
    ...(body ? { body } : {}),
  };
}

/** Every fixed case of an operation but the valid call, built from the valid call. */
async function fixedCases(spec: ServiceOperation, context: InputContext, valid: WellFormed) {
  const bearer = `Bearer ${context.token}`;
  const base = callOf(spec, 'valid', valid, bearer);
  const cases: OperationCall[] = [
    { ...base, label: 'valid, `bearer` in lower case', authorization: `bearer ${context.token}` },
  ];
  const variants = (await inputsOf(spec).variants?.(context)) ?? [];
  variants.forEach((variant, i) => {
    cases.push(
      callOf(spec, `variant ${i + 1}: ${labelOf(variant).slice(0, 160)}`, variant, bearer),
    );
  });
  for (const authorization of badAuthorizations(context.token)) {
    cases.push({
      ...base,
      label: `Authorization ${JSON.stringify(authorization?.replace(context.token, '<token>'))}`,
      authorization,
    });
  }
  for (const name of Object.keys(base.segments)) {
    for (const segment of BAD_SEGMENTS) {
      const segments = { ...base.segments, [name]: segment };
      cases.push({
        ...base,
        label: `{${name}} = ${JSON.stringify(segment.slice(0, 40))}`,
        segments,
      });
    }
  }
  if (spec.request !== undefined) {
    for (const body of spoiledBodies(valid.body)) cases.push({ ...base, label: body.label, body });
    if (spec.optionalRequest) {
      const { body: _body, ...bodiless } = base;
      cases.push({ ...bodiless, label: 'no body' });
    }
  }
  return cases;
}

// fast-check: a valid call with a few random changes to its body, token and path parameters.
const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'delete', 'add', 'replace-body'),
  key: fc.string({ maxLength: 12 }),
  value: fc.jsonValue({ maxDepth: 2 }),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;
const randomCall = fc.record({
  mutations: fc.array(mutation, { maxLength: 3 }),
  token: fc.constantFrom('valid', 'none', 'junk'),
  param: fc.nat(),
  segment: fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^[0-9a-f]{24}$/))),
});

/** Every path to a value inside `value`, outermost first. */
function pathsIn(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((key) => [
    [...prefix, key],
    ...pathsIn((value as Record<string, unknown>)[key], [...prefix, key]),
  ]);
}

function mutate(body: unknown, mutations: ReadonlyArray<Mutation>): unknown {
  let result = structuredClone(body);
  for (const { at, kind, key, value } of mutations) {
    if (kind === 'replace-body') {
      result = value;
      continue;
    }
    const paths = pathsIn(result);
    const path = paths[at % Math.max(paths.length, 1)] ?? [];
    let parent = result as Record<string, unknown>;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string, unknown>;
    const last = path.at(-1);
    if (typeof parent !== 'object' || parent === null) continue;
    if (kind === 'add' || last === undefined) {
      Object.defineProperty(parent, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (kind === 'delete') delete parent[last];
    else parent[last] = value;
  }
  return result;
}

describe('the inputs of test/support/operation-inputs.ts', () => {
  it('cover every operation of the table', () => {
    const missing = SERVICE_OPERATIONS.filter((spec) => OPERATION_INPUTS[spec.id] === undefined);
    expect(missing.map((spec) => spec.id)).toEqual([]);
  });
});

// Each test runs a few dozen calls: a second or two, longer on a busy machine.
describe.each(mockTransports())(
  'declared statuses and schemas through $name',
  { timeout: 60_000 },
  (transport) => {
    let session = {} as MockSession;
    mockPerTest(transport, (created) => {
      session = created;
    });

    it.each(SERVICE_OPERATIONS.map((spec) => [spec.id, spec] as const))(
      '%s: valid calls, bad tokens, bad path parameters and malformed bodies all answer as declared',
      async (_id, spec) => {
        const inputs = inputsOf(spec);
        const context = contextOf(session);
        const valid = await inputs.valid(context);
        const problems: string[] = [];
        const seen = new Set<number>();
        const check = async (call: OperationCall) => {
          const answer = await send(session, spec, call);
          seen.add(answer.status);
          const problem = problemWith(spec, call, answer);
          if (problem) problems.push(problem);
          return answer;
        };

        const first = await check(callOf(spec, 'valid', valid, `Bearer ${session.token}`));
        expect(first.status, `the valid call of ${spec.id}: ${first.text}`).toBeGreaterThanOrEqual(
          200,
        );
        expect(first.status, `the valid call of ${spec.id}: ${first.text}`).toBeLessThan(300);
        for (const call of await fixedCases(spec, context, await inputs.valid(context))) {
          await check(call);
        }
        // Built before the refusals below are set up: building may call the mock.
        const bearer = `Bearer ${session.token}`;
        const denied = callOf(spec, 'action denied', await inputs.valid(context), bearer);
        const foreign = callOf(spec, 'caller not allowed', await inputs.valid(context), bearer);
        if (spec.auth) {
          session.h.mock.auth.denyAction(spec.id);
          await check(denied);
          session.h.mock.auth.allowAction(spec.id);
        }
        session.h.mock.auth.allowIps(['203.0.113.9']);
        await check(foreign);
        session.h.mock.auth.allowIps([]);

        expect(problems).toEqual([]);
        expect([...seen].some((status) => status >= 400 && status < 500)).toBe(true);
      },
    );

    it.each(SERVICE_OPERATIONS.map((spec) => [spec.id, spec] as const))(
      '%s: random changes to a valid call answer as declared (fast-check)',
      async (_id, spec) => {
        const inputs = inputsOf(spec);
        const context = contextOf(session);
        const names = Object.keys(segmentsOf(spec, (await inputs.valid(context)).params));
        await fc.assert(
          fc.asyncProperty(randomCall, async ({ mutations, token, param, segment }) => {
            const valid = await inputs.valid(context);
            const authorization =
              token === 'valid'
                ? `Bearer ${session.token}`
                : token === 'junk'
                  ? 'Bearer x.y.z'
                  : undefined;
            const changed = { ...valid, body: mutate(valid.body, mutations) };
            const call = callOf(
              spec,
              `random: ${labelOf({ mutations, token, segment })}`,
              changed,
              authorization,
            );
            const name = names[param % Math.max(names.length, 1)];
            const segments =
              segment === null || name === undefined
                ? call.segments
                : { ...call.segments, [name]: encodeURIComponent(segment) };
            const answer = await send(session, spec, { ...call, segments });
            const problem = problemWith(spec, call, answer);
            if (problem) throw new Error(problem);
          }),
          { numRuns: RANDOM_RUNS, seed: 20_251_123, endOnFailure: true },
        );
      },
    );

    it.each(
      SERVICE_OPERATIONS.filter((spec) => spec.method !== 'GET').map(
        (spec) => [spec.id, spec] as const,
      ),
    )(
      '%s: a body over the server limit is the documented edge answer, 413 { message }',
      async (_id, spec) => {
        const valid = await inputsOf(spec).valid(contextOf(session));
        const call = callOf(spec, 'oversized body', valid, `Bearer ${session.token}`);
        const answer = await send(session, spec, {
          ...call,
          body: { data: `"${'x'.repeat(MAX_BODY_BYTES)}"`, contentType: 'application/json' },
        });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.text)).toEqual({ message: 'Payload Too Large' });
        expect(document.info.description).toContain('`413` `{ "message": "Payload Too Large" }`');
      },
    );
  },
);
