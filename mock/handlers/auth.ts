import { HttpError, isRecord, json, own } from '../http.js';
import type { Resolvers } from '../route.js';

/**
 * `POST /auth/token`: the company's email and password give 200 `{ token }`, an HS256 JWT with
 * `sub` (the company id), `iat`, `exp` (on the mock clock; 15 days by default, per the provider's
 * public docs) and `jti`. Wrong credentials give 401 (per the provider's public docs); a body
 * without both fields as non-empty strings gives 400 (the mock's choice).
 *
 * @internal
 */
export const authResolvers: Pick<Resolvers, 'auth.getToken'> = {
  async 'auth.getToken'({ state, body }) {
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const email = own(body, 'email');
    const password = own(body, 'password');
    if (typeof email !== 'string' || typeof password !== 'string' || !email || !password) {
      throw new HttpError(400, 'email and password are required strings');
    }
    const { credentials } = state;
    if (email !== credentials.email || password !== credentials.password) {
      throw new HttpError(401, 'wrong email or password');
    }
    return json(200, { token: await state.auth.issueToken() });
  },
};
