import { formatCents } from 'pix-payment-sdk';
import { HttpError, isRecord, json, own } from '../http.js';
import { isObjectId } from '../ids.js';
import type { Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import { ledgerCurrencyOf } from '../state/ledger.js';
import { maskKey, type PixKeyRecord } from '../state/pix-keys.js';
import { createCryptoWithdrawal } from './crypto.js';
import { customerOr404 } from './customers.js';
import { amountCents, externalIdOf, listedCurrency, sentCurrency, stringField } from './shared.js';

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
 * `POST /withdraw` (per the provider's public docs); what withdrawals share with deposits is in
 * `transactions.ts`. When the account has a withdrawal IP list, another caller address gets 401
 * (per the provider's sub-account IP page). A new withdrawal holds its amount in the account's
 * ledger; one above the available balance is refused with 400 {@link INSUFFICIENT_BALANCE} and
 * creates nothing. A replay of an `externalId` holds nothing more.
 *
 * @internal
 */
export const withdrawalResolvers: Pick<Resolvers, 'withdrawals.create'> = {
  'withdrawals.create'({ state, service, body, callerIp }) {
    if (state.withdrawalIps.length > 0 && !state.withdrawalIps.includes(callerIp)) {
      throw new HttpError(401, `caller ${callerIp} not in the account's withdrawal IP list`);
    }
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const externalId = externalIdOf(body);
    // Per the provider's public docs, a repeated externalId is ignored: the mock answers the
    // first withdrawal again (with its current status) and creates nothing.
    const first =
      externalId === undefined
        ? undefined
        : state.transactions.withExternalId('withdrawal', externalId);
    if (first) return json(201, { message: CREATED, status: first.status, _id: first._id });

    if (own(body, 'cryptocurrency') !== undefined) {
      return createCryptoWithdrawal(state, service, body, externalId);
    }
    const cents = amountCents(body);
    const customerId = stringField(body, 'customerId');
    const sentKey = sentPixKey(body);
    const sent = sentCurrency(body, state.strict);
    const customer = customerOr404(state, customerId);
    const currency = listedCurrency(sent, state.currenciesOf('withdrawal'));
    const stored = registeredPixKey(state, customer._id, sentKey);
    const ledgerCurrency = ledgerCurrencyOf(currency.name);
    if (ledgerCurrency !== undefined && state.ledger.available(ledgerCurrency) < cents) {
      throw new HttpError(
        400,
        `insufficient balance: ${formatCents(state.ledger.available(ledgerCurrency))} ${ledgerCurrency} available, ${formatCents(cents)} asked`,
        INSUFFICIENT_BALANCE,
      );
    }
    const record = state.transactions.insert('withdrawal', {
      customerId: customer._id,
      externalId,
      amountCents: cents,
      currency,
      pixKey: { key: stored.key, type: stored.type, _id: stored._id },
    });
    return json(201, { message: CREATED, status: record.status, _id: record._id });
  },
};

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
