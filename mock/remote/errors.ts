/**
 * Why a remote call failed: `unreachable` (nothing answers at the address: start the server),
 * `not-a-mock-server` (something answers, but not with a mock server's control routes), `refused`
 * (the server refused the control: an unknown id, a status that does not exist, a missing control
 * token; `status` and `detail` say which).
 *
 * @example
 * ```ts
 * const code: MockServerErrorCode = 'unreachable';
 * ```
 */
export type MockServerErrorCode = 'unreachable' | 'not-a-mock-server' | 'refused';

/**
 * The error a remote (`connectMockServer`) rejects with. Its message names the server's address
 * and says what to do; it never holds the control token.
 *
 * @example
 * ```ts
 * try {
 *   await remote.withdrawals.settle('nope', 'PAID');
 * } catch (error) {
 *   if (error instanceof MockServerError && error.code === 'refused') {
 *     console.log(error.status, error.detail); // 404 'no withdrawal with id "nope"'
 *   }
 * }
 * ```
 */
export class MockServerError extends Error {
  /** Always `'MockServerError'`. */
  override name = 'MockServerError';
  /** What went wrong. */
  readonly code: MockServerErrorCode;
  /** `host:port` of the server. */
  readonly address: string;
  /** The HTTP status of a refusal; `undefined` for the other codes. */
  readonly status: number | undefined;
  /** The server's own explanation of a refusal (its `detail`); `undefined` otherwise. */
  readonly detail: string | undefined;

  /** @internal */
  constructor(
    code: MockServerErrorCode,
    address: string,
    message: string,
    refusal?: { readonly status: number; readonly detail: string },
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
    this.address = address;
    this.status = refusal?.status;
    this.detail = refusal?.detail;
  }
}
