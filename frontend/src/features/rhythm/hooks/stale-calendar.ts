import { nextCheckInTime, staleMarksAt, type TRhythmTimes } from '@v2mom/contracts';
import { dateWords } from '../../../lib/dates';
import type { StaleMarks } from '../../../components/stale-marks';
import type { StaleWords } from '../../../components/ui/stale-badge';

/**
 * The company calendar's part of the stale marks: the rules (contracts, with luxon) and the
 * wording of a mark's date on the company's clock. Loaded after a screen's first render, so the
 * lists never wait for it (docs/PERFORMANCE.md).
 */

export { nextCheckInTime };

/** The marks of every method at `now` (docs/PRODUCT.md#rhythm). */
export function staleMarksOf(rhythm: TRhythmTimes, now: Date): StaleMarks {
  const sinceOf = staleMarksAt(rhythm, now);
  // A screen's stale methods mostly went stale at the same few check-in times: each is worded once.
  const wordings = new Map<number, StaleWords>();
  return {
    since: (method) => sinceOf({ status: method.status, lastCheckInAt: method.lastCheckInAt, createdAt: method.createdAt, year: method.v2mom.year }),
    describe: (since) => {
      let words = wordings.get(since.getTime());
      if (!words) {
        const { weekday, day, dayInYear, time } = dateWords(since, rhythm.timeZone);
        words = {
          short: `Stale since ${weekday} ${dayInYear}`,
          full: `Stale since ${weekday} ${day}, ${time} (${rhythm.timeZone}): no check-in for two check-in periods`,
        };
        wordings.set(since.getTime(), words);
      }
      return words;
    },
  };
}
