import { parseWith } from '../core/parse.js';
import { PaymentValidationError } from '../errors.js';
import { WebhookPayload } from '../models/webhooks.js';

/**
 * Checks the body of a webhook delivery (per the provider's public docs) and returns it typed.
 * Takes the parsed JSON or the raw text. Unknown fields are kept and unknown statuses accepted;
 * deliveries for USDT operations and conversions, which have no `type`, parse too (see
 * {@link isCryptoTransaction}).
 * Deliveries are not signed: accept them only from the provider's sending address, and confirm the
 * status with `client.withdrawals.get(id)` or `client.deposits.get(id)` before acting on it.
 *
 * @throws {@link PaymentValidationError} when the body is not JSON or breaks the payload's shape;
 * `issues` says where.
 *
 * @example
 * ```ts
 * app.post('/webhooks/pix', async (req, res) => {
 *   res.sendStatus(200); // the service wants 200 at once
 *   const payload = parseWebhookPayload(req.body);
 *   const details = payload.operation === 'WITHDRAW'
 *     ? await client.withdrawals.get(payload.id)
 *     : await client.deposits.get(payload.id);
 *   if (isCryptoTransaction(details)) return; // a USDT operation, not a Pix one
 *   await updateOrder(payload.externalId, details.currency.status);
 * });
 * ```
 */
export function parseWebhookPayload(body: unknown): WebhookPayload {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new PaymentValidationError(
        [{ path: [], message: 'is not JSON' }],
        'Invalid webhook payload',
      );
    }
  }
  const parsed = parseWith(WebhookPayload, value);
  if (!parsed.ok) throw new PaymentValidationError(parsed.issues, 'Invalid webhook payload');
  // `type` is a string or absent: one of the two variants.
  return parsed.value as WebhookPayload;
}
