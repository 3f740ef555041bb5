import { PaymentValidationError } from '../errors/index.js';
import { FORGOT_AWAIT, isThenable } from './options.js';

function reject(name: string, message: string): never {
  throw new PaymentValidationError([{ path: [name], message }], 'Invalid path parameter');
}

/**
 * Encodes one path parameter so that it stays exactly one path segment.
 *
 * `encodeURIComponent` already turns `/`, `?` and `#` into escapes, so `../auth/token` stays one
 * segment (`..%2Fauth%2Ftoken`). A whole value of `.` or `..` is refused rather than encoded: the
 * WHATWG URL parser, and therefore every `fetch`, treats `%2E` and `%2E%2E` as dot segments too and
 * would resolve them, so no encoding can keep such a value inside its segment.
 *
 * @throws {@link PaymentValidationError} for an empty (or blank) value, `.` or `..`, a string that
 * is not well-formed UTF-16, or a Promise (a missing `await`).
 * @internal
 */
export function encodePathSegment(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    reject(name, isThenable(value) ? FORGOT_AWAIT : 'must be a non-empty string');
  }
  if (value === '.' || value === '..') {
    reject(name, 'cannot be "." or ".." (a URL resolves it as a relative path segment)');
  }
  try {
    return encodeURIComponent(value);
  } catch {
    return reject(name, 'is not a well-formed string (lone surrogate)');
  }
}

/**
 * Fills a path template such as `/pix/customer/{customerId}/key`: every `{name}` is replaced with
 * `params[name]` through {@link encodePathSegment}. The only way the client builds a path with
 * values in it, so no value can add or remove a segment.
 *
 * @internal
 */
export function buildPath(
  template: string,
  params: Readonly<Record<string, unknown>> = {},
): string {
  // Most paths of a call with no parameter: nothing to fill in.
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodePathSegment(params[name], name));
}
