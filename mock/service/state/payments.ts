// The customer's side of a deposit: paying it, by the BR Code the customer scanned or by its id.
import { MAX_BR_CODE_LENGTH, PaymentValidationError, parseBrCode } from 'pix-payment-sdk';
import type { MockPayment } from '../../types/deposits.js';
import type { MockDeposit } from '../../types/records.js';
import { MockRefusalError, quoted } from '../control-refusal.js';
import type { AccountState } from './accounts.js';
import type { TransactionRecord } from './transactions.js';

// The statuses under which a deposit still waits for its payment.
const PAYABLE = new Set(['WAITING_PAYMENT', 'PENDING', 'PROCESSING']);

/**
 * The deposit of `account` that `codeOrId` names: its id, or the BR Code it was issued with
 * (surrounding white space ignored, as a pasted code may carry it). A {@link MockRefusalError}
 * otherwise, saying whether the text is no BR Code, a code this mock never issued or one of
 * another of `accounts`.
 *
 * @internal
 */
export function depositFor(
  account: AccountState,
  accounts: ReadonlyArray<AccountState>,
  codeOrId: unknown,
): TransactionRecord {
  if (typeof codeOrId !== 'string' || codeOrId === '') {
    throw new MockRefusalError(
      'unknown-deposit',
      `deposits.pay(codeOrId): a deposit's id or its BR Code (a non-empty string), got ${typeof codeOrId === 'string' ? 'an empty string' : typeof codeOrId}`,
    );
  }
  const byId = account.transactions.get('deposit', codeOrId);
  if (byId) return byId;
  const code = codeOrId.trim();
  // Neither a withdrawal's id nor any other id starts as every BR Code does.
  if (!code.startsWith('000201')) {
    const withdrawal = account.transactions.get('withdrawal', codeOrId);
    throw new MockRefusalError(
      'unknown-deposit',
      withdrawal
        ? `${quoted(codeOrId)} is a withdrawal's id: only a deposit can be paid`
        : `no deposit with id ${quoted(codeOrId)}, and it is no BR Code (a BR Code starts with 000201)`,
    );
  }
  if (code.length > MAX_BR_CODE_LENGTH) {
    throw new MockRefusalError(
      'not-a-pix-code',
      `a BR Code has at most ${MAX_BR_CODE_LENGTH} characters, this text has ${code.length}`,
    );
  }
  try {
    parseBrCode(code);
  } catch (error) {
    if (!(error instanceof PaymentValidationError)) throw error;
    throw new MockRefusalError('not-a-pix-code', `not a valid Pix BR Code: ${error.message}`);
  }
  const issued = (owner: AccountState) =>
    owner.transactions.all('deposit').find((record) => record.code === code);
  const own = issued(account);
  if (own) return own;
  const owner = accounts.find((other) => other !== account && issued(other) !== undefined);
  if (owner) {
    throw new MockRefusalError(
      'other-account',
      `this BR Code is a deposit of account ${JSON.stringify(owner.id)}: pay it through mock.account(${JSON.stringify(owner.id)}).deposits.pay() (or ?account= over HTTP)`,
    );
  }
  throw new MockRefusalError(
    'unknown-code',
    'a valid Pix BR Code that this mock never issued: pay the code of a deposit created on this mock (its `code`)',
  );
}

/**
 * Pays the deposit `codeOrId` names, of the account `of()` gives, as its customer would: it becomes `PAID`, its amount is
 * credited and its webhook sent, as settling it `PAID` does. A {@link MockRefusalError} (and
 * nothing changed) for a code or id naming no deposit of the account, or a deposit no longer
 * waiting for its payment. The deposit is paid before the first `await`, so a second payment,
 * even one started at the same time, is refused.
 *
 * @internal
 */
export async function payDeposit(
  of: () => AccountState,
  accounts: ReadonlyArray<AccountState>,
  codeOrId: unknown,
): Promise<MockPayment> {
  // Read here, so that an account gone (a sub-account after a reset) rejects rather than throws.
  const account = of();
  const record = depositFor(account, accounts, codeOrId);
  if (record.disputeHold !== undefined || !PAYABLE.has(record.status)) {
    throw new MockRefusalError(
      'not-payable',
      `deposit ${JSON.stringify(record._id)} is ${record.status}, no longer waiting for its payment: only a deposit in ${[...PAYABLE].join(', ')} can be paid`,
    );
  }
  const { transactions } = account;
  const delivery = await transactions.settle('deposit', record._id, 'PAID');
  return { deposit: transactions.view(record) as MockDeposit, delivery };
}
