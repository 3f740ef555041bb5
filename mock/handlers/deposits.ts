import { HttpError, isRecord, json } from '../http.js';
import type { Resolvers } from '../route.js';
import { customerOr404 } from './customers.js';
import { amountCents, externalIdOf, listedCurrency, sentCurrency, stringField } from './shared.js';

// Per the provider's public docs.
const CREATED = 'Pix Gerado com Sucesso';

/**
 * `POST /deposit` (per the provider's public docs); what deposits share with withdrawals is in
 * `transactions.ts`. Deposits are not idempotent by `externalId`: nothing published says they are.
 *
 * @internal
 */
export const depositResolvers: Pick<Resolvers, 'deposits.create'> = {
  'deposits.create'({ state, body }) {
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const externalId = externalIdOf(body);
    const cents = amountCents(body);
    const customerId = stringField(body, 'customerId');
    const sent = sentCurrency(body, state.strict);
    const customer = customerOr404(state, customerId);
    const currency = listedCurrency(sent, state.currenciesOf('deposit'));
    const record = state.transactions.insert('deposit', {
      customerId: customer._id,
      externalId,
      amountCents: cents,
      currency,
      pixKey: undefined,
    });
    return json(201, {
      message: CREATED,
      data: {
        status: record.status,
        code: record.code,
        id: record._id,
        customerId: customer._id,
      },
    });
  },
};
