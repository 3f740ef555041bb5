// The guides' code must compile against the package as it is: every ```ts block of the README and
// of docs/ is type-checked against the sources, and the blocks that are whole test files (marked
// <!-- check: run -->) are also run with vitest. See test/support/doc-blocks.ts for the markers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocBlock, declaredNames, docBlocks, hasImports } from './support/doc-blocks.js';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.tmp', 'doc-blocks');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

// What the guides' fragments take from the text around them: values an earlier step made, or code
// of the reader's own. The README's blocks get none: each of them must stand alone.
const READER_CODE: Readonly<Record<string, string>> = {
  // Made by the steps of getting started.
  baseUrl: 'declare const baseUrl: string;',
  email: 'declare const email: string;',
  password: 'declare const password: string;',
  client: "declare const client: import('pix-payment-sdk').PaymentClient;",
  customerId: 'declare const customerId: string;',
  pixKey: "declare const pixKey: import('pix-payment-sdk').PixKey;",
  currency: "declare const currency: import('pix-payment-sdk').Currency;",
  withdrawal: "declare const withdrawal: import('pix-payment-sdk').CreateWithdrawalResult;",
  mock: "declare const mock: import('pix-payment-sdk/mock').PaymentServiceMock;",
  redis: "declare const redis: import('pix-payment-sdk/redis').RedisTokenStoreClient;",
  withdrawalId: 'declare const withdrawalId: string;',
  handler: "declare const handler: import('pix-payment-sdk').WebhookHandler;",
  depositId: 'declare const depositId: string;',
  id: 'declare const id: string;',
  // The reader's own code, which the guides leave to them.
  payout: 'declare const payout: { id: string };',
  requestId: 'declare const requestId: string;',
  credentialsOf:
    'declare function credentialsOf(account: string): { email: string; password: string };',
  markPaid: 'declare function markPaid(externalId: string | undefined): void;',
  showToPayer: 'declare function showToPayer(code: string): void;',
  applyStatus:
    "declare function applyStatus(details: import('pix-payment-sdk').TransactionDetails): Promise<void>;",
};

// The package's two entry points, compiled once: their exports, and the base of the blocks' program.
const entries = ts.createProgram(
  ['src/index.ts', 'mock/index.ts', 'src/redis/index.ts'].map((entry) => join(root, entry)),
  { noEmit: true },
);

// Names a fragment (a block without imports) may use unimported, as the guides' prose introduces
// them: the three entry points, msw's setupServer and vitest's globals.
const FRAGMENT_MODULES: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ['pix-payment-sdk', exportsOf('src/index.ts')],
  ['pix-payment-sdk/mock', exportsOf('mock/index.ts')],
  ['pix-payment-sdk/redis', exportsOf('src/redis/index.ts')],
  ['msw/node', ['setupServer']],
  ['vitest', ['afterAll', 'afterEach', 'beforeAll', 'beforeEach', 'describe', 'expect', 'it']],
];

function exportsOf(entry: string): string[] {
  const checker = entries.getTypeChecker();
  const source = entries.getSourceFile(join(root, entry));
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((item) => item.name) : [];
}

/** The lines put before a block: its fragment imports and the reader's values it uses. */
function prelude(block: DocBlock): string[] {
  const declared = declaredNames(block.code);
  const lines: string[] = [];
  if (!hasImports(block.code)) {
    for (const [module, names] of FRAGMENT_MODULES) {
      const wanted = names.filter((name) => !declared.has(name));
      if (wanted.length > 0) lines.push(`import { ${wanted.join(', ')} } from '${module}';`);
    }
  }
  if (block.file !== 'README.md') {
    for (const [name, code] of Object.entries(READER_CODE))
      if (!declared.has(name)) lines.push(code);
  }
  return lines;
}

// Packages the guides import by their usual name that this repository installs under another.
const INSTALLED_AS: Readonly<Record<string, string>> = { ioredis: 'ioredis6' };

function installedNames(code: string): string {
  return code.replace(/from '([^']+)'/g, (whole, name: string) =>
    name in INSTALLED_AS ? `from '${INSTALLED_AS[name]}'` : whole,
  );
}

const blocks = documents.flatMap((file) => docBlocks(file, readFileSync(join(root, file), 'utf8')));
const fileOf = (block: DocBlock) =>
  join(
    outDir,
    `${block.file.replace(/\W/g, '_')}-${block.line}${block.mode === 'run' ? '.test' : ''}.ts`,
  );

const checked = blocks.filter((block) => block.mode !== 'skip');
/** Each checked block's file, with the block and the number of prelude lines before it. */
const offsets = new Map<string, { block: DocBlock; shift: number }>();

beforeAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const block of checked) {
    const lines = prelude(block);
    const path = fileOf(block);
    writeFileSync(path, `${[...lines, installedNames(block.code)].join('\n')}\nexport {};\n`);
    offsets.set(path, { block, shift: lines.length });
  }
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('code blocks of the guides', () => {
  it('every ```ts block type-checks against the package (fragments with what the prose gives them)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    // A merchant's usual settings: strict, without this repository's extra strictness.
    const program = ts.createProgram([...offsets.keys()], {
      ...config?.options,
      noEmit: true,
      exactOptionalPropertyTypes: false,
      noUncheckedIndexedAccess: false,
      verbatimModuleSyntax: false,
      isolatedModules: false,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && offsets.has(diagnostic.file.fileName))
      .map((diagnostic) => {
        const { block, shift } = offsets.get(diagnostic.file?.fileName ?? '') ?? {};
        const { line } = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? {
          line: 0,
        };
        const where = `${block?.file}:${(block?.line ?? 0) + line - (shift ?? 0)}`;
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
      });
    expect(checked.length).toBeGreaterThan(30);
    expect(errors).toEqual([]);
    // A whole type-check of every guide's blocks: generous, for a machine busy with other suites.
  }, 180_000);

  const runnable = blocks.filter((block) => block.mode === 'run');
  it(`the blocks that are whole test files pass under vitest (${runnable.map((block) => `${block.file}:${block.line}`).join(', ')})`, () => {
    const result = spawnSync(
      join(root, 'node_modules', '.bin', 'vitest'),
      ['run', '--config', 'test/doc-blocks.vitest.config.ts', ...runnable.map(fileOf)],
      { cwd: root, encoding: 'utf8', timeout: 90_000, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Test Files +${runnable.length} passed`));
  }, 120_000);

  it('some blocks are whole test files, run as such', () => {
    expect(runnable.map((block) => block.file)).toEqual(
      expect.arrayContaining(['README.md', 'docs/testing-with-the-mock.md']),
    );
  });
});
