import { HttpError, json } from '../answers.js';
import { isRecord, own } from '../body-fields.js';
import type { Resolvers } from '../route.js';

/**
 * `POST /auth/token`: an account's email and password (the main account's or a sub-account's)
 * give 200 `{ token }`, an HS256 JWT with `sub` (the account id), `iat`, `exp` (on the mock clock; 15 days by default, per the provider's
 * public docs) and `jti`. Wrong credentials give 401 (per the provider's public docs); a body
 * without both fields as non-empty strings gives 400 (the mock's choice).
 *
 * @internal
 */
export const authResolvers: Pick<Resolvers, 'auth.getToken'> = {
  async 'auth.getToken'({ service, body }) {
    if (!isRecord(body)) throw new HttpError(400, 'body must be a JSON object');
    const email = own(body, 'email');
    const password = own(body, 'password');
    if (typeof email !== 'string' || typeof password !== 'string' || !email || !password) {
      throw new HttpError(400, 'email and password are required strings');
    }
    const account = service.accounts.withCredentials(email, password);
    if (account === undefined) throw new HttpError(401, 'wrong email or password');
    return json(200, { token: await service.auth.issueToken(account.id) });
  },
};
