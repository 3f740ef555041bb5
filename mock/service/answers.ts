// What the service answers: statuses, reason phrases, JSON bodies, and the error a handler throws.
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

export { REASON_HEADER };

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
