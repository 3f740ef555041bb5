// Small HTTP helpers shared by the router, the handlers and the server.
import { readRequestUpTo } from '../../src/seam/body.js';
import { REASON_HEADER, REASON_PHRASES } from '../../src/seam/reasons.js';

/**
 * The reason phrase of each status code the mock answers with: the service's error statuses the
 * client also names (`src/seam/reasons.ts`), and those only the mock answers with.
 *
 * @internal
 */
export const REASONS = {
  ...REASON_PHRASES,
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
} as const satisfies Readonly<Record<number, string>>;

/**
 * The HTTP reason phrase of a status code (`404` → `Not Found`), which is also the `message` of
 * every error body of the service.
 *
 * @internal
 */
export function reasonPhrase(status: number): string {
  const phrases: Readonly<Record<number, string>> = REASONS;
  return phrases[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

const encoder = new TextEncoder();

/**
 * The UTF-8 byte length of a text: its length when it is all ASCII (no copy made), else the length
 * of its encoding.
 *
 * @internal
 */
export function utf8Length(text: string): number {
  return /[\u0080-\uffff]/.test(text) ? encoder.encode(text).byteLength : text.length;
}

/**
 * What the router answers: a status, headers (lower-case names) and a body whose length
 * `content-length` declares. Each transport turns it into its own answer: MSW and `mock.fetch`
 * into a Fetch `Response` ({@link toResponse}), the HTTP server into bytes on its socket, with no
 * `Response` built and read back in between.
 *
 * @internal
 */
export interface ServiceAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 text (JSON), or `null` for a status without a body. */
  readonly body: string | null;
}

/**
 * An answer as a Fetch `Response`, for the transports that hand one to their caller.
 *
 * @internal
 */
export function toResponse(answer: ServiceAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * A JSON answer of the given text, its `Content-Length` declared: the byte length, not the
 * string's (`ã` is two bytes). An answer of declared length lets a client, and MSW's interception
 * of its socket, keep the connection for the next request.
 *
 * @internal
 */
export function jsonText(
  status: number,
  text: string,
  headers?: Record<string, string>,
): ServiceAnswer {
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...headers,
      'content-length': String(utf8Length(text)),
    },
    body: text,
  };
}

/**
 * A JSON answer, its body encoded once and its `Content-Length` declared.
 *
 * @internal
 */
export function json(
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): ServiceAnswer {
  return jsonText(status, JSON.stringify(body), headers);
}

// The JSON of deeply frozen values, by identity: a value that cannot change encodes the same.
const frozenTexts = new WeakMap<object, string>();

/**
 * A JSON answer of a deeply frozen value (the currency lists), encoded once for the life of the
 * value rather than on every request. Only for values frozen all the way down: the cached text
 * would not follow a change.
 *
 * @internal
 */
export function frozenJson(status: number, value: object): ServiceAnswer {
  let text = frozenTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    frozenTexts.set(value, text);
  }
  return jsonText(status, text);
}

/**
 * The service's error body: `{ "message": "<reason phrase>" }` with that status, or the message
 * the service publishes for that refusal.
 *
 * @internal
 */
export function errorResponse(status: number, message = reasonPhrase(status)): ServiceAnswer {
  return json(status, { message });
}

export { REASON_HEADER } from '../../src/seam/reasons.js';

/**
 * A reason as a header value: printable ASCII only (anything else becomes `?`), at most 300
 * characters; exposed to scripts of a page that reads a cross-origin answer (the mock sets no
 * other CORS header: MSW in a browser answers from the page's own worker).
 *
 * @internal
 */
export function reasonHeader(detail: string): Record<string, string> {
  return {
    [REASON_HEADER]: detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 300),
    'access-control-expose-headers': REASON_HEADER,
  };
}

/**
 * The service's error body (`message`: the reason phrase, or the text the service publishes for
 * that refusal) with the mock's reason in {@link REASON_HEADER}.
 *
 * @internal
 */
export function refusalResponse(
  status: number,
  detail: string,
  message = reasonPhrase(status),
): ServiceAnswer {
  return json(status, { message }, reasonHeader(detail));
}

/**
 * Thrown inside a handler to answer with an error status. `detail` is journaled and sent in the
 * {@link REASON_HEADER} header, never in the body: the service's error bodies carry the reason
 * phrase, or `message` where the service publishes its own text for the refusal (the sub-account
 * routes' Portuguese messages).
 *
 * @internal
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly bodyMessage?: string,
  ) {
    super(`${status} ${reasonPhrase(status)}: ${detail}`);
  }
}

export { isRecord } from '../../src/seam/records.js';

/**
 * The own property of a parsed JSON object, never one inherited from `Object.prototype`.
 *
 * @internal
 */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Whether a `Content-Type` names JSON (`application/json` or `application/*+json`, any
 * parameters).
 *
 * @internal
 */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads the request body, refusing more than `limit` bytes (413). Reads the stream so a huge body
 * is refused before it is all in memory.
 *
 * @internal
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const bytes = await readRequestUpTo(request, limit);
  if (bytes === undefined) throw new HttpError(413, `body exceeds ${limit} bytes`);
  return bytes;
}

/**
 * A request as the router reads it: what every transport can give without building a Fetch
 * `Request` (the HTTP server reads Node's request directly; MSW and `mock.fetch` wrap theirs with
 * {@link fromFetchRequest}).
 *
 * @internal
 */
export interface MockRequest {
  /** Upper case. */
  readonly method: string;
  /** Absolute and normalised, the query included. */
  readonly url: string;
  /** A header's value, several joined with `, ` as `Headers#get` does; `null` when absent. */
  header(name: string): string | null;
  /** Aborted when the caller gives up (hangs up, or aborts its `fetch`). */
  readonly signal: AbortSignal;
  /** The body, refused with 413 above `limit` bytes. */
  bytes(limit: number): Promise<Uint8Array>;
}

/**
 * A Fetch `Request` as the router reads it.
 *
 * @internal
 */
export function fromFetchRequest(request: Request): MockRequest {
  return {
    method: request.method.toUpperCase(),
    url: request.url,
    header: (name) => request.headers.get(name),
    signal: request.signal,
    bytes: (limit) => readBodyBytes(request, limit),
  };
}

// One decoder for every body: a fatal decoder that failed starts afresh on its next call.
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as UTF-8 text; 400 when it is not valid UTF-8.
 *
 * @internal
 */
export function utf8(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    throw new HttpError(400, 'body is not valid UTF-8');
  }
}

/**
 * How much of a request body the journal keeps: the copy of a body serialises to at most this
 * many characters of JSON.
 *
 * @internal
 */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

interface Budget {
  left: number;
  truncated: boolean;
}

/**
 * A string of at most `budget.left` characters of JSON, as a fresh string: a `slice` would keep
 * the whole original alive behind it (V8 shares the characters), and that is what let large
 * bodies pile up in the journal. A string cut short marks the copy truncated.
 */
/**
 * Whether JSON.stringify writes the string as more than its characters in quotes: a quote, a
 * backslash, a control character or a surrogate (a lone one becomes `\uXXXX`) inside.
 */
function escapedInJson(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) {
      return true;
    }
  }
  return false;
}

function keptString(value: string, budget: Budget): string | undefined {
  // The common case, a short plain string: its JSON is the string in quotes, and it is kept as it
  // is (it is the parsed body's own string, not a slice of a larger one).
  if (value.length + 2 <= budget.left && !escapedInJson(value)) {
    budget.left -= value.length + 2;
    return value;
  }
  // A string longer than the budget is never serialised whole (it may be a megabyte).
  let piece =
    value.length + 2 <= budget.left ? value : value.slice(0, Math.max(0, budget.left - 2));
  let text = JSON.stringify(piece);
  // Escapes (`\n`, `\u0000`) make the JSON longer than the string: cut until it fits.
  while (text.length > budget.left && piece.length > 0) {
    piece = piece.slice(0, Math.max(0, piece.length - (text.length - budget.left)));
    text = JSON.stringify(piece);
  }
  if (text.length > budget.left) return undefined;
  if (piece.length < value.length) budget.truncated = true;
  budget.left -= text.length;
  return JSON.parse(text) as string;
}

function copyWithin(value: unknown, depth: number, budget: Budget): unknown {
  if (typeof value === 'string') return keptString(value, budget);
  if (typeof value !== 'object' || value === null) {
    const size = String(value).length;
    if (size > budget.left) {
      budget.truncated = true;
      return undefined;
    }
    budget.left -= size;
    return value;
  }
  if (depth >= 2) return keptString(Array.isArray(value) ? '[array]' : '[object]', budget);
  if (budget.left < 2) {
    budget.truncated = true;
    return undefined;
  }
  budget.left -= 2;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const copy = budget.left > 0 ? copyWithin(item, depth + 1, budget) : undefined;
      if (copy === undefined) {
        budget.truncated = true;
        break;
      }
      out.push(copy);
      budget.left -= 1;
    }
    return out;
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    // A key that does not fit whole is left out with its value (`:` and `,` cost one each).
    const name = keptString(key, budget);
    budget.left -= 1;
    const item = key === 'password' ? '[redacted]' : (value as Record<string, unknown>)[key];
    const copy = name === key && budget.left > 0 ? copyWithin(item, depth + 1, budget) : undefined;
    if (copy === undefined) {
      budget.truncated = true;
      break;
    }
    Object.defineProperty(out, key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    budget.left -= 1;
  }
  return out;
}

/**
 * What the journal keeps of a parsed JSON body: a prototype-free copy whose values deeper than
 * two levels are summarised, whose `password` is redacted, and which serialises to at most
 * {@link JOURNAL_BODY_LIMIT} characters; with `truncated: true` when anything had to be cut to
 * fit (strings cut short, later keys and items left out).
 *
 * @internal
 */
export function journalBody(value: unknown): { body: unknown; truncated?: true } {
  const budget: Budget = { left: JOURNAL_BODY_LIMIT, truncated: false };
  const body = copyWithin(value, 0, budget);
  return budget.truncated ? { body, truncated: true } : { body };
}
