// The login a call needed failed, so the call was not sent.
import { hasName, PaymentError } from './base.js';
import { type RequestContext, type RequestFacts, setRequestFields } from './request.js';

/**
 * The call was never sent: the login it needed (`POST /auth/token`) failed with no answer, a
 * timeout, 429, 5xx, a redirect or an answer that breaks the contract, on every attempt the call's
 * `maxRetries` allowed. Nothing of the call reached the service, so it did nothing: repeating the
 * call is safe, whatever it is. `method` and `path` name the call; `cause` holds the login's own
 * error (a {@link PaymentConnectionError}, an {@link InternalServerError}…). A wrong password
 * (401 on the login) is not this: it is an {@link UnauthorizedError} with `path: '/auth/token'`,
 * never retried.
 *
 * @example
 * ```ts
 * if (error instanceof PaymentLoginError) scheduleRetryLater(); // nothing was sent
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the request fields are set by setRequestFields (request.ts).
export class PaymentLoginError extends PaymentError {
  /** Always `'PaymentLoginError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentLoginError';

  constructor(facts: RequestFacts, options: { cause: unknown }) {
    const reason = options.cause instanceof Error ? ` (${options.cause.message})` : '';
    super(`Login failed${reason}, request not sent: ${facts.method} ${facts.path}`, options);
    setRequestFields(this, facts, ['method', 'path']);
  }
}

// The request fields, declared once in request.ts.
export interface PaymentLoginError extends Pick<RequestContext, 'method' | 'path'> {}

/**
 * Whether `value` is a {@link PaymentLoginError}: the call was not sent, its login failed.
 *
 * @example
 * ```ts
 * if (isPaymentLoginError(error)) retryLater(); // the service saw nothing of the call
 * ```
 */
export function isPaymentLoginError(value: unknown): value is PaymentLoginError {
  return hasName(value, ['PaymentLoginError']);
}
