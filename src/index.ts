export {
  buildDeposit,
  buildWithdrawal,
  type DepositInput,
  selectCurrency,
  type WithdrawalInput,
} from './builders.js';
export {
  BadRequestError,
  createApiError,
  InternalServerError,
  isPaymentApiError,
  isPaymentApiErrorWithStatus,
  isPaymentConnectionError,
  isPaymentError,
  isPaymentResponseError,
  isPaymentTimeoutError,
  isPaymentValidationError,
  NotFoundError,
  PaymentApiError,
  type PaymentApiErrorInit,
  PaymentConnectionError,
  PaymentError,
  type PaymentIssue,
  PaymentResponseError,
  type PaymentResponseErrorInit,
  PaymentTimeoutError,
  PaymentValidationError,
  RateLimitError,
  type RequestFacts,
  UnauthorizedError,
} from './errors.js';
export * from './models/index.js';
export { type AmountInput, centsToAmount, formatCents, normalizeAmount, toCents } from './money.js';
export {
  assertValidPixKey,
  type InvalidPixKey,
  isValidCnpj,
  isValidCpf,
  type PixKeyValidation,
  type ValidPixKey,
  validatePixKey,
} from './validation.js';
