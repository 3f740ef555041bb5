// A MED dispute of a paid deposit, run through the provider's dispute statuses with the amount
// held in the account's ledger while it runs.
import type { KnownTransactionStatus } from 'pix-payment-sdk';
import type { MockDispute, MockDisputeOptions, MockDisputeOutcome } from '../../types/deposits.js';
import type { MockDeposit } from '../../types/records.js';
import { checkFields, fieldsOf, isRecord } from '../body-fields.js';
import { MockRefusalError, quoted } from '../control-refusal.js';
import type { WebhookDelivery } from '../webhooks.js';
import type { AccountState } from './accounts.js';
import { ledgerCurrencyOf } from './ledger.js';
import type { Timeline } from './timeline.js';
import type { TransactionRecord } from './transactions.js';

/**
 * The final dispute statuses, the outcomes a dispute can be run to.
 *
 * @internal
 */
export const DISPUTE_OUTCOMES: ReadonlyArray<MockDisputeOutcome> = [
  'REFUND_APPROVED',
  'REFUND_CANCELED',
  'EXPIRED_DISPUTE',
];

// What `dispute()` takes as options: a misspelt one is refused, not ignored.
const DISPUTE_FIELDS = fieldsOf<MockDisputeOptions>()(['outcome', 'stepMs']);

/**
 * The longest step of a dispute on the mock clock: a day of mock time.
 *
 * @internal
 */
export const MAX_DISPUTE_STEP_MS = 24 * 60 * 60 * 1000;

/** The statuses a dispute runs through to `outcome`: no defence was sent when it expired. */
function stepsTo(outcome: MockDisputeOutcome): KnownTransactionStatus[] {
  return outcome === 'EXPIRED_DISPUTE'
    ? ['AWAITING_REFUND_CONTESTION', outcome]
    : ['AWAITING_REFUND_CONTESTION', 'AWAITING_BANK_VEREDICT', outcome];
}

/** Whether `record` is still a deposit of `account`, and `account` still the one `of()` gives. */
function stillThere(
  of: () => AccountState,
  account: AccountState,
  record: TransactionRecord,
): boolean {
  try {
    return of() === account && account.transactions.get('deposit', record._id) === record;
  } catch {
    // A sub-account gone with a reset.
    return false;
  }
}

/**
 * The outcome `options` ask for, or a {@link MockRefusalError}.
 *
 * @internal
 */
export function disputeOutcomeOf(options: unknown): MockDisputeOutcome {
  const outcome =
    isRecord(options) && Object.hasOwn(options, 'outcome') ? options.outcome : undefined;
  if (
    typeof outcome !== 'string' ||
    !(DISPUTE_OUTCOMES as ReadonlyArray<string>).includes(outcome)
  ) {
    throw new MockRefusalError(
      'invalid-outcome',
      `deposits.dispute(id, { outcome }): outcome must be one of ${DISPUTE_OUTCOMES.join(', ')}, got ${typeof outcome === 'string' ? quoted(outcome) : typeof outcome}`,
    );
  }
  return outcome as MockDisputeOutcome;
}

/**
 * The mock-clock time between steps that `options` ask for; `undefined` to run them at once; a
 * {@link MockRefusalError} for a value that is not a whole number of milliseconds up to a day.
 */
function stepMsOf(options: unknown): number | undefined {
  const value = isRecord(options) && Object.hasOwn(options, 'stepMs') ? options.stepMs : undefined;
  if (value === undefined) return undefined;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_DISPUTE_STEP_MS
  ) {
    throw new MockRefusalError(
      'invalid-step',
      `deposits.dispute(id, { stepMs }): stepMs must be a whole number of milliseconds from 1 to ${MAX_DISPUTE_STEP_MS} (a day of mock time), got ${typeof value === 'number' ? String(value) : typeof value}`,
    );
  }
  return value;
}

/**
 * Runs a dispute of the `PAID` deposit `id` of `account` to `outcome`, each step's webhook
 * delivered before the next starts. The hold is taken (the deposit's amount, or what is available
 * when less) and the first status set before the first `await`, so a second dispute of the same
 * deposit is refused; each later step moves the ledger and the status together. A
 * {@link MockRefusalError} (and nothing changed) for an unknown id, a deposit that is not `PAID`,
 * another outcome or a wrong `stepMs`. Should the deposit be gone between steps (`mock.reset()`),
 * it stops with an `Error` and moves nothing more. `of()` gives the account, read again between
 * steps. With `stepMs`, only the first step runs now: each later one runs on `timeline` once the
 * mock clock has moved `stepMs` further, and a reset drops them.
 *
 * @internal
 */
export async function disputeDeposit(
  of: () => AccountState,
  id: unknown,
  options: unknown,
  timeline: Timeline,
): Promise<MockDispute> {
  // A misspelt `stepMs` would run every step at once instead of on the clock.
  if (isRecord(options)) {
    checkFields(options, DISPUTE_FIELDS, {
      control: 'deposits.dispute',
      argument: 'options',
      holder: 'a dispute',
    });
  }
  const outcome = disputeOutcomeOf(options);
  const stepMs = stepMsOf(options);
  const account = of();
  const { transactions, ledger } = account;
  const record = typeof id === 'string' ? transactions.get('deposit', id) : undefined;
  if (!record) {
    const shown = typeof id === 'string' ? quoted(id) : typeof id;
    throw new MockRefusalError(
      'unknown-deposit',
      typeof id === 'string' && transactions.get('withdrawal', id)
        ? `${shown} is a withdrawal's id: only a paid deposit can be disputed`
        : `no deposit with id ${shown}`,
    );
  }
  if (record.status !== 'PAID' || record.disputeHold !== undefined) {
    throw new MockRefusalError(
      'not-disputable',
      `deposit ${JSON.stringify(record._id)} is ${record.status}: only a PAID deposit can be disputed`,
    );
  }
  // MED covers Pix money received in reais: a deposit with a USDT side (an on-ramp, whose reais
  // became USDT, or a transfer to a wallet) has no reais here to block.
  if (record.currency === undefined || record.crypto !== undefined) {
    throw new MockRefusalError(
      'not-disputable',
      `deposit ${JSON.stringify(record._id)} has a USDT side: only a Pix deposit credited in BRL can be disputed`,
    );
  }
  // The receiving bank blocks what the account has, up to the amount (a currency the ledger does
  // not keep holds nothing).
  const currency = ledgerCurrencyOf(record.currency.name);
  const hold =
    currency === undefined ? 0 : Math.min(ledger.available(currency), record.amountCents);
  if (currency !== undefined) ledger.move(currency, hold, 'none', 'held');
  record.disputeHold = hold;

  const steps = stepsTo(outcome);
  const step = (index: number): Promise<WebhookDelivery> => {
    if (index === steps.length - 1) {
      // The end: the hold is removed (the refund approved) or released, with the final status.
      if (currency !== undefined) {
        ledger.move(currency, hold, 'held', outcome === 'REFUND_APPROVED' ? 'spent' : 'none');
      }
      if (outcome === 'REFUND_APPROVED') record.position = 'none';
      record.disputeHold = undefined;
    }
    return transactions.transition(record, steps[index] as KnownTransactionStatus);
  };
  const stopped = () =>
    `the dispute of deposit ${JSON.stringify(record._id)} stopped: the mock was reset while it ran`;

  const deliveries: WebhookDelivery[] = [];
  if (stepMs === undefined) {
    for (const index of steps.keys()) {
      if (index > 0 && !stillThere(of, account, record)) throw new Error(stopped());
      deliveries.push(await step(index));
    }
  } else {
    const start = timeline.now();
    deliveries.push(await step(0));
    for (let index = 1; index < steps.length; index += 1) {
      timeline.schedule(start + index * stepMs, async () => {
        // A reset drops the steps still waiting; one already due finds its deposit gone.
        if (stillThere(of, account, record)) await step(index);
      });
    }
    // The clock may have moved while the first webhook was under way.
    timeline.runDue();
  }
  return {
    deposit: transactions.view(record) as MockDeposit,
    held: hold / 100,
    deliveries,
  };
}
