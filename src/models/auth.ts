import * as z from 'zod/mini';
import { schema } from './shared.js';

/**
 * Body of `POST /auth/token`: the company's credentials.
 *
 * @example
 * ```ts
 * const body: TokenRequest = { email: 'finance@merchant.example', password: process.env.PAYMENT_PASSWORD! };
 * ```
 */
export const TokenRequest = /* @__PURE__ */ schema(() =>
  z.object({
    /** The company account's e-mail. */
    email: z.string(),
    /** The company account's password. */
    password: z.string(),
  }),
);
/** Body of `POST /auth/token`. */
export interface TokenRequest extends z.infer<typeof TokenRequest> {}

/**
 * Answer of `POST /auth/token`: `{ token }`, a JWT to send as `Authorization: Bearer <token>`.
 * Per the provider's public docs it is valid for 15 days and there is no refresh endpoint.
 *
 * @example
 * ```ts
 * const { token } = TokenResponse.parse(await response.json());
 * ```
 */
export const TokenResponse = /* @__PURE__ */ schema(() =>
  z.looseObject({
    /** The JWT to send as `Authorization: Bearer <token>`. */
    token: z.string().check(z.minLength(1)),
  }),
);
/** Answer of `POST /auth/token`. */
export interface TokenResponse extends z.infer<typeof TokenResponse> {}
