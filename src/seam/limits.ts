/**
 * The longest delay a timer waits (2^31 - 1 ms, about 24.8 days): `setTimeout` fires a longer one
 * at once. Every option that becomes a timer (the client's timeouts and backoff, the Redis store's
 * lock times, the mock's fault delays and webhook timeout) is bounded by it.
 *
 * @internal
 */
export const MAX_TIMER_MS = 2_147_483_647;
