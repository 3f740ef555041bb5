import { formatCents } from 'pix-payment-sdk';
import { HttpError, json, type ServiceAnswer } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import type { Resolvers } from '../route.js';
import { ledgerCurrencyOf } from '../state/ledger.js';
import type { TransactionRecord } from '../state/transactions.js';
import { createCryptoWithdrawal } from './crypto.js';
import { customerOr404 } from './customers.js';
import { repeatAnswer, requestIdentity } from './repeats.js';
import {
  amountCents,
  CREATED,
  externalIdOf,
  INSUFFICIENT_BALANCE,
  listedCurrency,
  registeredPixKey,
  sentCurrency,
  sentPixKey,
  stringField,
} from './shared.js';

export { CREATED, INSUFFICIENT_BALANCE } from './shared.js';

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
    // first withdrawal again (with its current status) and creates nothing; a repeat that asks
    // for another payout is refused (repeats.ts).
    const first =
      externalId === undefined
        ? undefined
        : state.transactions.withExternalId('withdrawal', externalId);
    if (first) return repeatAnswer(state, 'withdrawal', first, body, created);

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
      request: requestIdentity(state, body),
    });
    return created(record);
  },
};

// The 201 answer of a withdrawal, for its first request and for every repeat of its externalId.
function created(record: TransactionRecord): ServiceAnswer {
  return json(201, { message: CREATED, status: record.status, _id: record._id });
}
