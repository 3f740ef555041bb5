// Fault path patterns: a subset of the URLPattern pathname syntax, matched segment by segment with
// no regular expression, so no pattern and no path can make matching backtrack without bound.

/** The longest pattern accepted, in segments: matching costs at most this much per path segment. */
export const MAX_PATTERN_SEGMENTS = 32;
const MAX_PATTERN_LENGTH = 1024;

type Token =
  | { readonly kind: 'literal'; readonly text: string }
  /** `:name`: one segment, not empty. */
  | { readonly kind: 'param' }
  /** One segment, empty or not (the first segment a `*` covers). */
  | { readonly kind: 'segment' }
  /** Any number of segments, none included (the rest of what a `*` covers). */
  | { readonly kind: 'rest' };

/**
 * A compiled path pattern: whether a path (relative to the base URL, without the query, as sent)
 * matches it.
 *
 * @internal
 */
export type PathMatcher = (path: string) => boolean;

const PARAM_NAME = /^[A-Za-z_$][\w$]*$/;
// URLPattern gives these a meaning inside a segment (groups, modifiers, escapes); here a segment
// is a whole literal, a whole `:name` or a whole `*`, so they are refused rather than misread.
const RESERVED = /[:*(){}?+\\]/;
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * Compiles a path pattern such as `/withdraw/:id/details` or `/pix/*`. Each `/`-separated
 * segment is literal text (compared as sent, percent-encoding included), `:name` (any one
 * non-empty segment) or `*` (one or more segments, any of them possibly empty, as URLPattern's
 * `*` after a `/`). Throws a `RangeError` whose message says what is wrong.
 *
 * Matching is a greedy scan with one resume point per `*` (the classic wildcard algorithm, over
 * segments instead of characters): at most `segments of the pattern × segments of the path`
 * comparisons, never exponential.
 *
 * @internal
 */
export function compilePathPattern(pattern: string): PathMatcher {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new RangeError(`is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  if (!pattern.startsWith('/')) {
    throw new RangeError(
      'must start with "/": a path pattern such as /withdraw/:id/details or /pix/* (regular expressions are not accepted)',
    );
  }
  const parts = pattern.slice(1).split('/');
  if (parts.length > MAX_PATTERN_SEGMENTS) {
    throw new RangeError(`has more than ${MAX_PATTERN_SEGMENTS} segments`);
  }
  const names = new Set<string>();
  const tokens: Token[] = [];
  for (const part of parts) {
    if (part === '*') {
      tokens.push({ kind: 'segment' }, { kind: 'rest' });
    } else if (part.startsWith(':')) {
      const name = part.slice(1);
      if (!PARAM_NAME.test(name)) {
        throw new RangeError(`segment "${part}": a parameter is ":" and a name such as :id`);
      }
      if (names.has(name)) throw new RangeError(`names :${name} twice`);
      names.add(name);
      tokens.push({ kind: 'param' });
    } else if (RESERVED.test(part) || !VISIBLE_ASCII.test(part)) {
      throw new RangeError(
        `segment "${part}": a segment is literal text (visible ASCII, percent-encoded as sent, none of : * ( ) { } ? + \\), :name or *`,
      );
    } else {
      tokens.push({ kind: 'literal', text: part });
    }
  }
  return (path) => path.startsWith('/') && matchSegments(tokens, path.slice(1).split('/'));
}

function fits(token: Token, segment: string): boolean {
  if (token.kind === 'literal') return token.text === segment;
  if (token.kind === 'param') return segment !== '';
  return true;
}

function matchSegments(tokens: ReadonlyArray<Token>, segments: ReadonlyArray<string>): boolean {
  let t = 0;
  let s = 0;
  // The latest `rest` seen, and the segment it was tried from: on a mismatch it takes one more.
  let restAt = -1;
  let restFrom = 0;
  while (s < segments.length) {
    const token = tokens[t];
    if (token?.kind === 'rest') {
      restAt = t++;
      restFrom = s;
    } else if (token !== undefined && fits(token, segments[s] ?? '')) {
      t++;
      s++;
    } else if (restAt !== -1) {
      t = restAt + 1;
      s = ++restFrom;
    } else {
      return false;
    }
  }
  while (tokens[t]?.kind === 'rest') t++;
  return t === tokens.length;
}
