export * from './auth.js';
export * from './currencies.js';
export * from './customers.js';
export * from './deposits.js';
export * from './pix-keys.js';
export { MessageResult } from './shared.js';
export * from './transactions.js';
export * from './webhooks.js';
export * from './withdrawals.js';
