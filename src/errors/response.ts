// A 2xx answer the client cannot use: it breaks the contract, or must not be passed on.
import { hasName, PaymentError } from './base.js';
import { type PaymentOutcome, withNote } from './outcome.js';
import { located, type RequestContext, type RequestFacts, setRequestFields } from './request.js';
import { describeIssues, type PaymentIssue } from './validation.js';

/** What {@link PaymentResponseError} is built from. */
export interface PaymentResponseErrorInit extends RequestFacts {
  /** The HTTP status code. */
  readonly status: number;
  /** How the body breaks the contract. */
  readonly issues: ReadonlyArray<PaymentIssue>;
  /** What came, parsed as JSON where it was. */
  readonly body: unknown;
  /**
   * `'acted'` for a JSON answer of the wrong shape (the service said it succeeded), `'unknown'`
   * for one that is not JSON, empty or too large (a proxy's page may be all that came).
   * @default 'unknown'
   */
  readonly outcome?: PaymentOutcome | undefined;
  /** What the caller should do about it, added to the message after the issues. */
  readonly hint?: string | undefined;
}

/**
 * The service answered 2xx with a body that breaks the contract (not JSON, missing a field the
 * contract requires, or larger than `maxResponseBytes`), or one the client must not pass on (a
 * deposit's Pix code that is not a Pix code, fails its checksum or asks another amount: the deposit
 * was created all the same). `issues` says what, `body` holds what came (`undefined` when too
 * large to keep, `[redacted]` for a login answer). `outcome` is `'acted'` when the body is JSON of
 * the wrong shape or a refused Pix code (the service answered success), `'unknown'` when it is not
 * JSON, empty or too large (a proxy's page may be all that came).
 *
 * @example
 * ```ts
 * if (error instanceof PaymentResponseError) report(error.issues, error.body);
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the request fields are set by setRequestFields (request.ts).
export class PaymentResponseError extends PaymentError {
  /** Always `'PaymentResponseError'`, also across realms where `instanceof` fails. */
  override name = 'PaymentResponseError';
  /** The HTTP status code. */
  declare readonly status: number;
  /** How the body breaks the contract, each with its path into the body. */
  declare readonly issues: ReadonlyArray<PaymentIssue>;
  /** What came, parsed as JSON where it was; secrets replaced by `[redacted]`. */
  declare readonly body: unknown;

  constructor(init: PaymentResponseErrorInit) {
    const outcome = init.outcome ?? 'unknown';
    super(
      withNote(
        `Unexpected response to ${located(init)}: ${describeIssues(init.issues)}${init.hint ? `. ${init.hint}` : ''}`,
        outcome,
        init,
      ),
      { outcome },
    );
    this.status = init.status;
    this.issues = init.issues;
    this.body = init.body;
    setRequestFields(this, init, ['method', 'path', 'url']);
  }
}

// The request fields, declared once in request.ts.
export interface PaymentResponseError extends Omit<RequestContext, 'attempts'> {}

/**
 * Whether `value` is a {@link PaymentResponseError}.
 *
 * @example
 * ```ts
 * if (isPaymentResponseError(error)) console.log(error.issues);
 * ```
 */
export function isPaymentResponseError(value: unknown): value is PaymentResponseError {
  return hasName(value, ['PaymentResponseError']);
}
