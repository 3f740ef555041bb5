// What the control routes answer about the mock's state: `GET /__mock/state`, the accounts and
// the faults in force, as plain JSON.
import type { AccountState } from '../service/state/accounts.js';
import type { ServiceState } from '../service/state/service-state.js';

/**
 * A summary of the mock's state, for `GET /__mock/state`: the service's, and one account's (the
 * main account's unless `?account=` names another).
 *
 * @internal
 */
export function stateSummary(
  state: ServiceState,
  account: AccountState = state.main,
): Record<string, unknown> {
  return {
    baseUrl: state.baseUrl,
    credentials: account.credentials,
    companyId: state.companyId,
    account: account.id,
    subAccount: account.isSubAccount,
    accounts: state.accounts.all().map(accountSummary),
    seededCustomerId: account.seededCustomerId ?? null,
    strict: state.strict,
    idempotencyMismatch: account.idempotencyMismatch,
    now: state.nowIso(),
    clockFrozen: state.clock.frozen,
    webhookUrl: account.webhookUrl,
    allowedIps: state.auth.allowedIps,
    callerIp: state.auth.callerIp,
    deniedActions: [...account.deniedActions],
    balances: account.ledger.answer(),
    balanceIps: account.balanceIps,
    withdrawalIps: account.withdrawalIps,
    partner: account.partner,
    counts: {
      customers: account.customers.size,
      pixKeys: account.pixKeys.size,
      withdrawals: account.transactions.size('withdrawal'),
      deposits: account.transactions.size('deposit'),
      requests: state.journal.size,
      deliveries: state.webhooks.deliveries.length,
    },
    faults: faultList(state),
  };
}

/**
 * The faults in force as `GET /__mock/faults` lists them: `remaining` is `'Infinity'` for a
 * permanent one (JSON has no Infinity), a RegExp path is `{ pattern }`.
 *
 * @internal
 */
export function faultList(state: ServiceState): Array<Record<string, unknown>> {
  return state.faults.list().map(({ id, spec, hits, remaining }) => ({
    id,
    hits,
    remaining: Number.isFinite(remaining) ? remaining : 'Infinity',
    method: spec.method,
    path: spec.path instanceof RegExp ? { pattern: spec.path.source } : spec.path,
    pathPattern: spec.pathPattern,
    status: spec.status,
    phase: spec.phase,
  }));
}

/**
 * An account as `GET /__mock/accounts` lists it (its login included: a test needs it).
 *
 * @internal
 */
export function accountSummary(account: AccountState): Record<string, unknown> {
  return {
    _id: account.id,
    name: account.name,
    subAccount: account.isSubAccount,
    ...(account.parentId !== undefined ? { parentId: account.parentId } : {}),
    credentials: account.credentials,
  };
}
