import { TestClock, type Clock } from 'pg-boss';

/** How often a running clock catches up with the time that passed. */
const STEP_MS = 1_000;

/**
 * A clock that starts at `start` and runs on at the system's pace (CLOCK_START,
 * docs/PRODUCT.md#quarter-review). It is pg-boss's clock a test drives, moved forward by the time
 * that passes, so the job queue's statements in PostgreSQL read the same time as the server.
 */
export class RunningClock extends TestClock {
  readonly #timer: NodeJS.Timeout;

  constructor(start: Date) {
    super(start);
    let last = Date.now();
    let moving = Promise.resolve();
    this.#timer = setInterval(() => {
      const passed = Date.now() - last;
      last += passed;
      // One move at a time: each waits for the queue's statements in flight (TestClock.tick).
      moving = moving.then(() => this.tick(passed));
    }, STEP_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The server's clock: the one a caller gives (a test's), else one from CLOCK_START, else none (the system's). */
export function serverClock(given: Clock | undefined, start: Date | undefined): Clock | undefined {
  return given ?? (start ? new RunningClock(start) : undefined);
}

/** What "now" is on `clock`. */
export function nowOf(clock: Clock | undefined): () => Date {
  return () => new Date(clock ? clock.now() : Date.now());
}
