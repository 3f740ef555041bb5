import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PaymentClient } from 'pix-payment-sdk';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { anchoredLinks, anchors, slug } from './support/markdown.js';

// The guides are prose, so they are checked for the ways prose rots: links to files that moved,
// scripts that were renamed, client methods that no longer exist, and code that no longer parses.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const documents = [
  'README.md',
  'CHANGELOG.md',
  'examples/README.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe.each(documents)('%s', (file) => {
  const text = read(file);

  it('links only to files that exist', () => {
    const missing = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(join(root, dirname(file), target)));
    expect(missing).toEqual([]);
  });

  it('has in-page and cross-guide #anchors that name a heading, on GitHub and in the API reference', () => {
    const broken = anchoredLinks(text)
      .filter(({ file: target }) => target === '' || target.endsWith('.md'))
      .flatMap(({ file: target, anchor }) => {
        const markdown = target === '' ? text : read(join(dirname(file), target));
        return (['github', 'typedoc'] as const)
          .filter((renderer) => !anchors(markdown, renderer).has(decodeURIComponent(anchor)))
          .map((renderer) => `${target}#${anchor} (${renderer})`);
      });
    expect(broken).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys(packageJson.scripts);
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('has TypeScript code blocks that parse', () => {
    const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    const broken = blocks.flatMap((code, index) => {
      const { diagnostics = [] } = ts.transpileModule(code, {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
      });
      return diagnostics.map(
        (diagnostic) =>
          `block ${index + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
      );
    });
    expect(broken).toEqual([]);
  });
});

it('README: every client method in the API map exists on PaymentClient', () => {
  const client = new PaymentClient({
    baseUrl: 'https://api.example.com',
    email: 'a@example.com',
    password: 'p',
  });
  const methods = [...read('README.md').matchAll(/^\| `(\w+(?:\.\w+)?)\(/gm)].map(
    (match) => match[1] ?? '',
  );
  expect(methods.length).toBeGreaterThan(10);
  const missing = methods.filter((name) => {
    const [first = '', second] = name.split('.');
    const owner =
      second === undefined ? client : (client as unknown as Record<string, unknown>)[first];
    const member = (owner as Record<string, unknown> | undefined)?.[second ?? first];
    return typeof member !== 'function';
  });
  expect(missing).toEqual([]);
});

it('anchors are made as GitHub and TypeDoc make them', () => {
  const heading = 'Real HTTP: `startMockServer` and the bin';
  expect(slug(heading, 'github')).toBe('real-http-startmockserver-and-the-bin');
  expect(slug(heading, 'typedoc')).toBe('real-http-and-the-bin');
  expect(slug('Control routes under `/__mock/`', 'github')).toBe('control-routes-under-__mock');
  expect(slug('Control routes under /__mock/', 'typedoc')).toBe('control-routes-under-__mock');
  expect(slug('8. Test with the [mock](x.md)')).toBe('8-test-with-the-mock');
  expect([...anchors('# A\n\n```sh\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
});
