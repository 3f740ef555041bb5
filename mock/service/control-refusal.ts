/**
 * Why `mock.deposits.pay` or `mock.deposits.dispute` refused, as a code a test can compare:
 *
 * - `unknown-deposit`: no deposit of this account has that id (a withdrawal's id included);
 * - `not-a-pix-code`: a text that starts as a BR Code (`000201`) but is not a well-formed Pix
 *   one (a wrong CRC, more than 512 characters), or no text at all over the control route;
 * - `unknown-code`: a well-formed BR Code (its CRC correct) that this mock never issued;
 * - `other-account`: a BR Code this mock issued for a deposit of another account;
 * - `not-payable`: the deposit is no longer waiting for its payment (paid, failed or disputed);
 * - `not-disputable`: the deposit is not `PAID`, so there is nothing to dispute;
 * - `invalid-outcome`: the dispute's outcome is not one of the three final statuses;
 * - `invalid-step`: the dispute's `stepMs` is not a whole number of milliseconds from 1 to a day.
 *
 * @example
 * ```ts
 * const code: MockRefusalCode = 'not-payable'; // paying a deposit already PAID
 * ```
 */
export type MockRefusalCode =
  | 'unknown-deposit'
  | 'not-a-pix-code'
  | 'unknown-code'
  | 'other-account'
  | 'not-payable'
  | 'not-disputable'
  | 'invalid-outcome'
  | 'invalid-step';

/**
 * The refusal of a customer-side control of the mock (`mock.deposits.pay`,
 * `mock.deposits.dispute`): `code` says which, the message says why and what to do. Nothing
 * changed when it is thrown. Over the control routes the same refusal is an answer with status
 * 400, 404 or 409 and the message in the `X-Mock-Reason` header.
 *
 * @example
 * ```ts
 * import { MockRefusalError } from 'pix-payment-sdk/mock';
 *
 * try {
 *   await mock.deposits.pay(codeFromAnotherService);
 * } catch (error) {
 *   if (error instanceof MockRefusalError) console.log(error.code); // 'unknown-code'
 * }
 * ```
 */
export class MockRefusalError extends RangeError {
  /** Always `'MockRefusalError'`. */
  override readonly name = 'MockRefusalError';
  /** Which refusal it is. */
  readonly code: MockRefusalCode;

  /**
   * @param code - which refusal it is
   * @param message - why, and what to do instead
   */
  constructor(code: MockRefusalCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The status a control route answers a refusal with: 404 for what does not exist, 409 for a
 * deposit whose status forbids the control, 400 for input that is wrong whatever the state.
 *
 * @internal
 */
export function refusalStatus(code: MockRefusalCode): 400 | 404 | 409 {
  switch (code) {
    case 'unknown-deposit':
    case 'unknown-code':
    case 'other-account':
      return 404;
    case 'not-payable':
    case 'not-disputable':
      return 409;
    default:
      return 400;
  }
}

/**
 * A text a caller gave, short enough to quote in a refusal.
 *
 * @internal
 */
export function quoted(text: string): string {
  return text.length > 40
    ? `${JSON.stringify(text.slice(0, 40))}… (${text.length} characters)`
    : JSON.stringify(text);
}

/**
 * A value a caller gave in place of an id or a name, for a refusal: a text {@link quoted}, a number
 * or `null` as written, an object only by its kind (never serialised: it may be huge, or throw).
 *
 * @internal
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return typeof value === 'function' || typeof value === 'symbol'
    ? `a ${typeof value}`
    : String(value);
}

/**
 * A control's refusal of an id that names nothing: no such transaction, customer, account or
 * fault. A `RangeError` to callers of the in-process controls; a control route answers it 404.
 *
 * @internal
 */
export class UnknownIdError extends RangeError {}
