// Every error the SDK throws, by concern: the base and its outcome (base.ts, outcome.ts), the
// request an error belongs to (request.ts), the service's error statuses (service.ts), no answer
// (network.ts), the failed login (login.ts), refused input (validation.ts), an unusable answer
// (response.ts) and an unproven Pix key (pix-keys.ts).
export {
  isOutcomeUncertain,
  isPaymentError,
  PaymentError,
  type PaymentErrorOptions,
} from './base.js';
export {
  isPaymentLoginError,
  PaymentLoginError,
} from './login.js';
export {
  isPaymentConnectionError,
  isPaymentTimeoutError,
  PaymentConnectionError,
  PaymentTimeoutError,
} from './network.js';
export type { PaymentOutcome } from './outcome.js';
export {
  isPixKeyConflictError,
  PixKeyConflictError,
  type PixKeyConflictErrorInit,
  type PixKeyConflictReason,
} from './pix-keys.js';
export type { RequestFacts } from './request.js';
export {
  isPaymentResponseError,
  PaymentResponseError,
  type PaymentResponseErrorInit,
} from './response.js';
export {
  BadRequestError,
  ConflictError,
  createApiError,
  InternalServerError,
  isPaymentApiError,
  isPaymentApiErrorWithStatus,
  NotFoundError,
  PaymentApiError,
  type PaymentApiErrorInit,
  RateLimitError,
  RedirectError,
  type RedirectErrorInit,
  UnauthorizedError,
} from './service.js';
export {
  isPaymentValidationError,
  isWithdrawalLimitError,
  type PaymentIssue,
  PaymentValidationError,
  WithdrawalLimitError,
  type WithdrawalLimitErrorInit,
} from './validation.js';
