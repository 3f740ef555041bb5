// What the mock does when its clock reaches a time: the later steps of a dispute run on the clock.
import { MAX_TIMER_MS } from '../../../src/seam/limits.js';

/** One thing to do at a time of the mock clock. */
interface Step {
  readonly at: number;
  readonly order: number;
  readonly run: () => Promise<void>;
}

/**
 * The steps waiting for the mock clock. Each runs once the clock reaches its time: when the clock
 * is moved (`advance`, `set`) and, on a clock that follows real time, when that time comes. Steps
 * run one after another, in the order of their times (then of their scheduling), each once the
 * one before has ended; `settled()` waits for those started so far.
 *
 * @internal
 */
export class Timeline {
  readonly #now: () => number;
  readonly #frozen: boolean;
  readonly #track: (running: Promise<void>) => void;
  #steps: Step[] = [];
  #order = 0;
  #chain: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `now()` reads the mock clock; `frozen` says whether it stands still between moves; `track`
   * is given each run of steps, so that waiting for webhooks waits for them too.
   */
  constructor(now: () => number, frozen: boolean, track: (running: Promise<void>) => void) {
    this.#now = now;
    this.#frozen = frozen;
    this.#track = track;
  }

  /** The mock clock's time, in epoch milliseconds. */
  now(): number {
    return this.#now();
  }

  /** Runs `run` once the mock clock reaches `at` (epoch milliseconds). */
  schedule(at: number, run: () => Promise<void>): void {
    this.#steps.push({ at, order: this.#order++, run });
    this.#steps.sort((a, b) => a.at - b.at || a.order - b.order);
    this.#arm();
  }

  /** Starts every step whose time has come, in order, after those already running. */
  runDue(): void {
    const now = this.#now();
    const due = this.#steps.filter((step) => step.at <= now);
    this.#steps = this.#steps.filter((step) => step.at > now);
    for (const step of due) {
      // A step that fails stops itself only; the next ones still run.
      this.#chain = this.#chain.then(step.run).catch(() => undefined);
    }
    if (due.length > 0) this.#track(this.#chain);
    this.#arm();
  }

  /**
   * On a clock that follows real time, a timer for the first step waiting, set again after each
   * run and each move of the clock (which may have moved it nearer or further).
   */
  #arm(): void {
    if (this.#frozen) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const first = this.#steps[0];
    if (first === undefined) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.runDue();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, first.at - this.#now())),
    );
    // A step waiting never keeps the process alive.
    this.#timer.unref?.();
  }

  /** Waits until every step started so far has ended. */
  settled(): Promise<void> {
    return this.#chain;
  }

  /** No step waits any more (a running one ends on its own). */
  reset(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#steps = [];
  }
}
