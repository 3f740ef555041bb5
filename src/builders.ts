import { type PaymentIssue, PaymentValidationError } from './errors.js';
import { CURRENCY_REQUIRED_FIELDS, Currency } from './models/currencies.js';
import type { DepositRequest } from './models/deposits.js';
import { PixKey } from './models/pix-keys.js';
import type { WithdrawalRequest } from './models/withdrawals.js';
import { type AmountInput, normalizeAmount } from './money.js';

/**
 * What {@link buildWithdrawal} takes: whole objects, as the list operations returned them.
 *
 * @example
 * ```ts
 * const input: WithdrawalInput = { amount: '10.50', customerId, currency, pixKey, externalId: 'order-42' };
 * ```
 */
export interface WithdrawalInput {
  /** See {@link AmountInput}. */
  readonly amount: AmountInput;
  /** The customer's `_id`. */
  readonly customerId: string;
  /** A whole withdrawal currency from `client.withdrawals.listCurrencies()`. */
  readonly currency: Currency;
  /** A whole Pix key from `client.pixKeys.list()`, `add()` or `ensure()`. */
  readonly pixKey: PixKey;
  /** Your own reference, also the idempotency key. `withdrawals.create` generates one if absent. */
  readonly externalId?: string | undefined;
}

/**
 * What {@link buildDeposit} takes.
 *
 * @example
 * ```ts
 * const input: DepositInput = { amount: { cents: 2500 }, customerId, currency };
 * ```
 */
export interface DepositInput {
  /** See {@link AmountInput}. */
  readonly amount: AmountInput;
  /** The customer's `_id`. */
  readonly customerId: string;
  /** A whole deposit currency from `client.deposits.listCurrencies()`. */
  readonly currency: Currency;
  /** Your own reference for the deposit. */
  readonly externalId?: string | undefined;
}

type Issues = PaymentIssue[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkId(value: unknown, path: PropertyKey[], issues: Issues): void {
  if (typeof value !== 'string' || value.trim() === '')
    issues.push({ path, message: 'must be a non-empty string' });
}

function checkWhole(
  value: unknown,
  name: 'currency' | 'pixKey',
  required: ReadonlyArray<string>,
  schema: typeof Currency | typeof PixKey,
  issues: Issues,
): void {
  if (!isRecord(value)) {
    issues.push({
      path: [name],
      message: `must be the whole ${name} object as the service returned it`,
    });
    return;
  }
  const missing = required.filter((field) => value[field] === undefined);
  if (missing.length > 0) {
    issues.push({
      path: [name],
      message: `is incomplete: missing ${missing.join(', ')} (send the whole object as the service returned it)`,
    });
    return;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: [name, ...issue.path], message: `has the wrong type (${issue.code})` });
    }
  }
}

function checkAmount(amount: AmountInput, issues: Issues): number | undefined {
  try {
    return normalizeAmount(amount);
  } catch (error) {
    if (error instanceof PaymentValidationError) issues.push(...error.issues);
    else throw error;
    return undefined;
  }
}

function checkExternalId(value: unknown, issues: Issues): void {
  if (value !== undefined) checkId(value, ['externalId'], issues);
}

const PIX_KEY_REQUIRED_FIELDS = ['key', 'type', '_id'] as const;

/**
 * Builds the body of `POST /withdraw` from whole objects, checking everything before anything is
 * sent: the amount (see {@link AmountInput}; sent as a decimal number), the customer id, and that
 * the currency and Pix key objects are complete.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * const pixKey = await client.pixKeys.ensure(customerId, { type: 'EMAIL', key: 'ana@example.com' });
 * const body = buildWithdrawal({ amount: '10.50', customerId, currency, pixKey });
 * await client.withdrawals.create(body);
 * ```
 */
export function buildWithdrawal(input: WithdrawalInput): WithdrawalRequest {
  const issues: Issues = [];
  const amount = checkAmount(input.amount, issues);
  checkId(input.customerId, ['customerId'], issues);
  checkWhole(input.currency, 'currency', CURRENCY_REQUIRED_FIELDS, Currency, issues);
  checkWhole(input.pixKey, 'pixKey', PIX_KEY_REQUIRED_FIELDS, PixKey, issues);
  checkExternalId(input.externalId, issues);
  if (issues.length > 0 || amount === undefined)
    throw new PaymentValidationError(issues, 'Invalid withdrawal');
  return {
    amount,
    customerId: input.customerId,
    currency: input.currency,
    pixKey: input.pixKey,
    ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
  };
}

/**
 * Builds the body of `POST /deposit` from a whole deposit currency object, checking the amount, the
 * customer id and that the currency is complete before anything is sent.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
 * const body = buildDeposit({ amount: { cents: 1050 }, customerId, currency });
 * const { data } = await client.deposits.create(body);
 * ```
 */
export function buildDeposit(input: DepositInput): DepositRequest {
  const issues: Issues = [];
  const amount = checkAmount(input.amount, issues);
  checkId(input.customerId, ['customerId'], issues);
  checkWhole(input.currency, 'currency', CURRENCY_REQUIRED_FIELDS, Currency, issues);
  checkExternalId(input.externalId, issues);
  if (issues.length > 0 || amount === undefined)
    throw new PaymentValidationError(issues, 'Invalid deposit');
  return {
    amount,
    customerId: input.customerId,
    currency: input.currency,
    ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
  };
}

/**
 * Picks a currency from a list by its code (`name`, compared without regard to case) or, failing
 * that, by its `symbol`. Returns the whole object, ready for {@link buildWithdrawal} or
 * {@link buildDeposit}.
 *
 * @throws {@link PaymentValidationError} when no currency matches; the message lists those there are.
 *
 * @example
 * ```ts
 * const brl = selectCurrency(await client.withdrawals.listCurrencies(), 'BRL');
 * const same = selectCurrency(await client.withdrawals.listCurrencies(), 'R$');
 * ```
 */
export function selectCurrency<T extends Pick<Currency, 'name' | 'symbol'>>(
  currencies: ReadonlyArray<T>,
  nameOrSymbol: string,
): T {
  const wanted = nameOrSymbol.trim();
  const found =
    currencies.find((currency) => currency.name.toUpperCase() === wanted.toUpperCase()) ??
    currencies.find((currency) => currency.symbol === wanted);
  if (found) return found;
  const available = currencies
    .map((currency) => `${currency.name} (${currency.symbol})`)
    .join(', ');
  throw new PaymentValidationError(
    [
      {
        path: ['currency'],
        message: `no currency named ${JSON.stringify(wanted)}; available: ${available || 'none'}`,
      },
    ],
    'Unknown currency',
  );
}
