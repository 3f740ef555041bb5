import type * as z from 'zod/mini';
import {
  createApiError,
  type PaymentIssue,
  PaymentResponseError,
  RedirectError,
  type RequestFacts,
} from '../errors/index.js';
import { readUpTo } from '../seam/body.js';
import { REASON_HEADER, REASON_PHRASES } from '../seam/reasons.js';
import { escapeControls, redactText, redactValue } from '../seam/redact.js';
import { parseWith } from './parse.js';
import { abortable, parseRetryAfter } from './retry.js';

const ignore = () => undefined;

// Decodes as `Response.text()` does (UTF-8, a BOM dropped, malformed bytes replaced). Shared: a
// call to `decode` without `{ stream: true }` keeps no state between calls, and decoding the
// whole body once costs less than a decoder made per answer.
const utf8 = /* @__PURE__ */ new TextDecoder();

// The longest reason kept (the mock's reasons are at most as long).
const MAX_REASON_CHARS = 300;

/** The reason phrase of a status, for an error body without a `message`. @internal */
export function reasonPhrase(response: Response): string {
  const phrases: Readonly<Record<number, string>> = REASON_PHRASES;
  return phrases[response.status] ?? (response.statusText || `HTTP ${response.status}`);
}

/** A body as JSON where it is JSON, else as text. @internal */
export function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Frees the connection behind a body the client will not read. @internal */
export function discardBody(response: Response): void {
  response.body?.cancel().catch(ignore);
}

/**
 * Whether the answer is a redirect, which the client never follows: any 3xx, or the opaque
 * answer a browser's `fetch` gives for one under `redirect: 'manual'`.
 *
 * @internal
 */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/**
 * The error for a redirect: its status and the origin of its `Location` (resolved against the
 * request's URL), never the whole target, whose path and query may carry anything.
 *
 * @internal
 */
export function redirectError(
  response: Response,
  requestUrl: string,
  facts: RequestFacts,
): RedirectError {
  let origin: string | undefined;
  try {
    const location = response.headers.get('location');
    if (location !== null) origin = new URL(location, requestUrl).origin;
  } catch {
    // Unreadable: the error says so.
  }
  const target = origin === 'null' ? undefined : origin;
  return new RedirectError({
    ...facts,
    status: response.status,
    serviceMessage: `Redirect to ${target ?? 'an unreadable location'} not followed`,
    body: undefined,
    requestId: response.headers.get('x-request-id') ?? undefined,
    redirectOrigin: target,
  });
}

/**
 * Reads a body as UTF-8 text (as `Response.text()` does), or returns `undefined` once it proves
 * larger than `limit` bytes, by its `Content-Length` before reading or by counting as it streams;
 * the rest is then cancelled, which closes the connection. Rejects as soon as `signal` aborts, by
 * cancelling the reader itself: nothing depends on the `Request`'s own signal, whose link to the
 * caller's is lost once garbage collection runs.
 *
 * @internal
 */
export async function readBody(
  response: Response,
  signal: AbortSignal,
  limit: number,
): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    discardBody(response);
    return undefined;
  }
  const stream = response.body;
  // A `fetch` option whose bodies are not web streams (node-fetch) can only be read whole.
  if (stream && typeof stream.getReader !== 'function') {
    const text = await abortable(response.text(), signal);
    return new TextEncoder().encode(text).byteLength > limit ? undefined : text;
  }
  // Only a body sent as is may end at its declared length: a compressed one declares its
  // compressed length, and its decoded bytes could reach that number before their end.
  const length = response.headers.has('content-encoding') ? undefined : declared;
  const bytes = await readUpTo(stream, limit, { signal, length });
  return bytes && utf8.decode(bytes);
}

/**
 * Why an answer of the right shape cannot be used, from an operation's own check: the issues and
 * what the caller should do about it (the error's `hint`).
 *
 * @internal
 */
export interface AnswerRefusal {
  readonly issues: ReadonlyArray<PaymentIssue>;
  readonly hint: string;
}

function responseError(
  facts: RequestFacts,
  status: number,
  message: string,
  body: unknown,
): PaymentResponseError {
  const { method, path, url } = facts;
  return new PaymentResponseError({
    status,
    method,
    path,
    url,
    issues: [{ path: [], message }],
    body,
  });
}

// The mock says why it refused in a header, so that the body stays the service's own. Secrets go
// first, from the whole value (one the service cut at its limit may end in a secret's beginning,
// which goes too); then control characters are escaped, anything else outside printable ASCII
// becomes `?` (as in the mock's own reasons), and the text is cut.
function reasonOf(response: Response, secrets: () => string[]): string | undefined {
  const value = response.headers.get(REASON_HEADER);
  if (value === null) return undefined;
  const redacted = redactText(value, secrets(), value.length >= MAX_REASON_CHARS);
  const shown = escapeControls(redacted).replace(/[^\x20-\x7e]/g, '?');
  return shown.trim().slice(0, MAX_REASON_CHARS) || undefined;
}

// A header's value as it may go into a message: printable ASCII only, at most `max` characters.
function headerText(response: Response, name: string, max: number): string | undefined {
  return (
    response.headers
      .get(name)
      ?.replace(/[^\x20-\x7e]+/g, ' ')
      .trim()
      .slice(0, max) || undefined
  );
}

/**
 * What an answer means: an error status becomes its typed {@link PaymentApiError} (the body
 * parsed where it is JSON, scrubbed of secrets), a 2xx its body parsed with the operation's schema,
 * or a {@link PaymentResponseError} when the body is too large, not JSON, or not of that shape.
 * `text` is `undefined` for a body over `maxResponseBytes`; a `sensitive` answer (the login's)
 * never has its body copied into an error; `secrets` is called only on the way to an error.
 *
 * @internal
 */
export function interpret<T>(
  operation: RequestFacts & {
    readonly schema: z.ZodMiniType<T>;
    readonly verify?: ((value: T) => AnswerRefusal | undefined) | undefined;
    readonly parse?: ((text: string) => unknown) | undefined;
  },
  response: Response,
  text: string | undefined,
  maxResponseBytes: number,
  sensitive: boolean,
  secrets: () => string[],
): T {
  const { method, path, url, attempts } = operation;
  const { status } = response;
  if (!response.ok) {
    // Too large to keep: the status still says what happened, and decides on a retry.
    const body = text === undefined ? undefined : redactValue(parseLenient(text), secrets());
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
    throw createApiError({
      status,
      serviceMessage: typeof message === 'string' ? message : reasonPhrase(response),
      body,
      method,
      path,
      url,
      attempts,
      requestId: response.headers.get('x-request-id') ?? undefined,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      reason: reasonOf(response, secrets),
    });
  }
  if (text === undefined) {
    throw responseError(
      operation,
      status,
      `is larger than maxResponseBytes (${maxResponseBytes} bytes)`,
      undefined,
    );
  }
  let json: unknown;
  try {
    // Not ky's `.json()`/schema: the text is already read under the cap; the errors stay ours.
    json = operation.parse ? operation.parse(text) : JSON.parse(text);
  } catch {
    const body = sensitive ? '[redacted]' : redactValue(text, secrets());
    // An HTML page, most often: a baseUrl that points at a website or a proxy, not the API.
    const type = headerText(response, 'content-type', 60)?.split(';')[0] ?? 'no Content-Type';
    throw responseError(
      operation,
      status,
      text === ''
        ? 'is empty, expected JSON'
        : `is not JSON (${type})${type.includes('json') ? '' : ': check that baseUrl is the API'}`,
      body,
    );
  }
  const parsed = parseWith(operation.schema, json);
  if (!parsed.ok) {
    const { issues } = parsed;
    const body = sensitive ? '[redacted]' : redactValue(json, secrets());
    // JSON under a 2xx: the service said it succeeded, only its shape is not the contract's.
    throw new PaymentResponseError({ status, method, path, url, issues, body, outcome: 'acted' });
  }
  const refused = operation.verify?.(parsed.value);
  if (refused !== undefined) {
    // The hint may quote the answer (an id): a hostile service could put a secret there.
    const hidden = secrets();
    const body = redactValue(json, hidden);
    const hint = redactText(refused.hint, hidden);
    throw new PaymentResponseError({
      status,
      method,
      path,
      url,
      body,
      issues: refused.issues,
      hint,
      // The service created what was asked; only its answer must not be passed on.
      outcome: 'acted',
    });
  }
  return parsed.value;
}
