import * as z from 'zod/mini';
import { CurrencyList } from '../models/currencies.js';
import { CreateCustomerResult, Customer } from '../models/customers.js';
import { CreateDepositResult } from '../models/deposits.js';
import { AddPixKeyResult, PixKeyList } from '../models/pix-keys.js';
import { MessageResult, schema } from '../models/shared.js';
import { TransactionDetails } from '../models/transactions.js';
import { CreateWithdrawalResponse } from '../models/withdrawals.js';
import type { AreaAnswer, ResponseSchema, ResultOf } from '../seam/operations.js';

// The client reads the login's answer more strictly than the published `TokenResponse`: the token
// goes into the Authorization header, so one that holds anything but visible ASCII (CR, LF, a
// space) is refused like any other answer that breaks the contract.
const LoginAnswer = /* @__PURE__ */ schema(() =>
  z.looseObject({
    token: z
      .string()
      .check(z.regex(/^[!-~]+$/, 'must be visible ASCII characters only (it is sent in a header)')),
  }),
);

/**
 * The schema the client parses each answer of the Pix calls with, at the index of the member of
 * `Schema` the table names it by (these answers come first in `Schema`): the exported schema of
 * that name, except the login's, read more strictly. An array, so that the bundle carries the
 * schemas alone; the check below makes a missing answer, or one at another member's index with
 * another output type, a compile error, and `test/operations.test.ts` checks that each is the
 * package's export of its name. The answers of the crypto rails and the company account are not
 * here but in `AREA_ANSWERS` (src/core/area-answers.ts), which only their chunks import: a
 * Pix-only application carries neither those schemas nor the models and rate parsing they use.
 *
 * @internal
 */
export const ANSWERS = [
  LoginAnswer,
  AddPixKeyResult,
  PixKeyList,
  MessageResult,
  CurrencyList,
  CreateWithdrawalResponse,
  TransactionDetails,
  CreateDepositResult,
  CreateCustomerResult,
  Customer,
] as const;

/**
 * The members of `Schema` whose schema is in {@link ANSWERS}: the answers of the table but those
 * of the areas loaded on first use.
 *
 * @internal
 */
export type PixAnswer = Exclude<ResponseSchema, AreaAnswer>;

type Misplaced = {
  [Member in PixAnswer]: (typeof ANSWERS)[Member] extends z.ZodMiniType<
    ResultOf<{ response: Member }>
  >
    ? never
    : Member;
}[PixAnswer];
true satisfies [Misplaced] extends [never] ? true : never;
