import { CURRENCY_REQUIRED_FIELDS, type Currency, toCents } from 'pix-payment-sdk';
import { HttpError, isRecord, own } from '../http.js';
import { isObjectId } from '../ids.js';
import type { DepositRecord, ServiceState, WithdrawalRecord } from '../state.js';

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
 * The body's `currency` when it is whole (service document 2.2: an object with every field the
 * list returned; `supplierFeeByActivity` may be left out, as in the withdrawal example), else 400.
 *
 * @internal
 */
export function wholeCurrency(body: Record<string, unknown>): Record<string, unknown> {
  const sent = own(body, 'currency');
  if (!isRecord(sent)) throw new HttpError(400, 'currency must be the whole currency object');
  const missing = CURRENCY_REQUIRED_FIELDS.filter((field) => own(sent, field) === undefined);
  if (missing.length > 0) throw new HttpError(400, `currency is missing ${missing.join(', ')}`);
  return sent;
}

/**
 * The listed currency `sent` is: every required field equal, and `supplierFeeByActivity`, if
 * sent, equal too. 400 when it is none of `listed` (a deposit currency sent to a withdrawal, say).
 *
 * @internal
 */
export function listedCurrency(
  sent: Record<string, unknown>,
  listed: ReadonlyArray<Currency>,
): Currency {
  const match = listed.find(
    (currency) =>
      CURRENCY_REQUIRED_FIELDS.every((field) => own(sent, field) === currency[field]) &&
      (own(sent, 'supplierFeeByActivity') === undefined ||
        sameFees(own(sent, 'supplierFeeByActivity'), currency.supplierFeeByActivity)),
  );
  if (!match) {
    throw new HttpError(400, 'currency is not one of the currencies listed for this operation');
  }
  return match;
}

/**
 * The withdrawal of a path parameter, or 404 (an id that is not 24 hex characters included).
 *
 * @internal
 */
export function withdrawalOr404(state: ServiceState, id: string | undefined): WithdrawalRecord {
  const record = id !== undefined && isObjectId(id) ? state.withdrawals.get(id) : undefined;
  if (!record) throw new HttpError(404, 'withdrawal not found');
  return record;
}

/**
 * The deposit of a path parameter, or 404.
 *
 * @internal
 */
export function depositOr404(state: ServiceState, id: string | undefined): DepositRecord {
  const record = id !== undefined && isObjectId(id) ? state.deposits.get(id) : undefined;
  if (!record) throw new HttpError(404, 'deposit not found');
  return record;
}

/**
 * Body of the details operations (per the provider's public docs).
 *
 * @internal
 */
export function detailsOf(
  state: ServiceState,
  record: WithdrawalRecord | DepositRecord,
): Record<string, unknown> {
  const customer = state.customers.get(record.customerId);
  return {
    _id: record._id,
    customerId: record.customerId,
    ...(record.externalId !== undefined ? { externalId: record.externalId } : {}),
    ...(customer ? { document: customer.document } : {}),
    ...(record.identifiedDocumentPix !== undefined
      ? { identifiedDocumentPix: record.identifiedDocumentPix }
      : {}),
    currency: {
      name: record.currency.name,
      type: record.currency.type,
      amount: record.amountCents / 100,
      status: record.status,
    },
  };
}
