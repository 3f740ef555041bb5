// A request as the router reads it, whichever transport brings it, and a Fetch `Request` and
// `Response` on either side of it for the transports that carry those.
import { readRequestUpTo } from '../../src/seam/body.js';
import { HttpError, type ServiceAnswer } from './answers.js';

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
 * An answer as a Fetch `Response`, for the transports that hand one to their caller.
 *
 * @internal
 */
export function toResponse(answer: ServiceAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
