// Small HTTP helpers shared by the router, the handlers and the server.

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The HTTP reason phrase of a status code (`404` → `Not Found`), which is also the `message` of
 * every error body of the service.
 *
 * @internal
 */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/**
 * A JSON response.
 *
 * @internal
 */
export function json(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * The service's error body: `{ "message": "<reason phrase>" }` with that status.
 *
 * @internal
 */
export function errorResponse(status: number): Response {
  return json(status, { message: reasonPhrase(status) });
}

/**
 * Thrown inside a handler to answer with an error status. `detail` is journaled, never sent:
 * the service's error bodies carry only the reason phrase.
 *
 * @internal
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${status} ${reasonPhrase(status)}: ${detail}`);
  }
}

/**
 * Whether a parsed JSON value is an object (not an array, not null).
 *
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, `body of ${declared} bytes exceeds ${limit}`);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, `body exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body as UTF-8 text; 400 when it is not valid UTF-8.
 *
 * @internal
 */
export function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'body is not valid UTF-8');
  }
}

/**
 * A shallow, prototype-free copy of a JSON body for the request journal: values deeper than two
 * levels are summarised and `password` is redacted, so the journal can always be serialised.
 *
 * @internal
 */
export function journalCopy(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'string' && value.length > 1000 ? `${value.slice(0, 1000)}…` : value;
  }
  if (depth >= 2) return Array.isArray(value) ? '[array]' : '[object]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => journalCopy(item, depth + 1));
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).slice(0, 50)) {
    const item = (value as Record<string, unknown>)[key];
    Object.defineProperty(out, key, {
      value: key === 'password' ? '[redacted]' : journalCopy(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
