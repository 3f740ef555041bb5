import { HttpError, isRecord, json } from '../http.js';
import type { Route } from '../route.js';
import { customerOr404 } from './customers.js';
import {
  amountCents,
  depositOr404,
  detailsOf,
  externalIdOf,
  listedCurrency,
  stringField,
  wholeCurrency,
} from './shared.js';

// Per the provider's public docs.
const CREATED = 'Pix Gerado com Sucesso';
const RESENT = 'Webhook de depósito reenviado com sucesso';

/**
 * `GET /deposit/company/currencies` (service document), `POST /deposit`,
 * `GET /deposit/{id}/details` and `POST /deposit/{id}/resend/webhook` (per the provider's public
 * docs). Deposits are not idempotent by `externalId`: nothing published says they are.
 *
 * @internal
 */
export const depositRoutes: ReadonlyArray<Route> = [
  {
    method: 'GET',
    path: '/deposit/company/currencies',
    operation: 'listDepositCurrencies',
    auth: true,
    body: false,
    handle({ state }) {
      return json(200, state.depositCurrencies());
    },
  },
  {
    method: 'POST',
    path: '/deposit',
    operation: 'createDeposit',
    auth: true,
    body: true,
    handle({ state, body }) {
      if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
      const externalId = externalIdOf(body);
      const cents = amountCents(body);
      const customerId = stringField(body, 'customerId');
      const sentCurrency = wholeCurrency(body);
      const customer = customerOr404(state, customerId);
      const currency = listedCurrency(sentCurrency, state.depositCurrencies());
      const record = state.insertDeposit({
        customerId: customer._id,
        externalId,
        amountCents: cents,
        currency,
        identifiedDocumentPix: undefined,
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
  },
  {
    method: 'GET',
    path: '/deposit/:id/details',
    operation: 'getDeposit',
    auth: true,
    body: false,
    handle({ state, params }) {
      return json(200, detailsOf(state, depositOr404(state, params.id)));
    },
  },
  {
    method: 'POST',
    path: '/deposit/:id/resend/webhook',
    operation: 'resendDepositWebhook',
    auth: true,
    body: false,
    handle({ state, params }) {
      const record = depositOr404(state, params.id);
      void state.webhooks.deliver(state.webhookPayload(record, 'DEPOSIT'), 'resend');
      return json(200, { message: RESENT });
    },
  },
];
