import { parseWith } from '../core/parse.js';
import { PaymentValidationError } from '../errors/index.js';
import { WebhookPayload } from '../models/webhooks.js';

/**
 * Checks the body of a webhook delivery (per the provider's public docs) and returns it typed.
 * Takes the parsed JSON object, the raw text, or the raw bytes (a `Buffer` from `express.raw()`, a
 * `Uint8Array`, read as UTF-8). Unknown fields are kept and unknown statuses accepted; deliveries
 * for USDT operations and conversions, which have no `type`, parse too (see
 * {@link isCryptoTransaction}).
 * Deliveries are not signed: accept them only from the provider's sending address, and confirm the
 * status with `client.withdrawals.get(id)` or `client.deposits.get(id)` before acting on it.
 *
 * @throws {@link PaymentValidationError} when the body is not JSON, breaks the payload's shape, or
 * is none of an object, a string or bytes (`issues` then says what was received, for example
 * `undefined` when no body parser ran); `issues` says where.
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
  if (typeof body === 'string' || body instanceof Uint8Array) {
    value = jsonOf(body);
  } else if (!isPlainObject(body)) {
    throw new PaymentValidationError(
      [
        {
          path: [],
          message: `expected a JSON object, its text, or its bytes (Buffer or Uint8Array); received ${received(body)}`,
        },
      ],
      'Invalid webhook payload',
    );
  }
  const parsed = parseWith(WebhookPayload, value);
  if (!parsed.ok) throw new PaymentValidationError(parsed.issues, 'Invalid webhook payload');
  // `type` is a string or absent: one of the two variants.
  return parsed.value as WebhookPayload;
}

// The raw body as text (a string) or bytes (a Buffer from express.raw, a Uint8Array), parsed.
function jsonOf(body: string | Uint8Array): unknown {
  try {
    const text =
      typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    return JSON.parse(text);
  } catch {
    throw new PaymentValidationError(
      [{ path: [], message: 'is not JSON' }],
      'Invalid webhook payload',
    );
  }
}

// A parsed JSON object: a plain object (of any realm, as under Jest), not an array, a stream, a
// Request or an ArrayBuffer handed over by mistake.
function isPlainObject(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  const prototype: unknown = Object.getPrototypeOf(body);
  return (
    prototype === null ||
    (prototype as { constructor?: { name?: unknown } }).constructor?.name === 'Object'
  );
}

// What arrived instead of a body: its kind only, never its content.
function received(body: unknown): string {
  if (body === undefined) return 'undefined (is a body parser installed?)';
  if (body === null) return 'null';
  if (Array.isArray(body)) return 'array';
  if (typeof body === 'object') return body.constructor?.name ?? 'object';
  return typeof body;
}
