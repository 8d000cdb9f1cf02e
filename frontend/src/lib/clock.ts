/**
 * The browser's one clock (docs/PRODUCT.md#clock): "now" for every rule that reads the date or
 * compares with a time the server wrote: the fiscal quarter and year, '3 days ago' and 'just now',
 * the next check-in time, a new V2MOM's or method's defaults, a file's name, and the times the
 * browser stamps on what it shows before the server answers.
 *
 * A server on a set clock (CLOCK_START, or a test's) names its now on every API answer; from the
 * first such answer on, this clock runs at the offset the latest one gives from the browser's own,
 * so a page reads dates as the server does. An answer without it (a server on the system's clock)
 * puts the browser back on its own clock.
 *
 * What is not a date stays on the browser's own Date.now() or performance.now(): the length of
 * time between two moments the browser itself saw (a timer's delay, how long a typing mark stays,
 * React Query's `dataUpdatedAt`, which its own Date.now() sets), and a key that only has to differ
 * from an earlier page load's. An offset cancels out of such a length, and a new answer moving the
 * offset in between would only distort it.
 */

/** How far the server's clock is ahead of the browser's, in milliseconds; 0 on the browser's own. */
let offsetMs = 0;

/** Epoch milliseconds, digits only: anything else is not a server's clock. */
const EPOCH_MS = /^\d+$/;

export const clock = {
  /** Now, in milliseconds since the epoch. */
  millis: (): number => Date.now() + offsetMs,
  /** Now, as a Date. */
  now: (): Date => new Date(Date.now() + offsetMs),
};

/**
 * Follows the server's clock as an answer's SERVER_CLOCK_HEADER gives it (`header`, null without
 * one). The server read its clock somewhere between sending the request (`sentAt`) and the answer
 * arriving (`receivedAt`), both on the browser's own clock: taken to be halfway.
 */
export function followServerClock(header: string | null, sentAt: number, receivedAt: number): void {
  offsetMs = header !== null && EPOCH_MS.test(header) ? Number(header) - (sentAt + receivedAt) / 2 : 0;
}
