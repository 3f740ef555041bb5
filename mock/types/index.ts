// The public types of pix-payment-sdk/mock, by concern: the controls, the options of a new mock,
// the records it keeps and the HTTP server's options. mock/index.ts re-exports every one of them.
export type { MockClock } from '../service/clock.js';
export type { FaultHandle, FaultSpec } from '../service/faults.js';
export type { OperationAlias, OperationId } from '../service/operations.js';
export type { WebhookDelivery, WebhookOutcome } from '../service/webhooks.js';
export type * from './controls.js';
export type * from './deposits.js';
export type * from './options.js';
export type * from './records.js';
export type * from './remote.js';
export type * from './server.js';
