// The lists in the guides that a reader checks against the code: every option, every flag of the
// bin, every operation id, every retried operation. Each list here comes from the code itself (the
// option types, the bin's argument parser, the table of operations), so that a new option, flag
// or operation fails this file until the guides name it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DENIABLE_OPERATIONS, SERVICE_OPERATIONS } from '../mock/service/operations.js';
import { operations } from '../src/seam/operations.js';
import { withoutCodeBlocks } from './support/markdown.js';

const root = resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The text of a guide's section, from its `## heading` to the next heading of that level. */
function section(file: string, heading: string): string {
  const text = withoutCodeBlocks(read(file));
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${file} has no section "## ${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The names of the table rows of a piece of Markdown: the code span in each row's first cell. */
const rowNames = (markdown: string) =>
  new Set([...markdown.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]));

const ENTRIES = ['src/index.ts', 'mock/index.ts'];
let program: ts.Program | undefined;

/** One program of both entries, as the project's tsconfig.json compiles them. */
function compiled(): ts.Program {
  if (program) return program;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  program = ts.createProgram(
    ENTRIES.map((entry) => join(root, entry)),
    config.options,
  );
  return program;
}

/** The property names of an exported type, as the compiler sees it (intersections and unions too). */
function propertiesOf(entry: string, typeName: string): string[] {
  const checker = compiled().getTypeChecker();
  const source = compiled().getSourceFile(join(root, entry));
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === typeName);
  if (!symbol) throw new Error(`${entry} exports no ${typeName}`);
  const type = checker.getDeclaredTypeOfSymbol(
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  );
  const parts = type.isUnion() ? type.types : [type];
  return [
    ...new Set(parts.flatMap((part) => checker.getPropertiesOfType(part).map((p) => p.name))),
  ];
}

/** The long options `pix-payment-mock` parses, read from the `parseArgs` call in its source. */
function binFlags(): string[] {
  const file = join(root, 'mock/bin.ts');
  const source = ts.createSourceFile(file, read('mock/bin.ts'), ts.ScriptTarget.Latest, true);
  const flags: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'parseArgs'
    ) {
      const [config] = node.arguments;
      const options =
        config &&
        ts.isObjectLiteralExpression(config) &&
        config.properties.find(
          (property): property is ts.PropertyAssignment =>
            ts.isPropertyAssignment(property) && property.name.getText() === 'options',
        );
      if (!options || !ts.isObjectLiteralExpression(options.initializer)) {
        throw new Error('mock/bin.ts: parseArgs is called without an options object');
      }
      for (const property of options.initializer.properties) {
        const name = property.name;
        if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) flags.push(name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (flags.length === 0) throw new Error('mock/bin.ts: no parseArgs call found');
  return flags;
}

describe('docs/configuration.md', () => {
  it('has a row for every option of PaymentClientOptions', () => {
    const documented = rowNames(section('docs/configuration.md', 'Client options'));
    const options = propertiesOf('src/index.ts', 'PaymentClientOptions');
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((name) => !documented.has(name))).toEqual([]);
  }, 60_000);

  it('has a row for every option of createPaymentServiceMock and startMockServer', () => {
    const documented = rowNames(section('docs/configuration.md', 'Mock options'));
    const options = [
      ...propertiesOf('mock/index.ts', 'PaymentServiceMockOptions'),
      ...propertiesOf('mock/index.ts', 'StartMockServerOptions'),
    ];
    expect(options).toContain('deliveryLogLimit');
    expect(options).toContain('controlToken');
    expect([...new Set(options)].filter((name) => !documented.has(name))).toEqual([]);
  }, 60_000);

  it('names every flag of pix-payment-mock in its mock options', () => {
    const text = section('docs/configuration.md', 'Mock options');
    // `--help` sets nothing.
    const flags = binFlags().filter((flag) => flag !== 'help');
    expect(flags).toContain('no-partner');
    expect(flags.filter((flag) => !text.includes(`\`--${flag}`))).toEqual([]);
  });

  it('lists every retried operation in the row of maxRetries', () => {
    const row = read('docs/configuration.md')
      .split('\n')
      .find((line) => line.startsWith('| `maxRetries` |'));
    expect(row).toBeDefined();
    expect(retried().filter((id) => !row?.includes(`\`${id}\``))).toEqual([]);
  });
});

/** The ids of the operations the client retries, from the table of operations. */
function retried(): string[] {
  return Object.entries(operations).flatMap(([area, entries]) =>
    Object.entries(entries)
      .filter(([method, route]) => route.retry && !(area === 'auth' && method === 'getToken'))
      .map(([method]) => `${area}.${method}`),
  );
}

describe('docs/errors-retries-idempotency.md', () => {
  it('says of every operation whether it is retried, as the table of operations does', () => {
    // The rows of the table headed "| Operation | Retried | Why |", not of the guide's other tables.
    const lines = read('docs/errors-retries-idempotency.md').split('\n');
    const start = lines.findIndex((line) => line.startsWith('| Operation | Retried |'));
    expect(start).toBeGreaterThan(-1);
    const end = lines.findIndex((line, at) => at > start && !line.startsWith('| '));
    const table = lines.slice(start + 2, end === -1 ? undefined : end);
    const said = SERVICE_OPERATIONS.map((spec) => {
      const row = table.find((line) => line.split(' | ')[0]?.includes(`\`${spec.id}\``));
      const answer = row?.split(' | ')[1]?.trim();
      return `${spec.id}: ${answer === undefined ? 'missing' : answer.startsWith('yes') ? 'yes' : answer.startsWith('no') ? 'no' : answer}`;
    });
    const expected = SERVICE_OPERATIONS.map((spec) => `${spec.id}: ${spec.retry ? 'yes' : 'no'}`);
    expect(said).toEqual(expected);
  });
});

describe('docs/testing-with-the-mock.md', () => {
  it('lists every operation id denyAction takes', () => {
    const text = withoutCodeBlocks(read('docs/testing-with-the-mock.md'));
    const start = text.indexOf('`denyAction` and `allowAction` take an operation id');
    expect(start).toBeGreaterThan(0);
    const paragraph = text.slice(start, text.indexOf('\n\n', start));
    expect(DENIABLE_OPERATIONS).toContain('company.getBalance');
    expect(DENIABLE_OPERATIONS.filter((id) => !paragraph.includes(`\`${id}\``))).toEqual([]);
  });
});
