const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of a secret in a string.
 *
 * @internal
 */
export function redactText(text: string, secrets: ReadonlyArray<string>): string {
  let result = text;
  for (const secret of secrets) if (secret !== '') result = result.split(secret).join(REDACTED);
  return result;
}

/**
 * A deep copy of a parsed body with every secret removed from its strings, keys included. Bodies
 * come from `JSON.parse` or are plain text, so plain objects, arrays and primitives are all there is.
 *
 * @internal
 */
export function redactValue(value: unknown, secrets: ReadonlyArray<string>): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        redactText(key, secrets),
        redactValue(item, secrets),
      ]),
    );
  }
  return value;
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
