import { HttpError, json, type ServiceAnswer } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import type { Resolvers } from '../route.js';
import type { AccountState } from '../state/accounts.js';
import type { CustomerInput, CustomerRecord } from '../state/customers.js';
import type { TransactionRecord } from '../state/transactions.js';
import { onRampLeg } from './crypto.js';
import { checkCustomerInput, customerOr404, newCustomerOf } from './customers.js';
import { repeatAnswer, requestIdentity } from './repeats.js';
import { amountCents, externalIdOf, listedCurrency, sentCurrency, stringField } from './shared.js';

// Per the provider's public docs.
const CREATED = 'Pix Gerado com Sucesso';

// Who the deposit is for, as the body names it: exactly one of `customerId` or `customer`.
type Payer = { readonly customerId: string } | { readonly customer: CustomerInput };

function payerOf(body: Record<string, unknown>): Payer {
  const sent = own(body, 'customer');
  if (sent === undefined) return { customerId: stringField(body, 'customerId') };
  if (own(body, 'customerId') !== undefined) {
    throw new HttpError(400, 'send customerId or customer, not both');
  }
  const customer = checkCustomerInput(sent);
  if (typeof customer === 'string') throw new HttpError(400, `customer: ${customer}`);
  return { customer };
}

// The customer on file (404 when unknown), or the new one's checked input (409 when its name or
// document is taken). Nothing is created here: the caller inserts only once every check passed.
function resolvePayer(state: AccountState, payer: Payer): CustomerRecord | CustomerInput {
  if ('customerId' in payer) return customerOr404(state, payer.customerId);
  const checked = newCustomerOf(state, payer.customer);
  if ('existing' in checked) {
    const field = checked.existing.document === payer.customer.document ? 'document' : 'name';
    throw new HttpError(409, `customer ${field} already belongs to ${checked.existing._id}`);
  }
  return checked.input;
}

/**
 * `POST /deposit` (per the provider's public docs), for a customer on file (`customerId`) or a new
 * one (`customer`, registered with the deposit: 409 when its name or document is already on file);
 * what deposits share with withdrawals is in `transactions.ts`. Like a withdrawal, a deposit with an
 * `externalId` already seen answers the first deposit again and creates nothing (per the
 * provider's public docs, `externalId` is the idempotency key of deposits and withdrawals alike),
 * unless its body asks for another deposit (repeats.ts).
 *
 * @internal
 */
export const depositResolvers: Pick<Resolvers, 'deposits.create'> = {
  'deposits.create'({ state, service, body }) {
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const externalId = externalIdOf(body);
    // The first deposit again, with its current status; no customer is registered either.
    const first =
      externalId === undefined
        ? undefined
        : state.transactions.withExternalId('deposit', externalId);
    if (first) return repeatAnswer(state, 'deposit', first, body, created);
    const cents = amountCents(body);
    const payer = payerOf(body);
    const sent = sentCurrency(body, state.strict);
    const found = resolvePayer(state, payer);
    const currency = listedCurrency(sent, state.currenciesOf('deposit'));
    const crypto = onRampLeg(service, body, cents);
    // Every check has passed: only now is a new customer registered, so a refused deposit leaves none.
    const customer = '_id' in found ? found : state.customers.insert(found);
    const record = state.transactions.insert('deposit', {
      customerId: customer._id,
      externalId,
      amountCents: cents,
      currency,
      pixKey: undefined,
      request: requestIdentity(state, body),
      crypto,
    });
    return created(record);
  },
};

// The 201 answer of a deposit, for its first request and for every repeat of its externalId.
function created(record: TransactionRecord): ServiceAnswer {
  return json(201, {
    message: CREATED,
    data: {
      status: record.status,
      code: record.code,
      id: record._id,
      customerId: record.customerId,
    },
  });
}
