// The API reference ships in the package as Markdown (`docs/reference/`, written by
// `npm run docs:reference` before every pack), so that npm users have it: in `node_modules`, in an
// editor's preview, and on the web through the README's links. Rendered here into a temporary
// folder with the options of `npm run docs:reference`.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Application, LogLevel, TSConfigReader, TypeDocReader } from 'typedoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { runtimeResources } from './support/client-resources.js';

const root = resolve(import.meta.dirname, '..');
let out: string;
let warnings = false;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'pix-payment-sdk-reference-'));
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const app = await Application.bootstrapWithPlugins(
      { options: resolve(root, 'typedoc.reference.json'), out, logLevel: LogLevel.Error },
      [new TypeDocReader(), new TSConfigReader()],
    );
    const project = await app.convert();
    if (!project) throw new Error('typedoc could not convert the project');
    await app.generateOutputs(project);
    warnings = app.logger.hasWarnings() || app.logger.hasErrors();
  } finally {
    process.chdir(cwd);
  }
}, 120_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Targets of the Markdown links of a text: `[text](target)`. */
const linkTargets = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

describe('the Markdown API reference', () => {
  it('renders with the options of `npm run docs:reference` and no warning or error', () => {
    expect(warnings).toBe(false);
    expect(existsSync(join(out, 'README.md'))).toBe(true);
  });

  it("opens on the client's resources, each method linked to its entry", () => {
    const index = readFileSync(join(out, 'README.md'), 'utf8');
    const missing: string[] = [];
    for (const [resource, methods] of runtimeResources()) {
      if (!index.includes(`### \`client.${resource}\``)) missing.push(`client.${resource}`);
      for (const method of methods) {
        const entry = new RegExp(
          `\\[\`${resource}\\.${method}\\([^)]*\\)\`\\]\\(([^)#]+)#${method.toLowerCase()}\\)`,
        ).exec(index);
        if (!entry?.[1] || !existsSync(join(out, entry[1]))) missing.push(`${resource}.${method}`);
      }
    }
    expect(missing).toEqual([]);
    expect(index.indexOf('client.company')).toBeGreaterThan(0);
  });

  it('has no link to a file that is not in it', () => {
    const broken = markdownFiles(out).flatMap((file) =>
      linkTargets(readFileSync(file, 'utf8'))
        .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
        .filter((target) => !existsSync(join(dirname(file), target.split('#')[0] ?? '')))
        .map((target) => `${relative(out, file)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('is in the package: written before every pack, listed in "files"', () => {
    const config = JSON.parse(readFileSync(join(root, 'typedoc.reference.json'), 'utf8'));
    expect(config.out).toBe('docs/reference');
    expect(packageJson.files).toContain('docs/reference/**/*.md');
    expect(packageJson.scripts.prepack).toBe('npm run docs:reference');
    expect(packageJson.scripts['docs:reference']).toBe('typedoc --options typedoc.reference.json');
  });
});

describe("README's links to the reference", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const base = `https://unpkg.com/${packageJson.name}@${packageJson.version}/`;
  const cdnLinks = linkTargets(readme).filter((target) => target.startsWith('https://unpkg.com/'));

  it('are addresses that work on npmjs.com: the files of this very version on unpkg', () => {
    expect(cdnLinks.length).toBeGreaterThan(5);
    expect(cdnLinks.filter((target) => !target.startsWith(base))).toEqual([]);
  });

  it('name files the package holds: a file of the reference, or a guide', () => {
    const missing = cdnLinks
      .map((target) => target.slice(base.length).split('#')[0] ?? '')
      .filter((path) =>
        path.startsWith('docs/reference/')
          ? !existsSync(join(out, path.slice('docs/reference/'.length)))
          : !existsSync(join(root, path)),
      );
    expect(missing).toEqual([]);
  });

  it("link the reference's first page and each resource of the client", () => {
    expect(cdnLinks).toContain(`${base}docs/reference/README.md`);
    for (const resource of runtimeResources().keys()) {
      const name = resource.charAt(0).toUpperCase() + resource.slice(1);
      expect(cdnLinks, resource).toContain(
        `${base}docs/reference/pix-payment-sdk/classes/${name}.md`,
      );
    }
  });
});
