// The request an error belongs to: the facts it is built from and the fields it keeps of them.

/** Facts about the HTTP request an error belongs to. */
export interface RequestFacts {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path relative to the client's `baseUrl`, with parameters already encoded. */
  readonly path: string;
  /** The full URL: origin, the `baseUrl`'s path and `path`; a query is never kept. */
  readonly url?: string | undefined;
  /** Attempts made, the first included (retries and a resend after a new login count). @default 1 */
  readonly attempts?: number | undefined;
}

/**
 * The request fields of an error about a request, declared once: {@link PaymentApiError},
 * {@link PaymentConnectionError} and {@link PaymentTimeoutError} carry them all,
 * {@link PaymentResponseError} all but `attempts`, {@link PaymentLoginError} `method` and `path`.
 *
 * @internal
 */
export interface RequestContext {
  /** HTTP method of the request, upper case. */
  readonly method: string;
  /** Path of the request relative to the client's `baseUrl`, parameters encoded. */
  readonly path: string;
  /** The full URL of the request (no query), when known. */
  readonly url: string | undefined;
  /** Attempts made before this error was thrown, the first included. */
  readonly attempts: number;
}

const ALL_FIELDS = ['method', 'path', 'url', 'attempts'] as const;

/**
 * Sets the request fields `fields` of an error from the facts it is built from, in the order of
 * {@link RequestContext}: an error's own properties keep that order in JSON and inspect output.
 *
 * @internal
 */
export function setRequestFields(
  error: object,
  facts: RequestFacts,
  fields: ReadonlyArray<keyof RequestContext> = ALL_FIELDS,
): void {
  for (const field of fields) {
    (error as Record<string, unknown>)[field] =
      field === 'attempts' ? (facts.attempts ?? 1) : facts[field];
  }
}

/**
 * How every message about a request ends: where it went (the full URL, never a query, which may
 * hold a secret), how many attempts were made, what the server said was wrong, and what to check.
 *
 * @internal
 */
export function located(facts: RequestFacts, reason?: string, hint?: string): string {
  const attempts = facts.attempts ?? 1;
  return `${facts.method} ${(facts.url ?? facts.path).replace(/[?#].*/s, '')}${attempts > 1 ? ` after ${attempts} attempts` : ''}${reason ? ` (${reason})` : ''}${hint ? `. ${hint}` : ''}`;
}
