// The API reference is read as a map of the client: `PaymentClient`'s page must reach every method
// of every resource, declarations sit in the group of their resource, and signatures name their
// types instead of spelling out a zod type. The project is converted once, with the options of
// `npm run docs` (typedoc.json and its plugin), without rendering HTML.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Application,
  type CommentDisplayPart,
  type DeclarationReflection,
  LogLevel,
  type ProjectReflection,
  type Reflection,
  ReflectionKind,
  type SomeType,
  TSConfigReader,
  TypeDocReader,
} from 'typedoc';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeResources } from './support/client-resources.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let app: Application;
let project: ProjectReflection;
let main: DeclarationReflection;
let client: DeclarationReflection;

beforeAll(async () => {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    app = await Application.bootstrapWithPlugins(
      { options: resolve(root, 'typedoc.json'), logLevel: LogLevel.Error, skipErrorChecking: true },
      [new TypeDocReader(), new TSConfigReader()],
    );
    const converted = await app.convert();
    if (!converted) throw new Error('typedoc could not convert the project');
    project = converted;
  } finally {
    process.chdir(cwd);
  }
  main = project.getChildByName('pix-payment-sdk') as DeclarationReflection;
  client = main.getChildByName('PaymentClient') as DeclarationReflection;
}, 60_000);

function linkTargets(parts: readonly CommentDisplayPart[] | undefined): Reflection[] {
  return (parts ?? []).flatMap((part) =>
    part.kind === 'inline-tag' && typeof part.target === 'object' && 'kind' in part.target
      ? [part.target as Reflection]
      : [],
  );
}

function groupsOf(reflection: DeclarationReflection): string[] {
  return (reflection.groups ?? []).map((group) => group.title);
}

describe('the API reference', () => {
  it('converts with the options of `npm run docs` and no warning or error', () => {
    app.validate(project);
    expect(app.logger.hasErrors()).toBe(false);
    expect(app.logger.hasWarnings()).toBe(false);
  });

  it("links every public method of every resource from PaymentClient's page", () => {
    const resources = runtimeResources();
    expect([...resources.keys()].sort()).toEqual(
      expect.arrayContaining(['customers', 'deposits', 'pixKeys', 'withdrawals']),
    );
    const missing: string[] = [];
    for (const [property, methods] of resources) {
      const reflection = client.getChildByName(property) as DeclarationReflection | undefined;
      const linked = new Set(
        linkTargets(reflection?.comment?.summary)
          .filter((target) => target.kindOf(ReflectionKind.Method))
          .map((target) => `${target.parent?.name}.${target.name}`),
      );
      const resourceClass = reflection?.type?.type === 'reference' ? reflection.type.name : '?';
      for (const method of methods) {
        if (!linked.has(`${resourceClass}.${method}`)) missing.push(`${property}.${method}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows the resources first on PaymentClient’s page, each with its own section', () => {
    expect(groupsOf(client)[0]).toBe('Resources');
    const resources = client.groups?.find((group) => group.title === 'Resources');
    expect(resources?.children.map((child) => child.name).sort()).toEqual(
      [...runtimeResources().keys()].sort(),
    );
  });

  it('groups the main entry point by resource, never by kind', () => {
    const kinds = ['Classes', 'Interfaces', 'Type Aliases', 'Variables', 'Functions'];
    const titles = groupsOf(main);
    expect(titles.filter((title) => kinds.includes(title))).toEqual([]);
    expect(titles).toEqual(
      expect.arrayContaining(['Client', 'Customers', 'Pix keys', 'Withdrawals', 'Deposits']),
    );
    expect(titles).toEqual(expect.arrayContaining(['Models', 'Errors']));
    // Each resource class sits in the group its property is documented under.
    for (const property of runtimeResources().keys()) {
      const type = (client.getChildByName(property) as DeclarationReflection).type;
      const name = type?.type === 'reference' ? type.name : '';
      const group = main.groups?.find((g) => g.children.some((child) => child.name === name));
      expect(group?.title, name).not.toMatch(/^(Classes|Client|Models)$/);
    }
  });

  it('keeps a zod schema apart from the type of the same name', () => {
    const withdrawals = main.groups?.find((group) => group.title === 'Withdrawals');
    const categories = Object.fromEntries(
      (withdrawals?.categories ?? []).map((c) => [c.title, c.children.map((x) => x.name)]),
    );
    expect(categories.Schemas).toContain('WithdrawalRequest');
    expect(categories.Types).toContain('WithdrawalRequest');
  });

  it('names the parameter and return types of every resource method instead of expanding them', () => {
    const inline: string[] = [];
    const visit = (type: SomeType | undefined, where: string) => {
      if (type?.type === 'reflection') inline.push(where);
      if (type?.type === 'reference') for (const arg of type.typeArguments ?? []) visit(arg, where);
      if (type?.type === 'union') for (const arm of type.types) visit(arm, where);
      if (type?.type === 'array') visit(type.elementType, where);
    };
    for (const property of runtimeResources().keys()) {
      const type = (client.getChildByName(property) as DeclarationReflection).type;
      const resource = type?.type === 'reference' ? type.reflection : undefined;
      expect(resource, property).toBeDefined();
      for (const method of (resource as DeclarationReflection).getChildrenByKind(
        ReflectionKind.Method,
      )) {
        for (const signature of method.signatures ?? []) {
          const where = `${property}.${method.name}`;
          for (const parameter of signature.parameters ?? []) {
            visit(parameter.type, `${where}(${parameter.name})`);
          }
          visit(signature.type, `${where} returns`);
        }
      }
    }
    expect(inline).toEqual([]);
  });

  it("links each method of the README's API map to its entry", () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const map = readme.slice(readme.indexOf('## API map'), readme.indexOf('## Errors'));
    const rows = [...map.matchAll(/^\| `(\w[^`]*)`/gm)].map((match) => match[1]);
    const linked = new Set(
      (project.readme ?? [])
        .filter(
          (part) =>
            part.kind === 'inline-tag' && linkTargets([part])[0]?.kindOf(ReflectionKind.Method),
        )
        .map((part) => part.text),
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => !linked.has(row ?? ''))).toEqual([]);
  });
});
