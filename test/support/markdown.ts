// Headings and anchors of the guides, as the two places that render them make them: GitHub (and
// npm) and the TypeDoc site, which lists the guides beside the API reference.

/** Markdown without its fenced code blocks (whose `#` lines are comments, not headings). */
export function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

export type Renderer = 'github' | 'typedoc';

const links = (text: string) => text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');

/**
 * The anchor a heading gets. GitHub: the text as rendered (code spans keep their text), lower
 * case, punctuation other than `-` and `_` removed, each space a `-`. TypeDoc: code spans are
 * dropped whole, ASCII and general punctuation removed, whitespace to `-`, the first run of `-`
 * collapsed, lower case.
 */
export function slug(heading: string, renderer: Renderer = 'github'): string {
  if (renderer === 'github') {
    return links(heading.replace(/`([^`]*)`/g, '$1'))
      .replace(/\*+/g, '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
  }
  const text = links(heading.replace(/`[^`]*`/g, '')).replace(/\*+/g, '');
  const serialised = text
    .trim()
    .replace(/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g, '')
    .replace(/\s/g, '-')
    .replace(/--+/, '-');
  return (serialised || '_').toLowerCase();
}

/** Every anchor a document's headings define; repeated ones get `-1`, `-2`… */
export function anchors(markdown: string, renderer: Renderer = 'github'): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text = ''] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(text, renderer);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The links of a document that carry an anchor: `(#x)` or `(file.md#x)`. */
export function anchoredLinks(markdown: string): { file: string; anchor: string }[] {
  return [...withoutCodeBlocks(markdown).matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)]
    .filter(([, file = '']) => !/^[a-z]+:/.test(file))
    .map(([, file = '', anchor = '']) => ({ file, anchor }));
}
