/**
 * The client of the Pix payment service: `PaymentClient`, its models, builders, Pix key
 * validation, money helpers and typed errors.
 *
 * The sections follow the client: {@link PaymentClient} and its options, then one section per
 * resource (`client.withdrawals` and the others: the class and its methods, the request and answer
 * types, helpers, and the zod schemas that check them), the models they share, and the errors.
 *
 * @module pix-payment-sdk
 */
export { type BrCode, brCodeCrc16, MAX_BR_CODE_LENGTH, parseBrCode } from './br-code.js';
export {
  buildDeposit,
  buildWithdrawal,
  type DepositForCustomerIdInput,
  type DepositForNewCustomerInput,
  type DepositInput,
  selectCurrency,
  type WithdrawalInput,
} from './builders.js';
export { PaymentClient, type PaymentClientOptions } from './client.js';
export type { LogEvent, LogFields, Logger } from './core/logger.js';
export type {
  HookCall,
  HookCallEndEvent,
  HookRequestEvent,
  HookResponseEvent,
  PaymentHooks,
  RawResponse,
} from './core/observe.js';
export type { RetryBackoff } from './core/retry.js';
export {
  type CachedToken,
  InMemoryTokenStore,
  type TokenStore,
  type TokenStoreLock,
  tokenAccount,
} from './core/tokens.js';
export type { FetchLike, RequestOptions } from './core/transport.js';
export type { WithdrawalLimits } from './core/withdrawal-limit.js';
export {
  buildCryptoDeposit,
  buildCryptoWithdrawal,
  buildWalletWithdrawal,
  type CryptoDepositInput,
  type CryptoWithdrawalInput,
  type WalletWithdrawalInput,
} from './crypto-builders.js';
export {
  BadRequestError,
  ConflictError,
  createApiError,
  InternalServerError,
  isOutcomeUncertain,
  isPaymentApiError,
  isPaymentApiErrorWithStatus,
  isPaymentConnectionError,
  isPaymentError,
  isPaymentLoginError,
  isPaymentResponseError,
  isPaymentTimeoutError,
  isPaymentValidationError,
  isPixKeyConflictError,
  isWithdrawalLimitError,
  NotFoundError,
  PaymentApiError,
  type PaymentApiErrorInit,
  PaymentConnectionError,
  PaymentError,
  type PaymentErrorOptions,
  type PaymentIssue,
  PaymentLoginError,
  type PaymentOutcome,
  PaymentResponseError,
  type PaymentResponseErrorInit,
  PaymentTimeoutError,
  PaymentValidationError,
  PixKeyConflictError,
  type PixKeyConflictErrorInit,
  type PixKeyConflictReason,
  RateLimitError,
  RedirectError,
  type RedirectErrorInit,
  type RequestFacts,
  UnauthorizedError,
  WithdrawalLimitError,
  type WithdrawalLimitErrorInit,
} from './errors/index.js';
export { isInsufficientBalance } from './insufficient-balance.js';
export * from './models/index.js';
export {
  type AmountInput,
  amountToCents,
  centsToAmount,
  formatCents,
  MAX_AMOUNT_CENTS,
  normalizeAmount,
  toCents,
} from './money.js';
export {
  type OpenTelemetrySpan,
  type OpenTelemetryTracer,
  openTelemetryHooks,
  type SpanAttributeValue,
} from './opentelemetry.js';
export { Company } from './resources/company.js';
export type {
  DepositQuoteInput,
  WalletQuoteInput,
  WithdrawalQuoteInput,
} from './resources/crypto.js';
export { Customers } from './resources/customers.js';
export { Deposits } from './resources/deposits.js';
export { type EnsurePixKeyOptions, PixKeys } from './resources/pix-keys.js';
export { parseWebhookPayload } from './resources/webhooks.js';
export { type CreateWithdrawalOptions, Withdrawals } from './resources/withdrawals.js';
export {
  formatMicros,
  MAX_USDT_MICROS,
  microsToAmount,
  normalizeUsdt,
  parseRateText,
  toMicros,
  type UsdtAmountInput,
} from './usdt.js';
export {
  assertValidPixKey,
  type InvalidPixKey,
  isValidCnpj,
  isValidCpf,
  type PixKeyValidation,
  type ValidPixKey,
  validatePixKey,
} from './validation.js';
export { VERSION } from './version.js';
export { toChecksumAddress, validateWalletAddress, type WalletNetwork } from './wallet-address.js';
export {
  type FastifyWebhookReply,
  type FastifyWebhookRequest,
  type NodeWebhookListener,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  nodeSenderAddress,
  toFastifyHandler,
  toNodeListener,
  type WebRequestHandler,
} from './webhook-adapters.js';
export {
  type ConfirmedWebhookEvent,
  createWebhookHandler,
  PROVIDER_WEBHOOK_ADDRESS,
  type WebhookFailureReason,
  type WebhookHandler,
  type WebhookHandlerClient,
  type WebhookHandlerOptions,
  type WebhookRequestContext,
} from './webhook-handler.js';
export {
  type ExpiredWebhookClaim,
  InMemoryWebhookStore,
  type InMemoryWebhookStoreOptions,
  type WebhookClaim,
  type WebhookEventKey,
  type WebhookEventStore,
} from './webhook-store.js';
