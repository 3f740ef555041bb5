// Whether the service may have acted on a request, and what an error's message advises then.
import type { RequestFacts } from './request.js';

/**
 * What the service did with the request an error belongs to, as far as the client can know:
 *
 * - `'not-sent'`: nothing of the call reached the service (input refused, the login it needed
 *   failed, a connection that was never opened). Repeating it is safe.
 * - `'refused'`: the service (or a proxy in front of it) answered that it did not act: a 3xx or a
 *   4xx.
 * - `'unknown'`: the request may have reached the service and been acted on, and no usable answer
 *   came: a connection lost after sending, a timeout, a 5xx, a 2xx that is not the service's JSON.
 *   Repeat with the same `externalId`, never a new one.
 * - `'acted'`: the service answered success (a 2xx) that the client could not use: it acted.
 *
 * @example
 * ```ts
 * if (isPaymentError(error) && error.outcome === 'refused') markPayoutFailed(order);
 * ```
 */
export type PaymentOutcome = 'not-sent' | 'refused' | 'unknown' | 'acted';

// POSTs that change nothing (a balance, quotes): a lost answer to one changed nothing.
const READS =
  /^\/(?:balance\/company|deposit\/conversion\/tether|withdraw\/conversion\/brl\/pix|withdraw\/transaction\/crypto\/amount)$/;

// What a message adds when the service may have acted on a request, or did: what that means for
// the operation and what to do. Creates with an `externalId` are made single by repeating it.
function outcomeNote(outcome: PaymentOutcome, facts: RequestFacts): string | undefined {
  const { method, path } = facts;
  // The login is the client's own: a call it failed for says "not sent", its note would mislead.
  if ((outcome !== 'unknown' && outcome !== 'acted') || path === '/auth/token') return undefined;
  const create = method === 'POST' && (path === '/withdraw' || path === '/deposit');
  if (outcome === 'acted') {
    return create
      ? 'The service answered success, so it acted: never send it again with a new externalId'
      : undefined;
  }
  if (method === 'GET' || (method === 'POST' && READS.test(path)))
    return 'Outcome unknown: this call changes nothing, repeating it is safe';
  if (create) return 'The service may have created it: repeat with the same externalId';
  if (method === 'POST' && /^\/pix\/customer\/[^/]+\/key$/.test(path))
    return 'The service may have registered the key: pixKeys.ensure finds it';
  if (method === 'POST' && path === '/customer')
    return 'The service may have created the customer: customers.create again answers the one on file';
  return 'The service may have acted on it: check before repeating';
}

/** A message and, where the service may have acted, what that means. @internal */
export function withNote(message: string, outcome: PaymentOutcome, facts: RequestFacts): string {
  const note = outcomeNote(outcome, facts);
  return note ? `${message}. ${note}` : message;
}
