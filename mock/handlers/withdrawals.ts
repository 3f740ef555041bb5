import { HttpError, isRecord, json, own } from '../http.js';
import { isObjectId } from '../ids.js';
import type { Route } from '../route.js';
import { maskKey } from '../state.js';
import { customerOr404 } from './customers.js';
import {
  amountCents,
  detailsOf,
  externalIdOf,
  listedCurrency,
  stringField,
  wholeCurrency,
  withdrawalOr404,
} from './shared.js';

// Per the provider's public docs.
const CREATED = 'Solicitação de Saque realizada com sucesso';
const RESENT = 'Webhook de saque reenviado com sucesso';

/**
 * `GET /withdraw/company/currencies` and `POST /withdraw/{id}/resend/webhook` (service
 * document), `POST /withdraw` and `GET /withdraw/{id}/details` (per the provider's public docs).
 *
 * @internal
 */
export const withdrawalRoutes: ReadonlyArray<Route> = [
  {
    method: 'GET',
    path: '/withdraw/company/currencies',
    operation: 'listWithdrawalCurrencies',
    auth: true,
    body: false,
    handle({ state }) {
      return json(200, state.withdrawalCurrencies());
    },
  },
  {
    method: 'POST',
    path: '/withdraw',
    operation: 'createWithdrawal',
    auth: true,
    body: true,
    handle({ state, body }) {
      if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
      const externalId = externalIdOf(body);
      // Per the provider's public docs, a repeated externalId is ignored: the mock answers the
      // first withdrawal again (with its current status) and creates nothing.
      const firstId =
        externalId === undefined ? undefined : state.withdrawalsByExternalId.get(externalId);
      const first = firstId === undefined ? undefined : state.withdrawals.get(firstId);
      if (first) return json(201, { message: CREATED, status: first.status, _id: first._id });

      const cents = amountCents(body);
      const customerId = stringField(body, 'customerId');
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
      const sentCurrency = wholeCurrency(body);
      const customer = customerOr404(state, customerId);
      const currency = listedCurrency(sentCurrency, state.withdrawalCurrencies());
      const stored = isObjectId(sentKey._id) ? state.pixKeys.get(sentKey._id) : undefined;
      if (
        !stored ||
        stored.customerId !== customer._id ||
        stored.type !== sentKey.type ||
        (sentKey.key !== stored.key && sentKey.key !== maskKey(stored))
      ) {
        throw new HttpError(400, 'pixKey is not a key registered to this customer');
      }
      const record = state.insertWithdrawal({
        customerId: customer._id,
        externalId,
        amountCents: cents,
        currency,
        pixKey: { key: stored.key, type: stored.type, _id: stored._id },
        identifiedDocumentPix: undefined,
      });
      return json(201, { message: CREATED, status: record.status, _id: record._id });
    },
  },
  {
    method: 'GET',
    path: '/withdraw/:id/details',
    operation: 'getWithdrawal',
    auth: true,
    body: false,
    handle({ state, params }) {
      return json(200, detailsOf(state, withdrawalOr404(state, params.id)));
    },
  },
  {
    method: 'POST',
    path: '/withdraw/:id/resend/webhook',
    operation: 'resendWithdrawalWebhook',
    auth: true,
    body: false,
    handle({ state, params }) {
      const record = withdrawalOr404(state, params.id);
      // Answers at once; the delivery runs in the background (mock.webhooks.flush() awaits it).
      void state.webhooks.deliver(state.webhookPayload(record, 'WITHDRAW'), 'resend');
      return json(200, { message: RESENT });
    },
  },
];
