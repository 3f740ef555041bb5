import { toCents } from 'pix-payment-sdk';
import { HttpError, type ServiceAnswer } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import type { AccountState } from '../state/accounts.js';
import { maskKey } from '../state/pix-keys.js';
import type { TransactionKind, TransactionRecord } from '../state/transactions.js';

/**
 * What a repeated `externalId` with another body gets: `'reject'` (409 naming the fields that
 * differ) or `'replay'` (the first transaction again, whatever the body says).
 *
 * @internal
 */
export type IdempotencyMismatch = 'reject' | 'replay';

/**
 * The values of `idempotencyMismatch`, the first the default.
 *
 * @internal
 */
export const IDEMPOTENCY_MISMATCH_MODES: ReadonlyArray<IdempotencyMismatch> = ['reject', 'replay'];

// How deep `canonical` writes a value out; below, a nested array or object compares by its kind
// alone (nothing that identifies a payment is nested that deep, and a body nested thousands of
// levels must not exhaust the stack).
const MAX_DEPTH = 16;

// JSON with the keys of every object sorted, so that two bodies that differ only in key order
// compare equal.
function canonical(value: unknown, depth = 0): string {
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return '[…]';
    return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  }
  if (isRecord(value)) {
    if (depth >= MAX_DEPTH) return '{…}';
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

// One field of a body as it identifies the transaction: the amount as exact cents (1 and 1.00
// are the same amount), the currency by its `_id` (its bookkeeping fields may be sent or not), a
// Pix key by its `_id` and type and the key it stands for (sent masked or whole), anything else
// as canonical JSON.
function identity(state: AccountState, name: string, value: unknown): string {
  if (name === 'amount' && typeof value === 'number') {
    try {
      return `cents:${toCents(value)}`;
    } catch {
      return canonical(value);
    }
  }
  if (name === 'currency' && isRecord(value)) return `currency:${canonical(own(value, '_id'))}`;
  if (name === 'pixKey' && isRecord(value)) {
    const id = own(value, '_id');
    const key = own(value, 'key');
    const stored = typeof id === 'string' ? state.pixKeys.get(id) : undefined;
    const unmasked = stored && (key === stored.key || key === maskKey(stored)) ? stored.key : key;
    return canonical({ _id: id, type: own(value, 'type'), key: unmasked });
  }
  return canonical(value);
}

/**
 * What identifies a create request: each field of its body but `externalId`, as it compares
 * (see {@link sameRequest}).
 *
 * @internal
 */
export function requestIdentity(
  state: AccountState,
  body: Record<string, unknown>,
): ReadonlyMap<string, string> {
  const fields = new Map<string, string>();
  for (const name of Object.keys(body).sort()) {
    if (name !== 'externalId') fields.set(name, identity(state, name, own(body, name)));
  }
  return fields;
}

// The names of the fields that differ, as the reason shows them: the body's own names are the
// sender's to choose, so a few, each cut short, and how many more.
function fieldList(names: ReadonlyArray<string>): string {
  const shown = names
    .slice(0, MAX_NAMES_SHOWN)
    .map((name) => (name.length > MAX_NAME_SHOWN ? `${name.slice(0, MAX_NAME_SHOWN)}...` : name));
  const more = names.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more fields` : ''}`;
}

const MAX_NAMES_SHOWN = 5;
const MAX_NAME_SHOWN = 32;

/**
 * The answer to a create request whose `externalId` names an existing transaction: that
 * transaction again (`answer`) when the body identifies the same payment, or under the
 * `'replay'` setting; otherwise 409, the reason naming the fields that differ and the first
 * transaction. Nothing is created or changed either way.
 *
 * @internal
 */
export function repeatAnswer(
  state: AccountState,
  kind: TransactionKind,
  first: TransactionRecord,
  body: Record<string, unknown>,
  answer: (record: TransactionRecord) => ServiceAnswer,
): ServiceAnswer {
  if (state.idempotencyMismatch === 'replay') return answer(first);
  const now = requestIdentity(state, body);
  const names = new Set([...first.request.keys(), ...now.keys()]);
  const differing = [...names].filter((name) => first.request.get(name) !== now.get(name)).sort();
  if (differing.length === 0) return answer(first);
  throw new HttpError(
    409,
    `another ${fieldList(differing)} than the ${kind} ${first._id} this externalId was first sent with: repeat the first body to get it back, or send a new externalId for a new ${kind}`,
  );
}
