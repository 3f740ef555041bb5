// The API reference shipped in the package, as Markdown (`docs/reference/`, written by
// `npm run docs` and before every pack): readable in `node_modules`, in an editor's preview, or
// from a CDN. Its first page is a map of the client: `PaymentClient`, then one section per
// resource (`client.withdrawals`…) linking each method, then the other entry points.
import { ReflectionKind } from 'typedoc';
import { MarkdownPageEvent } from 'typedoc-plugin-markdown';

/** The first sentence of a reflection's summary, on one line. */
function firstSentence(reflection) {
  const comment = reflection?.signatures?.[0]?.comment ?? reflection?.comment;
  const text = (comment?.summary ?? [])
    .map((part) => part.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const end = text.search(/[.:](\s|$)/);
  return end < 0 ? text : `${text.slice(0, end)}.`;
}

/** `name(a, b?)`: a method with the names of its parameters. */
function call(prefix, method) {
  const parameters = (method.signatures?.[0]?.parameters ?? []).map(
    (parameter) => `${parameter.name}${parameter.flags.isOptional ? '?' : ''}`,
  );
  return `\`${prefix}.${method.name}(${parameters.join(', ')})\``;
}

/** A Markdown link from the first page to `target` (a page, or an anchor in one). */
function link(router, project, text, target) {
  return `[${text}](${router.relativeUrl(project, target)})`;
}

function rootPage(router, project) {
  const main = project.getChildByName('pix-payment-sdk');
  const client = main?.getChildByName('PaymentClient');
  if (!main || !client) throw new Error('reference: no PaymentClient in pix-payment-sdk');
  const lines = [
    `# ${project.name} ${project.packageVersion ?? ''} API reference`.trimEnd(),
    '',
    'Every export, with its TSDoc. The guides (getting started, testing with the mock, errors and',
    'retries, configuration…) are the Markdown files beside this folder, in `docs/`.',
    '',
    '## The client',
    '',
    `- ${link(router, project, '`PaymentClient`', client)}: ${firstSentence(client)}`,
  ];
  for (const name of ['PaymentClientOptions', 'RequestOptions']) {
    const target = main.getChildByName(name);
    if (target)
      lines.push(`- ${link(router, project, `\`${name}\``, target)}: ${firstSentence(target)}`);
  }
  const resources = (client.children ?? []).filter(
    (child) =>
      child.kindOf(ReflectionKind.Property) &&
      child.type?.type === 'reference' &&
      child.type.reflection?.kindOf(ReflectionKind.Class),
  );
  for (const method of client.getChildrenByKind(ReflectionKind.Method)) {
    if (method.name === 'toJSON') continue;
    lines.push(
      `- ${link(router, project, call('client', method), method)}: ${firstSentence(method)}`,
    );
  }
  lines.push('', "## The client's resources", '');
  for (const property of resources) {
    const resource = property.type.reflection;
    lines.push(
      `### \`client.${property.name}\`: ${link(router, project, resource.name, resource)}`,
      '',
    );
    for (const method of resource.getChildrenByKind(ReflectionKind.Method)) {
      lines.push(
        `- ${link(router, project, call(property.name, method), method)}: ${firstSentence(method)}`,
      );
    }
    lines.push('');
  }
  lines.push('## Every export, by entry point', '');
  for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
    const groups = (module.groups ?? []).map((group) => group.title).join(', ');
    lines.push(`- ${link(router, project, `\`${module.name}\``, module)}: ${groups}`);
  }
  return `${lines.join('\n')}\n`;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.model !== page.project) return;
    page.contents = rootPage(app.renderer.router, page.project);
  });
}
