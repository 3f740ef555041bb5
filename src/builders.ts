import type * as z from 'zod/mini';
import { assertArray, FORGOT_AWAIT, isRecord, isThenable } from './core/options.js';
import { type PaymentIssue, PaymentValidationError } from './errors/index.js';
import { CURRENCY_REQUIRED_FIELDS, Currency } from './models/currencies.js';
import type { CreateCustomerInput } from './models/customers.js';
import type {
  DepositForCustomerId,
  DepositForNewCustomer,
  DepositRequest,
} from './models/deposits.js';
import { PixKey } from './models/pix-keys.js';
import type { WithdrawalRequest } from './models/withdrawals.js';
import { type AmountInput, normalizeAmount } from './money.js';
import { documentIssue } from './validation.js';

/**
 * What {@link buildWithdrawal} takes: whole objects, as the list operations returned them.
 *
 * @example
 * ```ts
 * const input: WithdrawalInput = { amount: '10.50', customerId, currency, pixKey, externalId: 'order-42' };
 * ```
 */
export interface WithdrawalInput {
  /**
   * In reais, not cents: `'10.50'` or `{ cents: 1050 }` is R$ 10.50, `1050` is R$ 1,050.00. See
   * {@link AmountInput}.
   */
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
 * What {@link buildDeposit} takes: exactly one of `customerId` (a customer on file) or `customer`
 * (someone the service registers together with the deposit), never both.
 *
 * @example
 * ```ts
 * const forCustomer: DepositInput = { amount: { cents: 2500 }, customerId, currency };
 * const forNewCustomer: DepositInput = {
 *   amount: '25.00',
 *   customer: { name: 'Ana Souza', document: '52998224725' },
 *   currency,
 * };
 * ```
 */
export type DepositInput = DepositForCustomerIdInput | DepositForNewCustomerInput;

/**
 * What {@link buildDeposit} takes for a customer on file.
 *
 * @example
 * ```ts
 * const input: DepositForCustomerIdInput = { amount: { cents: 2500 }, customerId, currency };
 * ```
 */
export interface DepositForCustomerIdInput {
  /**
   * In reais, not cents: `'10.50'` or `{ cents: 1050 }` is R$ 10.50, `1050` is R$ 1,050.00. See
   * {@link AmountInput}.
   */
  readonly amount: AmountInput;
  /** The customer's `_id`. */
  readonly customerId: string;
  /** Never together with `customerId`. */
  readonly customer?: undefined;
  /** A whole deposit currency from `client.deposits.listCurrencies()`. */
  readonly currency: Currency;
  /** Your own reference for the deposit. */
  readonly externalId?: string | undefined;
}

/**
 * What {@link buildDeposit} takes for someone who is not a customer yet: the service registers
 * `customer` with the deposit, and refuses it (409, `ConflictError`) when its name or document is
 * already on file.
 *
 * @example
 * ```ts
 * const input: DepositForNewCustomerInput = {
 *   amount: '25.00',
 *   customer: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' },
 *   currency,
 * };
 * ```
 */
export interface DepositForNewCustomerInput {
  /**
   * In reais, not cents: `'10.50'` or `{ cents: 1050 }` is R$ 10.50, `1050` is R$ 1,050.00. See
   * {@link AmountInput}.
   */
  readonly amount: AmountInput;
  /** Never together with `customer`. */
  readonly customerId?: undefined;
  /** The customer to register: `name` and `document` required, `email` and `phone` optional. */
  readonly customer: CreateCustomerInput;
  /** A whole deposit currency from `client.deposits.listCurrencies()`. */
  readonly currency: Currency;
  /** Your own reference for the deposit. */
  readonly externalId?: string | undefined;
}

type Issues = PaymentIssue[];

/** @internal Shared with the crypto builders. */
export function checkId(value: unknown, path: PropertyKey[], issues: Issues): void {
  if (typeof value !== 'string' || value.trim() === '')
    issues.push({ path, message: isThenable(value) ? FORGOT_AWAIT : 'must be a non-empty string' });
}

/** @internal Shared with the crypto builders. */
export function checkWhole(
  value: unknown,
  name: string,
  required: ReadonlyArray<string>,
  schema: z.ZodMiniType,
  issues: Issues,
): void {
  if (!isRecord(value) || isThenable(value)) {
    issues.push({
      path: [name],
      message: isThenable(value)
        ? FORGOT_AWAIT
        : `must be the whole ${name} object as the service returned it`,
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

/** @internal Shared with the crypto builders. */
export function checkAmount(amount: AmountInput, issues: Issues): number | undefined {
  try {
    return normalizeAmount(amount);
  } catch (error) {
    if (error instanceof PaymentValidationError) issues.push(...error.issues);
    else throw error;
    return undefined;
  }
}

/** @internal Shared with the crypto builders. */
export function checkExternalId(value: unknown, issues: Issues): void {
  if (value !== undefined) checkId(value, ['externalId'], issues);
}

/**
 * Exactly one of `customerId` or `customer`; a new customer needs a name and a document.
 *
 * @internal Shared with the crypto builders.
 */
export function checkPayer(
  input: Pick<DepositInput, 'customerId' | 'customer'>,
  issues: Issues,
): void {
  const { customerId, customer } = input as { customerId?: unknown; customer?: unknown };
  if (customerId !== undefined && customer !== undefined) {
    issues.push({ path: ['customer'], message: 'send customerId or customer, not both' });
    return;
  }
  if (customer === undefined) {
    checkId(customerId, ['customerId'], issues);
    return;
  }
  if (!isRecord(customer)) {
    issues.push({ path: ['customer'], message: 'must be an object with name and document' });
    return;
  }
  checkId(customer.name, ['customer', 'name'], issues);
  checkId(customer.document, ['customer', 'document'], issues);
  const document = documentIssue(customer.document, ['customer', 'document']);
  if (document) issues.push(document);
  for (const field of ['email', 'phone'] as const) {
    if (customer[field] !== undefined && typeof customer[field] !== 'string')
      issues.push({ path: ['customer', field], message: 'must be a string' });
  }
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
 * Builds the body of `POST /deposit` from a whole deposit currency object, for a customer on file
 * (`customerId`) or for someone the service registers with the deposit (`customer`, per the
 * provider's public docs). Checks the amount, that exactly one of `customerId` or `customer` is
 * given (a `customer` with a non-empty `name` and a `document` that is a valid CPF or CNPJ) and
 * that the currency is complete, before anything is sent.
 *
 * @throws {@link PaymentValidationError} listing every problem, with its path.
 *
 * @example
 * ```ts
 * const currency = selectCurrency(await client.deposits.listCurrencies(), 'BRL');
 * const body = buildDeposit({ amount: { cents: 1050 }, customerId, currency });
 * const { data } = await client.deposits.create(body);
 * const forNewCustomer = buildDeposit({
 *   amount: '25.00',
 *   customer: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' },
 *   currency,
 * });
 * ```
 */
export function buildDeposit(input: DepositForCustomerIdInput): DepositForCustomerId;
export function buildDeposit(input: DepositForNewCustomerInput): DepositForNewCustomer;
export function buildDeposit(input: DepositInput): DepositRequest;
export function buildDeposit(input: DepositInput): DepositRequest {
  const issues: Issues = [];
  const amount = checkAmount(input.amount, issues);
  checkPayer(input, issues);
  checkWhole(input.currency, 'currency', CURRENCY_REQUIRED_FIELDS, Currency, issues);
  checkExternalId(input.externalId, issues);
  if (issues.length > 0 || amount === undefined)
    throw new PaymentValidationError(issues, 'Invalid deposit');
  const externalId = input.externalId === undefined ? {} : { externalId: input.externalId };
  if (input.customer !== undefined) {
    const { name, document, email, phone } = input.customer;
    const customer = {
      name,
      document,
      ...(email === undefined ? {} : { email }),
      ...(phone === undefined ? {} : { phone }),
    };
    return { amount, customer, currency: input.currency, ...externalId };
  }
  return { amount, customerId: input.customerId, currency: input.currency, ...externalId };
}

/**
 * Picks a currency from a list by its code (`name`, compared without regard to case) or, failing
 * that, by its `symbol`. Returns the whole object, ready for {@link buildWithdrawal} or
 * {@link buildDeposit}.
 *
 * @throws {@link PaymentValidationError} when no currency matches (the message lists those there
 * are), or when `currencies` is no array: a Promise is named as a missing `await`.
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
  assertArray(
    currencies,
    'currencies',
    'the array listCurrencies() answered',
    'Invalid currencies',
  );
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
