/**
 * The faithful in-memory Pix payment service, for tests: `createPaymentServiceMock` (through MSW's
 * `mock.handlers`, `mock.fetch`, or real HTTP) and `startMockServer`.
 *
 * @module pix-payment-sdk/mock
 */
export {
  type ConformanceCheck,
  type ConformanceObservation,
  type ConformanceOptions,
  type ConformanceReport,
  type ConformanceSkip,
  runConformance,
} from './conformance/index.js';
export { createPaymentServiceMock, startMockServer } from './create.js';
export {
  type CreateOpenApiDocumentOptions,
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiMethod,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiPathItem,
  type OpenApiRequestBody,
  type OpenApiResponse,
  type OpenApiSchema,
} from './openapi/document.js';
export { connectMockServer } from './remote/connect.js';
export { MockServerError, type MockServerErrorCode } from './remote/errors.js';
export { type MockRefusalCode, MockRefusalError } from './service/control-refusal.js';
export { InvalidFaultError } from './service/faults.js';
export {
  type TestWebhookDelivery,
  type TestWebhookDeliveryOptions,
  testWebhookDeliveries,
} from './service/webhooks.js';
export type * from './types/index.js';
