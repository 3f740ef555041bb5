// A bundler that does not split (esbuild's default, and most serverless and Workers builds) keeps,
// of a module it takes a name from, every top-level statement that may have an effect, with all
// that those statements use. The build puts the client's code in a few shared modules, so a single
// class with a computed member name (which esbuild counts as an effect) made a bundle of
// `validatePixKey` alone carry the whole client, ky and zod. These tests build the client entry as
// the package's build does (ES modules, split at `import()`, the area chunks' copies of their
// models), then bundle single names from that build without splitting.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCopies } from '../../scripts/area-copies.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

// What only the whole client carries: the constructor's refusal in a browser, ky's feature check
// and zod's object schema.
const CLIENT = 'PaymentClient refuses to run in a browser';
const KY = 'empty.invalid';
const ZOD_OBJECT = '$ZodObject';

describe('a bundle of one name, from the build, without splitting', () => {
  let built: string;

  beforeAll(async () => {
    built = mkdtempSync(join(tmpdir(), 'pix-tree-shaking-'));
    await build({
      entryPoints: [join(root, 'src/index.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['node:*'],
      outdir: built,
      plugins: [areaCopies()],
      logLevel: 'silent',
    });
  });

  afterAll(() => {
    rmSync(built, { recursive: true, force: true });
  });

  async function bundleOf(names: string): Promise<string> {
    const result = await build({
      stdin: { contents: `export { ${names} } from './index.js';`, resolveDir: built },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  }

  it('the build is split as the package build is: an entry and the chunks it shares', () => {
    expect(readdirSync(built).filter((name) => name.endsWith('.js')).length).toBeGreaterThan(3);
  });

  it.each([
    ['validatePixKey'],
    ['parseBrCode, brCodeCrc16'],
    ['isPaymentError, PaymentApiError, isOutcomeUncertain'],
    ['toCents, formatCents'],
  ])('export { %s } carries neither the client, ky nor zod schemas', async (names) => {
    const text = await bundleOf(names);
    expect(text).not.toContain(CLIENT);
    expect(text).not.toContain(KY);
    expect(text).not.toContain(ZOD_OBJECT);
  });

  it('export { createWebhookHandler } carries neither the client nor ky', async () => {
    const text = await bundleOf('createWebhookHandler');
    expect(text).not.toContain(CLIENT);
    expect(text).not.toContain(KY);
  });

  it('export { PaymentClient } carries the client and ky, as it needs them', async () => {
    const text = await bundleOf('PaymentClient');
    expect(text).toContain(CLIENT);
    expect(text).toContain(KY);
  });
});

describe('the classes of the client and its Redis stores', () => {
  // Well-known symbols are the computed names esbuild knows to have no effect.
  const WELL_KNOWN =
    /^Symbol\.(asyncIterator|hasInstance|iterator|species|toPrimitive|toStringTag)$/;

  function sources(dir: string): string[] {
    return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name));
  }

  it('have no member with a computed name, which would keep a class in every bundle of its module', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      const text = readFileSync(join(root, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isClassLike(node)) {
          for (const member of node.members) {
            const name = member.name;
            if (name === undefined || !ts.isComputedPropertyName(name)) continue;
            // A `declare` field is a type only: nothing of it is in the JavaScript.
            const modifiers = ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined;
            if (modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
            if (WELL_KNOWN.test(name.expression.getText(source))) continue;
            const { line } = source.getLineAndCharacterOfPosition(member.getStart(source));
            found.push(`${file}:${line + 1} ${name.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
