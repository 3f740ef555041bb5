// Groups the API reference the way the client is used: the client, one group per resource (its
// class, its request and answer types, its helpers), shared models, errors; the mock by what a test
// does with it. The group comes from the file a declaration lives in, so a new resource
// (`src/resources/<area>.ts`, `src/models/<area>.ts`) gets its group without any tag. An explicit
// `@group` in a declaration's TSDoc wins. Inside a group, declarations are put in categories by
// kind (the resource class, types, helpers, zod schemas, constants), which keeps a schema constant
// apart from the type of the same name.
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Comment, CommentTag, Converter, ReflectionKind, Type } from 'typedoc';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Groups whose name is not the title-cased file name. */
const AREA_TITLES = { 'pix-keys': 'Pix keys' };

/** Files that are not a resource area, by path from the project root. */
const FILE_GROUPS = {
  'src/client.ts': 'Client',
  'src/core/transport.ts': 'Client',
  'src/core/retry.ts': 'Client',
  'src/core/logger.ts': 'Client',
  'src/core/withdrawal-limit.ts': 'Withdrawals',
  'src/core/observe.ts': 'Observability',
  'src/opentelemetry.ts': 'Observability',
  'src/version.ts': 'Client',
  'src/core/tokens.ts': 'Auth',
  'src/validation.ts': 'Pix keys',
  'src/br-code.ts': 'Deposits',
  'src/models/currencies.ts': 'Models',
  'src/models/shared.ts': 'Models',
  'src/money.ts': 'Models',
  'src/insufficient-balance.ts': 'Errors',
  'src/webhook-handler.ts': 'Webhooks',
  'src/webhook-store.ts': 'Webhooks',
  'src/usdt.ts': 'Crypto',
  'src/wallet-address.ts': 'Crypto',
  'src/crypto-builders.ts': 'Crypto',
  'src/webhook-adapters.ts': 'Webhooks',
};

/** Files whose declarations belong to the resource their name speaks of (`buildWithdrawal`). */
const BY_NAME_FILES = new Set(['src/builders.ts']);

/** The mock's declarations, by what a test does with them; first match wins. */
const MOCK_GROUPS = [
  [/^(runConformance|Conformance)/, 'Conformance'],
  [/^(createOpenApiDocument|CreateOpenApiDocument|OpenApi)/, 'OpenAPI'],
  [
    /^(connectMockServer|ConnectMockServerOptions|RemotePaymentServiceMock|Remote|InProcessOnlyControls|MockServerError(Code)?)$/,
    'Remote server',
  ],
  [/^(startMockServer|StartMockServer|MockServer|RunningMockServer)/, 'HTTP server'],
  [/Controls$|^(FaultHandle|FaultSpec|InvalidFaultError|SettleOptions|MockClock)$/, 'Controls'],
  [
    /^(JournalEntry|WebhookDelivery|TestWebhookDelivery(Options)?|testWebhookDeliveries)$/,
    'Journal and webhooks',
  ],
  // What the mock holds: every `Mock…` type but its login and its fetch (and those matched above).
  [/^Mock(?!Credentials$|Fetch$)[A-Z]\w*$|^CustomerCreateInput$/, 'Records'],
  [/./, 'Mock'],
];

const RESOURCE_NAMES = [
  ['Withdrawal', 'Withdrawals'],
  ['Deposit', 'Deposits'],
  ['Customer', 'Customers'],
  ['PixKey', 'Pix keys'],
  ['Currency', 'Models'],
];

function titleOf(area) {
  return AREA_TITLES[area] ?? area.charAt(0).toUpperCase() + area.slice(1);
}

/** The group of a top-level declaration of the main entry point, or undefined to leave it. */
function groupOf(file, name) {
  if (FILE_GROUPS[file]) return FILE_GROUPS[file];
  if (file.startsWith('src/errors/')) return 'Errors';
  const area = /^src\/(?:resources|models)\/([a-z-]+)\.ts$/.exec(file)?.[1];
  if (area) return titleOf(area);
  if (BY_NAME_FILES.has(file)) {
    return RESOURCE_NAMES.find(([part]) => name.includes(part))?.[1] ?? 'Models';
  }
  return undefined;
}

function categoryOf(reflection, file) {
  if (reflection.kindOf(ReflectionKind.Class)) {
    return file.startsWith('src/resources/') ? 'Resource' : 'Classes';
  }
  if (reflection.kindOf(ReflectionKind.Function)) return 'Functions';
  if (reflection.kindOf(ReflectionKind.Variable)) {
    return reflection.type?.type === 'reference' && reflection.type.package === 'zod'
      ? 'Schemas'
      : 'Constants';
  }
  return 'Types';
}

/** The comments a group tag may sit on: the declaration's own, or its signatures'. */
function comments(reflection) {
  return [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)].filter(
    Boolean,
  );
}

function tag(reflection, name, value) {
  if (comments(reflection).some((c) => c.blockTags.some((t) => t.tag === name))) return;
  const target = reflection.signatures?.[0] ?? reflection;
  target.comment ??= new Comment();
  target.comment.blockTags.push(new CommentTag(name, [{ kind: 'text', text: value }]));
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  const files = new Map();
  const models = new Set();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const file = context
      .getSymbolFromReflection(reflection)
      ?.declarations?.[0]?.getSourceFile().fileName;
    if (file) files.set(reflection, relative(ROOT, file).split(sep).join('/'));
  });

  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const isMock = module.name.endsWith('/mock');
      for (const child of module.children ?? []) {
        const file = files.get(child) ?? '';
        const group = isMock
          ? MOCK_GROUPS.find(([pattern]) => pattern.test(child.name))[1]
          : groupOf(file, child.name);
        if (group === undefined) continue;
        tag(child, '@group', group);
        if (!isMock) tag(child, '@category', categoryOf(child, file));
      }
    }
    // A property written in a zod object literal (`amount: z.number()`) would show its schema as a
    // default value (`= ...`); a type has no default.
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      if (files.get(reflection)?.startsWith('src/models/')) delete reflection.defaultValue;
    }
    // A model is `interface X extends z.infer<typeof X>`: say nothing of zod's `output<…>` as its
    // parent, nor "Inherited from z.infer.amount" under each property.
    for (const reflection of Object.values(context.project.reflections)) {
      if (reflection.extendedTypes?.every((type) => type.package === 'zod')) {
        delete reflection.extendedTypes;
        models.add(reflection);
      }
    }
    // A schema's page says what it is (`ZodMiniObject`), not zod's type arguments spelled out over
    // dozens of lines: the type of the same name, beside it, is the readable form.
    for (const variable of context.project.getReflectionsByKind(ReflectionKind.Variable)) {
      if (variable.type?.type !== 'reference' || variable.type.package !== 'zod') continue;
      dropInlineDeclarations(context.project, variable.type);
      variable.type.typeArguments = undefined;
      const type = variable.parent?.children?.find(
        (sibling) => sibling.name === variable.name && sibling !== variable,
      );
      if (type && variable.comment) {
        variable.comment.summary.push(
          { kind: 'text', text: '\n\nThe zod schema; what it parses is the type ' },
          { kind: 'inline-tag', tag: '@link', text: variable.name, target: type },
          { kind: 'text', text: '.' },
        );
        type.comment?.summary.push(
          { kind: 'text', text: '\n\nChecked by the zod schema ' },
          { kind: 'inline-tag', tag: '@link', text: variable.name, target: variable },
          { kind: 'text', text: ' of the same name.' },
        );
      }
    }
    files.clear();
    linkApiMap(context.project);
  });
  app.converter.on(Converter.EVENT_RESOLVE_END, () => {
    for (const model of models) {
      for (const property of model.children ?? []) {
        delete property.inheritedFrom;
        delete property.overwrites;
      }
    }
    models.clear();
  });
}

/** Removes from the project the declarations written inline in `type` (`{ amount: … }`). */
function dropInlineDeclarations(project, type) {
  if (type.type === 'reflection') {
    project.removeReflection(type.declaration);
    return;
  }
  for (const value of Object.values(type)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Type) dropInlineDeclarations(project, item);
    }
  }
}

/**
 * In the README's API map, each method (`withdrawals.create(request)`) becomes a link to its entry
 * in the reference, so the map is the reference's table of contents. On GitHub the README is
 * unchanged; a method the client does not have is an error.
 */
function linkApiMap(project) {
  const client = project.getChildByName(['pix-payment-sdk', 'PaymentClient']);
  let inMap = false;
  for (const [index, part] of (project.readme ?? []).entries()) {
    if (part.kind === 'text' && /^## /m.test(part.text)) inMap = /^## API map$/m.test(part.text);
    const name = inMap && part.kind === 'code' && /^`(\w+(?:\.\w+)?)\(.*\)`$/.exec(part.text)?.[1];
    if (!name) continue;
    const [first, second] = name.split('.');
    const resource = second && client?.getChildByName(first)?.type?.reflection;
    const target = second ? resource?.getChildByName(second) : client?.getChildByName(first);
    if (!target) throw new Error(`README API map: PaymentClient has no method ${name}`);
    project.readme[index] = {
      kind: 'inline-tag',
      tag: '@linkcode',
      text: part.text.slice(1, -1),
      target,
    };
  }
}
