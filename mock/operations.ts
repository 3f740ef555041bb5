import type { OperationId } from './state.js';

/**
 * The operations `mock.auth.denyAction()` can deny: every operation that needs a token (the token
 * endpoint needs none, so denying it would do nothing). A record, so that the compiler rejects a
 * name missing from, or foreign to, `OperationId`.
 */
const DENIABLE: Record<Exclude<OperationId, 'getToken'>, true> = {
  addPixKey: true,
  listPixKeys: true,
  removePixKey: true,
  listWithdrawalCurrencies: true,
  createWithdrawal: true,
  getWithdrawal: true,
  resendWithdrawalWebhook: true,
  listDepositCurrencies: true,
  createDeposit: true,
  getDeposit: true,
  resendDepositWebhook: true,
  createCustomer: true,
  getCustomer: true,
};

/**
 * The names `denyAction` accepts, in the service document's order.
 *
 * @internal
 */
export const DENIABLE_OPERATIONS: ReadonlyArray<OperationId> = Object.freeze(
  Object.keys(DENIABLE) as OperationId[],
);

/**
 * Why `name` cannot be denied, listing the valid names; `undefined` when it can.
 *
 * @internal
 */
export function refuseOperation(name: unknown): string | undefined {
  if (typeof name === 'string' && Object.hasOwn(DENIABLE, name)) return undefined;
  const why =
    name === 'getToken'
      ? 'getToken needs no token, so it cannot be denied'
      : `unknown operation ${JSON.stringify(name)}`;
  return `${why}; valid operations: ${DENIABLE_OPERATIONS.join(', ')}`;
}
