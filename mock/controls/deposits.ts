// The deposits' controls of one account: those every transaction has, and the customer's side
// (paying a deposit, disputing it).
import type { AccountState } from '../service/state/accounts.js';
import { disputeDeposit } from '../service/state/disputes.js';
import { payDeposit } from '../service/state/payments.js';
import type { ServiceState } from '../service/state/service-state.js';
import type { DepositControls, TransactionControls } from '../types/controls.js';
import type { MockDeposit } from '../types/records.js';

/**
 * The deposit controls of the account `of()` returns, over `base` (settle, get, list); `track`
 * counts each call while it runs, named after `prefix` (the `Track` of ./account.ts).
 *
 * @internal
 */
export function depositControls(
  state: ServiceState,
  of: () => AccountState,
  base: TransactionControls<MockDeposit>,
  track: <T>(name: string, promise: Promise<T>) => Promise<T>,
  prefix: string,
): DepositControls {
  return {
    ...base,
    pay: (codeOrId) =>
      track(`${prefix}.deposits.pay()`, payDeposit(of, state.accounts.all(), codeOrId)),
    dispute: (id, options) =>
      track(`${prefix}.deposits.dispute()`, disputeDeposit(of, id, options, state.timeline)),
  };
}
