const REDACTED = '[redacted]';

// A JWT issued to anyone, also one this client never saw (another process's, in a shared store):
// base64url of `{"` starts every header, then two more dot-separated base64url segments.
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;

// JSON has already escaped control characters; some servers also escape every non-ASCII one.
const toUnicodeEscapes = (text: string, hex: (code: string) => string) =>
  text.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${hex(char.charCodeAt(0).toString(16).padStart(4, '0'))}`,
  );

// A form this long is replaced wherever it appears: ordinary text holds it only by chance. A
// shorter one (a password `e` or `pass`) is replaced only where it stands on its own, between
// characters that are no letter or digit: replacing it inside `connect` or `password` would
// garble the text and tell the reader the secret.
const REPLACED_ANYWHERE = 8;

const WORD = /[\p{L}\p{N}]/u;

/**
 * Every form in which a secret may come back in a body, a header or an error, longest first: as
 * it is; inside a JSON string (`"` and `\` escaped; also with `/` escaped and non-ASCII as
 * `\uXXXX`, as some servers write it); percent-encoded as UTF-8 (upper- or lower-case hex) and
 * form-encoded; and as a header value carries it (its UTF-8 bytes read one per character, or
 * anything outside printable ASCII written `?`, as the mock's reasons do).
 *
 * @internal
 */
export function secretForms(secrets: ReadonlyArray<string>): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    const json = JSON.stringify(secret).slice(1, -1);
    for (const escaped of [json, json.replaceAll('/', '\\/')]) {
      forms.add(escaped);
      forms.add(toUnicodeEscapes(escaped, (code) => code));
      forms.add(toUnicodeEscapes(escaped, (code) => code.toUpperCase()));
    }
    forms.add(secret);
    forms.add(new URLSearchParams([['', secret]]).toString().slice(1));
    try {
      const encoded = encodeURIComponent(secret);
      forms.add(encoded);
      forms.add(encoded.replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase()));
    } catch {
      // A lone surrogate cannot be percent-encoded, so it cannot come back that way either.
    }
    let bytes = '';
    for (const byte of new TextEncoder().encode(secret)) bytes += String.fromCharCode(byte);
    forms.add(bytes);
    // A lossy form stands for the secret only when enough of it is left to tell.
    const asked = secret.replace(/[^\x20-\x7e]/g, '?');
    if (asked.replaceAll('?', '').length >= REPLACED_ANYWHERE / 2) forms.add(asked);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

// Where `form` occurs in `text` as a secret: anywhere for a long form, else only between
// characters that are no letter or digit.
function standsAlone(text: string, start: number, end: number, form: string): boolean {
  if (form.length >= REPLACED_ANYWHERE) return true;
  return !WORD.test(text.charAt(start - 1)) && !WORD.test(text.charAt(end));
}

/**
 * Replaces every occurrence of a secret in a string, and every JWT. `secrets` should come from
 * {@link secretForms}, so that escaped forms are caught too. A form shorter than 8 characters is
 * replaced only where it stands on its own (not inside a word). `cut`: the text may have been cut
 * at its end (a header of bounded length), so an end that begins a secret is replaced too.
 *
 * @internal
 */
export function redactText(text: string, secrets: ReadonlyArray<string>, cut = false): string {
  let result = text;
  for (const form of secrets) {
    if (form === '' || !result.includes(form)) continue;
    let out = '';
    let from = 0;
    for (let at = result.indexOf(form); at >= 0; at = result.indexOf(form, at + 1)) {
      if (at < from || !standsAlone(result, at, at + form.length, form)) continue;
      out += result.slice(from, at) + REDACTED;
      from = at + form.length;
    }
    result = out + result.slice(from);
  }
  if (cut) result = withoutCutSecret(result, secrets);
  return result.replace(JWT, REDACTED);
}

// A text cut in the middle of a secret ends with the secret's beginning: from the earliest such
// beginning (a short form's only where it stands on its own), the end is replaced.
function withoutCutSecret(text: string, secrets: ReadonlyArray<string>): string {
  let start = text.length;
  for (const form of secrets) {
    for (let length = Math.min(form.length - 1, text.length); length > 0; length--) {
      const at = text.length - length;
      if (
        text.endsWith(form.slice(0, length)) &&
        (form.length >= REPLACED_ANYWHERE || !WORD.test(text.charAt(at - 1)))
      ) {
        start = Math.min(start, at);
        break;
      }
    }
  }
  return start === text.length ? text : text.slice(0, start) + REDACTED;
}

const CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A service's text as it may go into a message or a log line: control characters (CR, LF, tab,
 * ESC and the rest of C0 and C1), line and paragraph separators and bidirectional overrides are
 * written as escapes (`\r`, `\n`, `\t`, `\u001b`), so that the text cannot end a log line, forge
 * another, or restyle a terminal.
 *
 * @internal
 */
export function escapeControls(text: string): string {
  return text.replace(
    CONTROLS,
    (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

// How deep a body is copied into an error. A service's answer is a few levels deep; one nested
// 100,000 levels would overflow the stack of a recursive copy (and of `JSON.stringify` later).
const MAX_BODY_DEPTH = 32;

/**
 * A deep copy of a parsed body with every secret removed from its strings, keys included. Bodies
 * come from `JSON.parse` or are plain text, so plain objects, arrays and primitives are all there is.
 * Values nested deeper than 32 levels are replaced by `'[too deep]'`.
 *
 * @internal
 */
export function redactValue(value: unknown, secrets: ReadonlyArray<string>, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_BODY_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      redactText(key, secrets),
      redactValue(item, secrets, depth + 1),
    ]),
  );
}

const CAUSE_FIELDS = ['code', 'errno', 'syscall', 'hostname', 'address', 'port'] as const;

/**
 * A stand-in for an error thrown by `fetch` or ky that keeps what helps diagnose a failed
 * connection (name, message, `code`, `syscall`, address, and the same of its causes) and nothing
 * else. The originals can hold the `Request`, whose headers carry the bearer token and whose body
 * carries the password on `/auth/token`.
 *
 * @internal
 */
export function redactCause(error: unknown, secrets: ReadonlyArray<string>, depth = 0): Error {
  const source =
    typeof error === 'object' && error !== null
      ? (error as Record<string, unknown>)
      : { message: String(error) };
  const message = typeof source.message === 'string' ? source.message : String(error);
  const nested =
    depth < 3 && source.cause !== undefined
      ? { cause: redactCause(source.cause, secrets, depth + 1) }
      : undefined;
  const copy = new Error(redactText(message, secrets), nested);
  if (typeof source.name === 'string') copy.name = source.name;
  for (const field of CAUSE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') {
      Object.defineProperty(copy, field, {
        value: typeof value === 'string' ? redactText(value, secrets) : value,
        enumerable: true,
      });
    }
  }
  // The original stack names frames of ky and undici but may hold the message: keep ours only.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/**
 * `finance@merchant.example` -> `fi***@merchant.example`: enough to tell accounts apart in a log,
 * not the whole address.
 *
 * @internal
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

const MAX_DEPTH = 8;

/**
 * A copy of an error thrown by code the client calls (a token store), with every secret removed
 * from its message, stack, own properties (enumerable or not), `cause` and `errors`, to any depth.
 * Errors stay errors with their `name`; plain objects and arrays are copied; class instances
 * (a socket, a `Request`) and binary data become a short description.
 *
 * @internal
 */
export function scrubError(error: unknown, secrets: ReadonlyArray<string>): unknown {
  return scrub(error, secrets, 0, new Map());
}

function scrub(
  value: unknown,
  secrets: ReadonlyArray<string>,
  depth: number,
  seen: Map<object, unknown>,
): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'function') return '[function]';
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return seen.get(value);
  if (depth > MAX_DEPTH) return '[too deep]';
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (value instanceof Error)
    return scrubOwn(value, copyOfError(value, secrets), secrets, depth, seen);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(scrub(item, secrets, depth + 1, seen));
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return `[${(value.constructor as { name?: unknown } | undefined)?.name || 'object'}]`;
  }
  return scrubOwn(value, {}, secrets, depth, seen);
}

function copyOfError(error: Error, secrets: ReadonlyArray<string>): Error {
  const message = redactText(String(error.message), secrets);
  const copy =
    error instanceof AggregateError ? new AggregateError([], message) : new Error(message);
  copy.name = redactText(String(error.name), secrets);
  copy.stack = typeof error.stack === 'string' ? redactText(error.stack, secrets) : copy.name;
  return copy;
}

// Copies own data properties, scrubbed, with their enumerability; getters are not called.
function scrubOwn<T extends object>(
  source: object,
  copy: T,
  secrets: ReadonlyArray<string>,
  depth: number,
  seen: Map<object, unknown>,
): T {
  seen.set(source, copy);
  const isError = copy instanceof Error;
  for (const key of Reflect.ownKeys(source)) {
    if (isError && (key === 'message' || key === 'stack' || key === 'name')) continue;
    const descriptor = Object.getOwnPropertyDescriptor(source, key);
    if (descriptor === undefined || !('value' in descriptor)) continue;
    Object.defineProperty(copy, typeof key === 'string' ? redactText(key, secrets) : key, {
      value: scrub(descriptor.value, secrets, depth + 1, seen),
      enumerable: descriptor.enumerable ?? false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
