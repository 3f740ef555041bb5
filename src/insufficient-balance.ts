import { isPaymentApiError } from './errors/index.js';

// The provider names the refusal ("saldo insuficiente") without publishing its status or its exact
// text, so the message is read loosely: any case, accents and spacing, Portuguese or English.
const INSUFFICIENT = /\bsaldo\s+insuficiente\b|\binsufficient\s+(?:balance|funds)\b/;

/**
 * Whether `error` is the service's refusal of a withdrawal above the available balance ("saldo
 * insuficiente"). The provider publishes neither the status nor the exact text of that refusal,
 * so this reads the service's message (`serviceMessage`) of any {@link PaymentApiError}, whatever
 * its status, in any case, with or without accents. Nothing was paid and nothing is held: top up
 * the balance (or pay less) and send the withdrawal again with the same `externalId`. Read the
 * balance beforehand with `brlBalance(await client.company.getBalance())` to avoid the refusal.
 *
 * @example
 * ```ts
 * try {
 *   await client.withdrawals.create(body);
 * } catch (error) {
 *   if (isInsufficientBalance(error)) return { retryLater: true, reason: 'balance' };
 *   throw error;
 * }
 * ```
 */
export function isInsufficientBalance(error: unknown): boolean {
  if (!isPaymentApiError(error) || typeof error.serviceMessage !== 'string') return false;
  const text = error.serviceMessage.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return INSUFFICIENT.test(text);
}
