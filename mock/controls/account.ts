// The controls of one account (`mock.account(id)`, and the main account's own controls on the
// mock): each reads its account afresh, so the main account's controls follow it through reset().

import { shown, UnknownIdError } from '../service/control-refusal.js';
import { createSubAccount } from '../service/handlers/company.js';
import { createCustomerDirect } from '../service/handlers/customers.js';
import { deniableOperation, type OperationAlias, type OperationId } from '../service/operations.js';
import type { AccountState } from '../service/state/accounts.js';
import { LedgerArea } from '../service/state/ledger.js';
import type { ServiceState } from '../service/state/service-state.js';
import type { TransactionKind } from '../service/state/transactions.js';
import type {
  CompanyControls,
  MockAccount,
  MockBalance,
  MockSubAccount,
  TransactionControls,
} from '../types/controls.js';
import type { MockDeposit, MockWithdrawal } from '../types/records.js';
import { ipList } from './checks.js';
import { depositControls } from './deposits.js';

/**
 * The id `name` stands for when an account's token can be denied it; a `RangeError` listing the
 * valid ids otherwise.
 *
 * @internal
 */
export function deniable(method: string, name: OperationId | OperationAlias): OperationId {
  const answer = deniableOperation(name);
  if ('refused' in answer) throw new RangeError(`auth.${method}: ${answer.refused}`);
  return answer.id;
}

/** The most names one `PUT /__mock/auth/denied-actions` may list. */
const MAX_DENIED = 1000;

/**
 * The ids a whole list of denied operations stands for (`PUT /__mock/auth/denied-actions`), each
 * checked as {@link deniable} checks one; a `TypeError` or `RangeError` before anything changes.
 *
 * @internal
 */
export function deniedList(actions: unknown): Set<OperationId> {
  if (!Array.isArray(actions) || actions.length > MAX_DENIED) {
    throw new TypeError(
      `auth.denyAction: actions must be an array of at most ${MAX_DENIED} operation ids (area.method)`,
    );
  }
  return new Set(actions.map((action) => deniable('denyAction', action)));
}

function subAccountsOf(state: ServiceState, parent: AccountState): MockSubAccount[] {
  return state.accounts
    .all()
    .filter((account) => account.parentId === parent.id)
    .map((account) => Object.freeze({ _id: account.id, credentials: account.credentials }));
}

/**
 * The company controls of the account `of()` returns.
 *
 * @internal
 */
export function companyControls(state: ServiceState, of: () => AccountState): CompanyControls {
  return {
    setBalance: (balances) => of().ledger.set(LedgerArea.check(balances, 'company.setBalance')),
    balances: () => of().ledger.answer() as MockBalance[],
    createSubAccount: (input) => createSubAccount(state, of(), input),
    get subAccounts() {
      return subAccountsOf(state, of());
    },
    allowBalanceIps(ips) {
      of().balanceIps = ipList('company.allowBalanceIps', ips);
    },
    get balanceIps() {
      return [...of().balanceIps];
    },
    allowWithdrawalIps(ips) {
      of().withdrawalIps = ipList('company.allowWithdrawalIps', ips);
    },
    get withdrawalIps() {
      return [...of().withdrawalIps];
    },
    get partner() {
      return of().partner;
    },
    setPartner(partner) {
      const account = of();
      if (typeof partner !== 'boolean') {
        throw new TypeError('company.setPartner(partner): partner must be a boolean');
      }
      if (account.isSubAccount) {
        throw new TypeError('company.setPartner(partner): a sub-account cannot be a partner');
      }
      account.partner = partner;
    },
  };
}

/**
 * Hands back the promise of a control named `name` (`mock.withdrawals.settle()`), counted while it
 * runs, so that `mock.reset()` can tell one that was not awaited.
 *
 * @internal
 */
export type Track = <T>(name: string, promise: Promise<T>) => Promise<T>;

/**
 * Every control of the account `of()` returns (it throws when the account is gone); `prefix`
 * names them in `track`'s calls.
 *
 * @internal
 */
export function accountControls(
  state: ServiceState,
  of: () => AccountState,
  track: Track = (_name, promise) => promise,
  prefix = 'mock',
): MockAccount {
  // The view's shape follows the record's kind, so each kind's controls show their own type.
  const transactions = <View extends MockWithdrawal | MockDeposit>(
    kind: TransactionKind,
  ): TransactionControls<View> => ({
    settle: (id, status, settleOptions) =>
      track(
        `${prefix}.${kind}s.settle()`,
        of().transactions.settle(kind, id, status, settleOptions),
      ),
    get(id) {
      const { transactions: area } = of();
      const record = area.get(kind, id);
      return record ? (area.view(record) as View) : undefined;
    },
    list: () => {
      const { transactions: area } = of();
      return area.all(kind).map((record) => area.view(record) as View);
    },
  });

  return {
    get id() {
      return of().id;
    },
    get isSubAccount() {
      return of().isSubAccount;
    },
    get credentials() {
      return of().credentials;
    },
    customers: {
      create: (input) => createCustomerDirect(of(), input),
      get(id) {
        const { customers } = of();
        const record = customers.get(id);
        return record ? customers.view(record) : undefined;
      },
      list: () => {
        const { customers } = of();
        return customers.all().map((record) => customers.view(record));
      },
      get seeded() {
        const { customers, seededCustomerId } = of();
        const record = seededCustomerId === undefined ? undefined : customers.get(seededCustomerId);
        if (record === undefined) {
          throw new Error(
            'a sub-account starts without customers: create one with customers.create()',
          );
        }
        return customers.view(record);
      },
    },
    pixKeys: {
      list: (customerId) => {
        const { pixKeys } = of();
        return pixKeys.all(customerId).map((record) => pixKeys.view(record));
      },
    },
    withdrawals: transactions<MockWithdrawal>('withdrawal'),
    deposits: depositControls(state, of, transactions<MockDeposit>('deposit'), track, prefix),
    webhooks: {
      setUrl(url) {
        of().webhookUrl = state.webhooks.check(url);
      },
      get url() {
        return of().webhookUrl;
      },
      get deliveries() {
        const { id } = of();
        return state.webhooks.deliveries.filter((delivery) => delivery.account === id);
      },
    },
    company: companyControls(state, of),
    auth: {
      denyAction: (operation) => void of().deniedActions.add(deniable('denyAction', operation)),
      allowAction: (operation) =>
        void of().deniedActions.delete(deniable('allowAction', operation)),
      issueToken: () => track(`${prefix}.auth.issueToken()`, state.auth.issueToken(of().id)),
    },
  };
}

/**
 * The account with `id` (the main account without one), or a `RangeError`.
 *
 * @internal
 */
export function accountOf(state: ServiceState, id: string | undefined): AccountState {
  if (id === undefined) return state.main;
  const account = typeof id === 'string' ? state.accounts.get(id) : undefined;
  if (account === undefined) {
    throw new UnknownIdError(
      `no account with id ${shown(id)} (sub-accounts are gone after reset())`,
    );
  }
  return account;
}
