/**
 * The mock's clock. Every timestamp the mock writes (ids, `createdDate`, token `iat`/`exp`,
 * journal `time`) and every expiry it checks reads this clock, never `Date.now()` directly, so a
 * test moves time with {@link MockClock.advance} instead of fake timers.
 *
 * @example
 * ```ts
 * const mock = createPaymentServiceMock();
 * mock.clock.advance(15 * 24 * 60 * 60 * 1000); // every token issued so far is now expired
 * mock.clock.now(); // a Date
 * ```
 */
export interface MockClock {
  /** The mock's current time, as a new `Date`. */
  now(): Date;
  /**
   * Moves the clock forward by `ms` milliseconds (a finite number, not negative). The steps of a
   * dispute on the clock (`mock.deposits.dispute(id, { outcome, stepMs })`) that are then due
   * start, in order; `await mock.webhooks.flush()` waits for them.
   */
  advance(ms: number): void;
  /**
   * Sets the clock to a point in time (a `Date`, an ISO 8601 string or epoch milliseconds); the
   * dispute steps then due start, as with `advance`.
   */
  set(time: Date | string | number): void;
  /** Whether the clock stands still between calls to `advance`/`set` (see the `frozenClock` option). */
  readonly frozen: boolean;
}

/** @internal */
export interface InternalClock extends MockClock {
  /** Current mock time in epoch milliseconds. */
  nowMs(): number;
  /** Back to the time the clock started with. */
  reset(): void;
}

/**
 * The largest distance from the epoch a JavaScript `Date` can hold, either way: 8.64e15 ms
 * (100,000,000 days). The clock never leaves this range, so every time it gives can be written
 * as ISO 8601.
 *
 * @internal
 */
export const MAX_EPOCH_MS = 8.64e15;

function inDateRange(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_EPOCH_MS;
}

/**
 * Turns a `Date`, ISO 8601 string or epoch milliseconds into epoch milliseconds; a `TypeError`
 * for anything else, and for a time outside the range a `Date` can hold.
 *
 * @internal
 */
export function toEpochMs(time: Date | string | number, what = 'time'): number {
  const ms =
    time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : time;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new TypeError(`${what} must be a valid Date, ISO 8601 string or epoch milliseconds`);
  }
  if (!inDateRange(ms)) {
    throw new TypeError(
      `${what} must be within ${MAX_EPOCH_MS} ms of 1970-01-01 (the range of a Date), got ${ms}`,
    );
  }
  return ms;
}

/**
 * A clock that starts at `start()` (read again on reset) and either stands still (frozen) or
 * follows real time; `onMove` is called after each `advance` and `set`. Every move is checked before it is applied: a refused one changes nothing.
 * A running clock stops at the end of the date range rather than pass it.
 *
 * @internal
 */
export function createClock(
  start: () => number,
  frozen: boolean,
  onMove: () => void = () => undefined,
): InternalClock {
  let baseMs = start();
  let realStart = Date.now();
  const nowMs = (): number => {
    if (frozen) return baseMs;
    const ms = baseMs + (Date.now() - realStart);
    return Math.max(-MAX_EPOCH_MS, Math.min(MAX_EPOCH_MS, ms));
  };
  return {
    frozen,
    nowMs,
    now: () => new Date(nowMs()),
    advance(ms) {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new TypeError('clock.advance(ms): ms must be a finite number, not negative');
      }
      const target = nowMs() + ms;
      if (!inDateRange(target)) {
        throw new TypeError(
          `clock.advance(ms): ${ms} ms would move the clock past ${new Date(MAX_EPOCH_MS).toISOString()}, the last time a Date can hold`,
        );
      }
      baseMs = target;
      realStart = Date.now();
      onMove();
    },
    set(time) {
      baseMs = toEpochMs(time, 'clock.set(time)');
      realStart = Date.now();
      onMove();
    },
    reset() {
      baseMs = start();
      realStart = Date.now();
    },
  };
}
