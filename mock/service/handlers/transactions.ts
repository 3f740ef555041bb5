import { frozenJson, HttpError, json } from '../answers.js';
import { isObjectId } from '../ids.js';
import type { Resolver, Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import type { TransactionKind, TransactionRecord } from '../state/transactions.js';
import { cryptoDetailsOf } from './crypto.js';

// Per the provider's public docs.
const RESENT: Readonly<Record<TransactionKind, string>> = {
  withdrawal: 'Webhook de saque reenviado com sucesso',
  deposit: 'Webhook de depósito reenviado com sucesso',
};

/**
 * The transaction of a path parameter, or 404: an id that is not 24 hex characters, an unknown
 * id, and the id of the other kind (a deposit's id given to a withdrawal route) alike.
 *
 * @internal
 */
export function transactionOr404(
  state: AccountState,
  kind: TransactionKind,
  id: string | undefined,
): TransactionRecord {
  const record = id !== undefined && isObjectId(id) ? state.transactions.get(kind, id) : undefined;
  if (!record) throw new HttpError(404, `${kind} not found`);
  return record;
}

/**
 * Body of the details operations (per the provider's public docs), the same for both kinds.
 *
 * @internal
 */
export function detailsOf(state: AccountState, record: TransactionRecord): Record<string, unknown> {
  const customer = state.customers.get(record.customerId);
  return {
    _id: record._id,
    customerId: record.customerId,
    ...(record.externalId !== undefined ? { externalId: record.externalId } : {}),
    ...(customer ? { document: customer.document } : {}),
    ...(record.identifiedDocumentPix !== undefined
      ? { identifiedDocumentPix: record.identifiedDocumentPix }
      : {}),
    ...(record.currency !== undefined
      ? {
          currency: {
            name: record.currency.name,
            type: record.currency.type,
            amount: record.amountCents / 100,
            status: record.status,
          },
        }
      : {}),
    ...(record.crypto !== undefined ? { cryptocurrency: cryptoDetailsOf(record) } : {}),
  };
}

function shared(
  kind: TransactionKind,
): Readonly<Record<'listCurrencies' | 'get' | 'resend', Resolver>> {
  return {
    // The lists are frozen: encoded once, not on every request.
    listCurrencies: ({ state }) => frozenJson(200, state.currenciesOf(kind)),
    get: ({ state, params }) =>
      json(200, detailsOf(state, transactionOr404(state, kind, params.id))),
    resend({ state, params }) {
      const record = transactionOr404(state, kind, params.id);
      // Answers at once; the delivery runs in the background (mock.webhooks.flush() awaits it).
      void state.webhooks.deliver(state.transactions.payload(record), 'resend');
      return json(200, { message: RESENT[kind] });
    },
  };
}

const withdrawal = shared('withdrawal');
const deposit = shared('deposit');

/**
 * What withdrawals and deposits share, one resolver parameterised by kind: the currency lists
 * (service document), the details and the webhook resends (`GET /withdraw/{id}/details`,
 * `GET /deposit/{id}/details` and `POST /deposit/{id}/resend/webhook` per the provider's public
 * docs; `POST /withdraw/{id}/resend/webhook` in the service document).
 *
 * @internal
 */
export const transactionResolvers: Pick<
  Resolvers,
  | 'withdrawals.listCurrencies'
  | 'withdrawals.get'
  | 'withdrawals.resendWebhook'
  | 'deposits.listCurrencies'
  | 'deposits.get'
  | 'deposits.resendWebhook'
> = {
  'withdrawals.listCurrencies': withdrawal.listCurrencies,
  'withdrawals.get': withdrawal.get,
  'withdrawals.resendWebhook': withdrawal.resend,
  'deposits.listCurrencies': deposit.listCurrencies,
  'deposits.get': deposit.get,
  'deposits.resendWebhook': deposit.resend,
};
