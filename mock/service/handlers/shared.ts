import { CURRENCY_REQUIRED_FIELDS, type Currency, toCents } from 'pix-payment-sdk';
import { HttpError } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import { isObjectId } from '../ids.js';
import type { AccountState } from '../state/accounts.js';
import { maskKey, type PixKeyRecord } from '../state/pix-keys.js';

/**
 * Integer cents of a body's `amount`: a positive JSON number with at most two decimals, else 400.
 *
 * @internal
 */
export function amountCents(body: Record<string, unknown>): number {
  const amount = own(body, 'amount');
  if (typeof amount !== 'number') throw new HttpError(400, 'amount must be a number');
  try {
    return toCents(amount);
  } catch {
    throw new HttpError(400, 'amount must be positive with at most two decimals');
  }
}

/**
 * The optional `externalId`: absent, or a non-empty string of at most 256 characters, else 400.
 *
 * @internal
 */
export function externalIdOf(body: Record<string, unknown>): string | undefined {
  const externalId = own(body, 'externalId');
  if (externalId === undefined) return undefined;
  if (typeof externalId !== 'string' || externalId === '' || externalId.length > 256) {
    throw new HttpError(400, 'externalId must be a non-empty string of at most 256 characters');
  }
  return externalId;
}

/**
 * A required string field, else 400.
 *
 * @internal
 */
export function stringField(body: Record<string, unknown>, name: string): string {
  const value = own(body, name);
  if (typeof value !== 'string' || value === '')
    throw new HttpError(400, `${name} must be a string`);
  return value;
}

function sameFees(sent: unknown, stored: Currency['supplierFeeByActivity']): boolean {
  if (!isRecord(sent) || stored === undefined) return false;
  const sentKeys = Object.keys(sent).sort();
  const storedKeys = Object.keys(stored).sort();
  if (sentKeys.join('\u0000') !== storedKeys.join('\u0000')) return false;
  return storedKeys.every((activity) => {
    const fee = own(sent, activity);
    const expected = stored[activity];
    return (
      isRecord(fee) &&
      expected !== undefined &&
      own(fee, 'type') === expected.type &&
      own(fee, 'value') === expected.value
    );
  });
}

/**
 * The fields that identify a currency sent in a withdrawal or a deposit. Per the provider's public
 * docs (withdrawal and deposit pages), `createdDate`, `updatedDate` and `__v` are not required,
 * and its example succeeds without them.
 *
 * @internal
 */
export const CURRENCY_IDENTITY_FIELDS = ['_id', 'name', 'type', 'symbol'] as const;

/**
 * The body's `currency`, else 400: an object carrying at least `_id`, `name`, `type` and `symbol`
 * (per the provider's public docs), or, when `strict`, every field the list returned (service
 * document 2.2: send it whole). `supplierFeeByActivity` may be left out either way, as in the
 * service document's withdrawal example.
 *
 * @internal
 */
export function sentCurrency(
  body: Record<string, unknown>,
  strict: boolean,
): Record<string, unknown> {
  const sent = own(body, 'currency');
  if (!isRecord(sent)) throw new HttpError(400, 'currency must be the currency object');
  const required = strict ? CURRENCY_REQUIRED_FIELDS : CURRENCY_IDENTITY_FIELDS;
  const missing = required.filter((field) => own(sent, field) === undefined);
  if (missing.length > 0) {
    throw new HttpError(
      400,
      `currency is missing ${missing.join(', ')}${strict ? ' (strict: the whole object)' : ''}`,
    );
  }
  return sent;
}

/**
 * The listed currency `sent` is: its identity fields equal, and each other field it carries
 * (`createdDate`, `updatedDate`, `__v`, `supplierFeeByActivity`) equal too, so an edited or stale
 * object is refused even when the bookkeeping fields are optional. 400 when it is none of `listed`
 * (a deposit currency sent to a withdrawal, say).
 *
 * @internal
 */
export function listedCurrency(
  sent: Record<string, unknown>,
  listed: ReadonlyArray<Currency>,
): Currency {
  const match = listed.find(
    (currency) =>
      CURRENCY_REQUIRED_FIELDS.every((field) => {
        const value = own(sent, field);
        return (
          value === currency[field] ||
          (value === undefined &&
            !(CURRENCY_IDENTITY_FIELDS as ReadonlyArray<string>).includes(field))
        );
      }) &&
      (own(sent, 'supplierFeeByActivity') === undefined ||
        sameFees(own(sent, 'supplierFeeByActivity'), currency.supplierFeeByActivity)),
  );
  if (!match) {
    throw new HttpError(400, 'currency is not one of the currencies listed for this operation');
  }
  return match;
}

/**
 * The 201 message of every withdrawal (per the provider's public docs).
 *
 * @internal
 */
export const CREATED = 'Solicitação de Saque realizada com sucesso';

/**
 * The answer to a withdrawal above the available balance. The provider names the error ("saldo
 * insuficiente") without publishing its status or text: 400 and this message are the mock's
 * choice.
 *
 * @internal
 */
export const INSUFFICIENT_BALANCE = 'Saldo insuficiente';

/**
 * The body's `pixKey`, else 400: an object with string `key`, `type` and `_id`.
 *
 * @internal
 */
export function sentPixKey(body: Record<string, unknown>): {
  key: string;
  type: string;
  _id: string;
} {
  const pixKey = own(body, 'pixKey');
  if (!isRecord(pixKey)) throw new HttpError(400, 'pixKey must be the whole Pix key object');
  const sentKey = {
    key: own(pixKey, 'key'),
    type: own(pixKey, 'type'),
    _id: own(pixKey, '_id'),
  };
  if (
    typeof sentKey.key !== 'string' ||
    typeof sentKey.type !== 'string' ||
    typeof sentKey._id !== 'string'
  ) {
    throw new HttpError(400, 'pixKey must carry key, type and _id');
  }
  return sentKey as { key: string; type: string; _id: string };
}

/**
 * The stored key `sent` names, else 400: registered to `customerId`, of the same type, with its
 * value or its masked form.
 *
 * @internal
 */
export function registeredPixKey(
  state: AccountState,
  customerId: string,
  sent: { key: string; type: string; _id: string },
): PixKeyRecord {
  const stored = isObjectId(sent._id) ? state.pixKeys.get(sent._id) : undefined;
  if (
    !stored ||
    stored.customerId !== customerId ||
    stored.type !== sent.type ||
    (sent.key !== stored.key && sent.key !== maskKey(stored))
  ) {
    throw new HttpError(400, 'pixKey is not a key registered to this customer');
  }
  return stored;
}
