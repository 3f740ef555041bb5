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
  /** Moves the clock forward by `ms` milliseconds (a finite number, not negative). */
  advance(ms: number): void;
  /** Sets the clock to a point in time (a `Date`, an ISO 8601 string or epoch milliseconds). */
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
 * Turns a `Date`, ISO 8601 string or epoch milliseconds into epoch milliseconds.
 *
 * @internal
 */
export function toEpochMs(time: Date | string | number, what = 'time'): number {
  const ms =
    time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : time;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new TypeError(`${what} must be a valid Date, ISO 8601 string or epoch milliseconds`);
  }
  return ms;
}

/**
 * A clock that starts at `start()` (read again on reset) and either stands still (frozen) or follows real time.
 *
 * @internal
 */
export function createClock(start: () => number, frozen: boolean): InternalClock {
  let baseMs = start();
  let realStart = Date.now();
  const nowMs = (): number => (frozen ? baseMs : baseMs + (Date.now() - realStart));
  return {
    frozen,
    nowMs,
    now: () => new Date(nowMs()),
    advance(ms) {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new TypeError('clock.advance(ms): ms must be a finite number, not negative');
      }
      baseMs += ms;
    },
    set(time) {
      baseMs = toEpochMs(time, 'clock.set(time)');
      realStart = Date.now();
    },
    reset() {
      baseMs = start();
      realStart = Date.now();
    },
  };
}
