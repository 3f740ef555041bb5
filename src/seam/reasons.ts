/**
 * The reason phrase of each error status the service answers with. The client names an error
 * whose body has no `message` by them; the mock's table of phrases (`REASONS`) adds those of the
 * statuses only it answers with to these.
 *
 * @internal
 */
export const REASON_PHRASES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
} as const satisfies Readonly<Record<number, string>>;

/**
 * The response header in which the mock says why it refused a request. The body stays the
 * service's own `{ message }` (the conformance command compares bodies with the real service);
 * the client appends this header's text to its error message (`PaymentApiError.reason`):
 * docs/decisions/mock-reason-header.md.
 *
 * @internal
 */
export const REASON_HEADER = 'x-mock-reason';
