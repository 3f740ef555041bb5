import * as z from 'zod/mini';
import {
  AddPixKeyResult,
  BalanceList,
  BlockchainNetworkList,
  CreateCustomerResult,
  CreateDepositResult,
  CreateWithdrawalResponse,
  CryptocurrencyList,
  CurrencyList,
  Customer,
  CustomerWalletList,
  DepositQuote,
  MessageResult,
  PixKeyList,
  TransactionDetails,
  WalletQuote,
  WithdrawalQuote,
} from '../models/index.js';
import { schema } from '../models/shared.js';
import type { ResponseSchema, ResultOf } from '../seam/operations.js';

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
 * The schema the client parses each answer of the table of operations with, at the index of the
 * member of `Schema` the table names it by (the answers come first in `Schema`): the exported
 * schema of that name, except the login's, read more strictly. An array, so that the bundle
 * carries the schemas alone; the check below makes a missing answer, or one at another member's
 * index with another output type, a compile error, and `test/operations.test.ts` checks that each
 * is the package's export of its name.
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
  CryptocurrencyList,
  BlockchainNetworkList,
  WithdrawalQuote,
  WalletQuote,
  CreateDepositResult,
  DepositQuote,
  CreateCustomerResult,
  Customer,
  CustomerWalletList,
  BalanceList,
] as const;

type Misplaced = {
  [Member in ResponseSchema]: (typeof ANSWERS)[Member] extends z.ZodMiniType<
    ResultOf<{ response: Member }>
  >
    ? never
    : Member;
}[ResponseSchema];
true satisfies [Misplaced] extends [never] ? true : never;
