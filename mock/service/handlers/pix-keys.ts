import { type KnownPixKeyType, PIX_KEY_TYPES, validatePixKey } from 'pix-payment-sdk';
import { HttpError, json } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import { isObjectId } from '../ids.js';
import type { Resolvers } from '../route.js';
import { customerOr404 } from './customers.js';

const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/**
 * `POST` and `GET /pix/customer/{customerId}/key` (`CLIENT_ID` in the service document), and (per
 * the provider's public docs) `DELETE /pix/customer/{customerId}/key/remove/{keyId}`.
 *
 * Add, in this order (section 7 of the service document; the order is the mock's choice):
 * 400 when the body is not `{ key: string, type: string }`, the type is unknown or the key is
 * malformed for its type; 404 when the customer is unknown; 404 when a CPF-typed key has the
 * shape of a CPF but wrong check digits; 404 when the key is already registered anywhere in the
 * company (a Pix key is unique, like in the Banco Central directory).
 *
 * @internal
 */
export const pixKeyResolvers: Pick<Resolvers, 'pixKeys.add' | 'pixKeys.list' | 'pixKeys.remove'> = {
  'pixKeys.add'({ state, params, body }) {
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const key = own(body, 'key');
    const type = own(body, 'type');
    if (typeof key !== 'string' || typeof type !== 'string') {
      throw new HttpError(400, 'key and type are required strings');
    }
    if (!(PIX_KEY_TYPES as ReadonlyArray<string>).includes(type)) {
      throw new HttpError(400, `unknown key type ${JSON.stringify(type.slice(0, 40))}`);
    }
    const checked = validatePixKey({ type, key });
    const cpfCheckDigitsWrong = !checked.valid && type === 'CPF' && CPF_SHAPE.test(key.trim());
    if (!checked.valid && !cpfCheckDigitsWrong) throw new HttpError(400, checked.reason);
    const customer = customerOr404(state, params.customerId);
    if (!checked.valid) throw new HttpError(404, 'the key does not correspond to a valid CPF');
    if (state.pixKeys.isRegistered(checked.key)) {
      throw new HttpError(404, 'the Pix key is already registered');
    }
    const record = state.pixKeys.insert(customer._id, type as KnownPixKeyType, checked.key);
    return json(201, {
      // Per the provider's public docs.
      message: 'Chave Pix adicionada com sucesso',
      key: state.pixKeys.shown(record),
    });
  },
  'pixKeys.list'({ state, params }) {
    const customer = customerOr404(state, params.customerId);
    return json(
      200,
      state.pixKeys.all(customer._id).map((record) => state.pixKeys.shown(record)),
    );
  },
  'pixKeys.remove'({ state, params }) {
    const customer = customerOr404(state, params.customerId);
    const keyId = params.keyId ?? '';
    const record = isObjectId(keyId) ? state.pixKeys.get(keyId) : undefined;
    if (!record || record.customerId !== customer._id) {
      throw new HttpError(404, 'Pix key not found for this customer');
    }
    state.pixKeys.delete(record._id);
    // Per the provider's public docs: 201, not 200.
    return json(201, { message: 'Chave Pix removida com sucesso' });
  },
};
