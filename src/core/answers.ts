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
import type { ResponseName, ResultOf } from '../seam/operations.js';

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
 * The schema the client parses each answer of the table of operations with, by the name the
 * table gives it: the exported schema of that name, except the login's, read more strictly.
 * The type makes a name the table uses and this map lacks, or a schema of another output type, a
 * compile error.
 *
 * @internal
 */
export const ANSWERS: {
  readonly [Name in ResponseName]: z.ZodMiniType<ResultOf<{ response: Name }>>;
} = {
  TokenResponse: LoginAnswer,
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
};
