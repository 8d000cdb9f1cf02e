import { TestClock, type Clock } from 'pg-boss';

/**
 * The server's clock (docs/PRODUCT.md#clock): the system's, a test's, or one CLOCK_START
 * starts. It is the only "now" of every rule that depends on the date or the time of day: fiscal
 * quarters and years, review windows, the rhythm and its runs, the week of a check-in, the times a
 * row records (created, updated, edited, resolved, deleted, read, seen, sent, run), expiry
 * (sessions, meeting-room links), the change log and its retention, the demo seed, decks and the
 * assistant's "today". SQL is given it as a parameter, never PostgreSQL's `now()`. The job queue's
 * schedule runs in PostgreSQL, on pg-boss's own reading of the time, which a set clock (a
 * TestClock) moves too.
 *
 * How long something took or has lasted is not a date: rate-limit windows, cache ages, pacing,
 * timeouts, latency and uptime measure elapsed time with `Date.now()` or `performance.now()`.
 *
 * One process runs on one clock. Entity hooks and services cannot be handed a clock per app, so
 * `bootstrap()` installs the app's here and everything reads it through `now()`; servers started
 * together in one process (a test's cluster) share one clock.
 */

/** How often a running clock catches up with the time that passed. */
const STEP_MS = 1_000;

/**
 * A clock that starts at `start` and runs on at the system's pace (CLOCK_START). It is pg-boss's
 * clock a test drives, moved forward by the time that passes, so the job queue's statements in
 * PostgreSQL read the same time as the server.
 */
export class RunningClock extends TestClock {
  readonly #timer: NodeJS.Timeout;
  readonly #start: number;
  readonly #startedAt = Date.now();

  constructor(start: Date) {
    super(start);
    this.#start = start.getTime();
    let last = this.#startedAt;
    let moving = Promise.resolve();
    this.#timer = setInterval(() => {
      const passed = Date.now() - last;
      last += passed;
      // One move at a time: each waits for the queue's statements in flight (TestClock.tick).
      moving = moving.then(() => this.tick(passed));
    }, STEP_MS);
    this.#timer.unref();
  }

  /**
   * Now to the millisecond, as the server reads it: the queue's own reading (`now()`) moves a step
   * at a time, which would give rows written within a step the same time.
   */
  exactNow(): number {
    return this.#start + (Date.now() - this.#startedAt);
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The server's clock: the one a caller gives (a test's), else one from CLOCK_START, else none (the system's). */
export function serverClock(given: Clock | undefined, start: Date | undefined): Clock | undefined {
  return given ?? (start ? new RunningClock(start) : undefined);
}

/** The clock the open apps run on, how it is read, and how many apps they are. */
let installed: { clock: Clock | undefined; read: () => number; apps: number } = { clock: undefined, read: Date.now, apps: 0 };

function readerOf(clock: Clock | undefined): () => number {
  if (clock instanceof RunningClock) return () => clock.exactNow();
  return clock ? () => clock.now() : Date.now;
}

/**
 * Makes `clock` (none: the system's) this process's clock while an app runs on it; answers the
 * call that gives it back as the app closes. A second app on another clock while the first is
 * open is refused: one of them would read the other's time.
 */
export function installClock(clock: Clock | undefined): () => void {
  if (installed.apps > 0 && installed.clock !== clock) {
    throw new Error('This process already runs a server on another clock: servers started together share one');
  }
  installed = { clock, read: readerOf(clock), apps: installed.apps + 1 };
  let given = false;
  return () => {
    if (given) return;
    given = true;
    installed = installed.apps > 1 ? { ...installed, apps: installed.apps - 1 } : { clock: undefined, read: Date.now, apps: 0 };
  };
}

/** What now is on the server's clock. */
export function now(): Date {
  return new Date(installed.read());
}
