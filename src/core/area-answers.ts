import type * as z from 'zod/mini';
import { BalanceList } from '../models/company.js';
import {
  BlockchainNetworkList,
  CryptocurrencyList,
  CustomerWalletList,
  DepositQuote,
  WalletQuote,
  WithdrawalQuote,
} from '../models/crypto.js';
import {
  type AreaAnswer,
  type CallInput,
  type OperationSpec,
  type ResultOf,
  Schema,
} from '../seam/operations.js';
import { type Operation, prepareWith } from './transport.js';

/**
 * The schema the client parses each answer of the crypto rails and the company account with, by
 * the member of `Schema` the table names it by: the exported schema of that name. Imported only
 * by the chunks those areas load on their first call (src/resources/crypto.ts,
 * src/resources/company-calls.ts), so that a Pix-only application carries neither these schemas
 * nor the models and the rate parsing they use. The `satisfies` makes a missing answer, or one
 * with another output type, a compile error, and `test/operations.test.ts` checks that each is
 * the package's export of its name.
 *
 * @internal
 */
export const AREA_ANSWERS = {
  [Schema.CryptocurrencyList]: CryptocurrencyList,
  [Schema.BlockchainNetworkList]: BlockchainNetworkList,
  [Schema.WithdrawalQuote]: WithdrawalQuote,
  [Schema.WalletQuote]: WalletQuote,
  [Schema.DepositQuote]: DepositQuote,
  [Schema.CustomerWalletList]: CustomerWalletList,
  [Schema.BalanceList]: BalanceList,
} as const satisfies {
  readonly [Member in AreaAnswer]: z.ZodMiniType<ResultOf<{ response: Member }>>;
};

/**
 * `prepare` for an entry whose answer is one of {@link AREA_ANSWERS}: what the area's chunk calls
 * its operations with.
 *
 * @internal
 */
export function prepareArea<R extends OperationSpec & { readonly response: AreaAnswer }>(
  route: R,
  input: CallInput<R>,
): Operation<ResultOf<R>> {
  const schema: z.ZodMiniType = AREA_ANSWERS[route.response];
  return prepareWith(route, input, schema as z.ZodMiniType<ResultOf<R>>);
}
