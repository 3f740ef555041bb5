import { centsToAmount } from 'pix-payment-sdk';
import { quoted } from '../control-refusal.js';

/**
 * What a transaction is: a withdrawal (a payout to a Pix key) or a deposit (a Pix charge).
 *
 * @internal
 */
export type TransactionKind = 'withdrawal' | 'deposit';

/**
 * The currencies an account holds money in, as the provider's balance page shows them: BRL, a
 * fiat currency kept in cents with a `totalHeld`, and USDT, a cryptocurrency kept in millionths
 * (its example shows six decimals) without one.
 *
 * @internal
 */
export const LEDGER_CURRENCIES = {
  BRL: { kind: 'fiat', decimals: 2, answer: { currency: { type: 'PIX', name: 'BRL' } } },
  USDT: {
    kind: 'crypto',
    decimals: 6,
    answer: { cryptocurrency: { name: 'USDT', symbol: 'USDT' } },
  },
} as const;

/**
 * A currency of the ledger, by name.
 *
 * @internal
 */
export type LedgerCurrency = keyof typeof LEDGER_CURRENCIES;

/**
 * Every currency of the ledger, fiat first, in the order the balance route lists them.
 *
 * @internal
 */
export const LEDGER_NAMES = Object.keys(LEDGER_CURRENCIES) as LedgerCurrency[];

const NAMES = LEDGER_NAMES;

/**
 * Where a transaction's amount stands in its account's ledger: a withdrawal is `held` from its
 * creation, `spent` once paid, `returned` when it fails; a deposit is `credited` once paid and
 * `none` otherwise.
 *
 * @internal
 */
export type LedgerPosition = 'none' | 'held' | 'spent' | 'returned' | 'credited';

/** What each position takes from (negative) or adds to the available and held amounts. */
function effect(position: LedgerPosition, units: number): { available: number; held: number } {
  switch (position) {
    case 'held':
      return { available: -units, held: units };
    case 'spent':
      return { available: -units, held: 0 };
    case 'credited':
      return { available: units, held: 0 };
    default:
      return { available: 0, held: 0 };
  }
}

// Statuses under which a transaction is still open, failed, or in a dispute that moves nothing yet.
const OPEN = new Set(['PENDING', 'WAITING_PAYMENT', 'PROCESSING']);
const FAILED = new Set(['ERROR', 'REJECTED', 'REFUND_APPROVED']);

/**
 * The position a transaction takes when it moves to `status` (the mock's reading of the
 * statuses): `PAID` spends a withdrawal's hold and credits a deposit; `ERROR`, `REJECTED` and
 * `REFUND_APPROVED` give a withdrawal's amount back and take a deposit's credit back; the open
 * statuses hold a withdrawal and leave a deposit uncredited; the dispute statuses
 * (`AWAITING_REFUND_CONTESTION`, `AWAITING_BANK_VEREDICT`, `EXPIRED_DISPUTE`, `REFUND_CANCELED`)
 * move nothing.
 *
 * @internal
 */
export function positionAfter(
  kind: TransactionKind,
  status: string,
  current: LedgerPosition,
): LedgerPosition {
  if (status === 'PAID') return kind === 'withdrawal' ? 'spent' : 'credited';
  if (FAILED.has(status)) return kind === 'withdrawal' ? 'returned' : 'none';
  if (OPEN.has(status)) return kind === 'withdrawal' ? 'held' : 'none';
  return current;
}

/**
 * The ledger currency named `name`, or `undefined` for a currency the ledger does not keep.
 *
 * @internal
 */
export function ledgerCurrencyOf(name: string): LedgerCurrency | undefined {
  return Object.hasOwn(LEDGER_CURRENCIES, name) ? (name as LedgerCurrency) : undefined;
}

/**
 * A non-negative decimal (a string, or a number written with its shortest text) as integer units
 * of `decimals` places, or the reason it is not one.
 *
 * @internal
 */
export function unitsOf(value: unknown, decimals: number): number | string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return 'must be a decimal string such as "10.50"';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `must be a non-negative decimal, got ${JSON.stringify(text.slice(0, 40))}`;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return `has more than ${decimals} decimals: ${text}`;
  const units = Number((match[1] ?? '0') + fraction.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(units)) return `is too large: ${text}`;
  return units;
}

// Integer units as the shortest decimal of `decimals` places: 1050 cents is `10.5`, 0 is `0`,
// as a double would be written, but exact for every safe integer.
function decimalText(units: number, decimals: number): string {
  const digits = String(units).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * One balance as `POST /balance/company` answers it (per the provider's public docs).
 *
 * @internal
 */
export type BalanceAnswer =
  | { currency: { type: string; name: string }; totalAmount: number; totalHeld: number }
  | { cryptocurrency: { name: string; symbol: string }; totalAmount: number };

/**
 * One account's money: per currency, the available amount (`totalAmount`) and the amount held by
 * withdrawals not yet paid (`totalHeld`), in integer units (cents for BRL), so any number of
 * operations adds up exactly. Why the mock keeps one: docs/decisions/mock-ledger.md.
 *
 * @internal
 */
export class LedgerArea {
  #available = new Map<LedgerCurrency, number>();
  #held = new Map<LedgerCurrency, number>();

  /** Starts with `start`, checked by {@link LedgerArea.check}. */
  constructor(start: ReadonlyMap<LedgerCurrency, number>) {
    this.reset(start);
  }

  /**
   * `balances` (`{ BRL: '10.00', USDT: '2.5' }`) as units per currency; a `TypeError` naming
   * `where` for an unknown currency or an amount that is not a non-negative decimal.
   */
  static check(balances: unknown, where: string): Map<LedgerCurrency, number> {
    if (typeof balances !== 'object' || balances === null || Array.isArray(balances)) {
      throw new TypeError(`${where} must be an object such as { BRL: '1000.00' }`);
    }
    const units = new Map<LedgerCurrency, number>();
    for (const [name, value] of Object.entries(balances)) {
      if (!Object.hasOwn(LEDGER_CURRENCIES, name)) {
        throw new TypeError(
          `${where}: unknown currency ${quoted(name)}; known: ${NAMES.join(', ')}`,
        );
      }
      const currency = name as LedgerCurrency;
      const parsed = unitsOf(value, LEDGER_CURRENCIES[currency].decimals);
      if (typeof parsed === 'string') throw new TypeError(`${where}.${name} ${parsed}`);
      units.set(currency, parsed);
    }
    return units;
  }

  /** The available units of `currency`. */
  available(currency: LedgerCurrency): number {
    return this.#available.get(currency) ?? 0;
  }

  /** The units of `currency` held by withdrawals not yet paid. */
  held(currency: LedgerCurrency): number {
    return this.#held.get(currency) ?? 0;
  }

  /** Sets the available amount of each currency given; the others and every hold stay. */
  set(units: ReadonlyMap<LedgerCurrency, number>): void {
    for (const [currency, value] of units) this.#available.set(currency, value);
  }

  /**
   * Moves `units` of a transaction from one position to another. A `RangeError` (and nothing
   * moved) when it would take the available amount below zero.
   */
  move(currency: LedgerCurrency, units: number, from: LedgerPosition, to: LedgerPosition): void {
    if (from === to) return;
    const before = effect(from, units);
    const after = effect(to, units);
    const available = this.available(currency) + after.available - before.available;
    const held = this.held(currency) + after.held - before.held;
    if (!Number.isSafeInteger(available) || !Number.isSafeInteger(held)) {
      throw new RangeError(`${currency} balance would be too large to keep exactly`);
    }
    if (available < 0) {
      throw new RangeError(
        `${currency} ${(this.available(currency) / 10 ** LEDGER_CURRENCIES[currency].decimals).toFixed(LEDGER_CURRENCIES[currency].decimals)} available is not enough to move a transaction from ${from} to ${to}`,
      );
    }
    this.#available.set(currency, available);
    this.#held.set(currency, held);
  }

  /** Every balance (or those `wanted` names), as `POST /balance/company` answers them. */
  answer(wanted: ReadonlySet<LedgerCurrency> = new Set(NAMES)): BalanceAnswer[] {
    return NAMES.filter((name) => wanted.has(name)).map((name) => {
      const spec = LEDGER_CURRENCIES[name];
      const totalAmount = this.available(name) / 10 ** spec.decimals;
      return spec.kind === 'fiat'
        ? {
            ...structuredClone(spec.answer),
            totalAmount,
            totalHeld: centsToAmount(this.held(name)),
          }
        : { ...structuredClone(spec.answer), totalAmount };
    }) as BalanceAnswer[];
  }

  /**
   * {@link LedgerArea.answer} as JSON text, each amount written from its integer units: exact to
   * the last unit up to the largest safe integer, where a double (`90071992547409.91` is
   * `90071992547409.9` as a number) is not.
   */
  answerText(wanted: ReadonlySet<LedgerCurrency> = new Set(NAMES)): string {
    const entries = NAMES.filter((name) => wanted.has(name)).map((name) => {
      const spec = LEDGER_CURRENCIES[name];
      const held = spec.kind === 'fiat' ? `,"totalHeld":${decimalText(this.held(name), 2)}` : '';
      return `${JSON.stringify(spec.answer).slice(0, -1)},"totalAmount":${decimalText(this.available(name), spec.decimals)}${held}}`;
    });
    return `[${entries.join(',')}]`;
  }

  /** Back to `start`, nothing held. */
  reset(start: ReadonlyMap<LedgerCurrency, number>): void {
    this.#available = new Map(start);
    this.#held = new Map();
  }
}
