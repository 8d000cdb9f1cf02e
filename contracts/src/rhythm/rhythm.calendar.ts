import { DateTime, type WeekdayNumbers } from 'luxon';
import { fiscalQuarterAt } from '../common/company-clock.js';
import type { TWorkStatus } from '../common/work-status.js';
import type { TRhythmFields } from './rhythm.schemas.js';

/**
 * The company's weekly rhythm in time (docs/PRODUCT.md#rhythm): check-in times, check-in periods,
 * the meeting digest's time and when a method goes stale. Both ends call these, so a screen marks
 * a method stale at the instant the server's jobs count it so. Times are the company's wall clock
 * in its time zone, daylight saving time included.
 */

/** The rhythm as these rules read it. */
export type TRhythmTimes = Pick<TRhythmFields, 'timeZone' | 'checkInDay' | 'checkInTime' | 'meetingDay' | 'meetingTime'>;

interface Weekly {
  day: WeekdayNumbers;
  hour: number;
  minute: number;
  zone: string;
}

function weekly(day: number, time: string, zone: string): Weekly {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { day: day as WeekdayNumbers, hour, minute, zone };
}

/** The latest moment of a weekly time at or before `at`. */
function atOrBefore({ day, hour, minute, zone }: Weekly, at: Date): Date {
  const local = DateTime.fromJSDate(at, { zone });
  let moment = local.set({ weekday: day, hour, minute, second: 0, millisecond: 0 });
  // A week back, then the wall-clock time again: a week across a change of daylight saving time is not 7 × 24 hours.
  if (moment > local) moment = moment.minus({ weeks: 1 }).set({ hour, minute });
  return moment.toJSDate();
}

/** The first moment of a weekly time after `at`. */
function after(time: Weekly, at: Date): Date {
  const last = DateTime.fromJSDate(atOrBefore(time, at), { zone: time.zone });
  return last.plus({ weeks: 1 }).set({ hour: time.hour, minute: time.minute }).toJSDate();
}

const checkIn = (rhythm: TRhythmTimes) => weekly(rhythm.checkInDay, rhythm.checkInTime, rhythm.timeZone);

/** The meeting digest goes out the day before the meeting, at the meeting's time. */
const digest = (rhythm: TRhythmTimes) => weekly(rhythm.meetingDay === 1 ? 7 : rhythm.meetingDay - 1, rhythm.meetingTime, rhythm.timeZone);

/** The check-in time at or before `at`: the start of the check-in period `at` falls in. */
export function checkInTimeAtOrBefore(rhythm: TRhythmTimes, at: Date): Date {
  return atOrBefore(checkIn(rhythm), at);
}

/** The first check-in time after `at`: the end of the check-in period `at` falls in. */
export function nextCheckInTime(rhythm: TRhythmTimes, at: Date): Date {
  return after(checkIn(rhythm), at);
}

/** The check-in time before the check-in time `time`: where the period ending at `time` began. */
export function previousCheckInTime(rhythm: TRhythmTimes, time: Date): Date {
  return atOrBefore(checkIn(rhythm), new Date(time.getTime() - 1));
}

/** The meeting digest's time at or before `at`. */
export function digestTimeAtOrBefore(rhythm: TRhythmTimes, at: Date): Date {
  return atOrBefore(digest(rhythm), at);
}

/** The first meeting digest time after `at`. */
export function nextDigestTime(rhythm: TRhythmTimes, at: Date): Date {
  return after(digest(rhythm), at);
}

/** The COO meeting time at or before `at`: the last meeting, which a deck's changes count from (docs/PRODUCT.md#deck). */
export function meetingTimeAtOrBefore(rhythm: TRhythmTimes, at: Date): Date {
  return atOrBefore(weekly(rhythm.meetingDay, rhythm.meetingTime, rhythm.timeZone), at);
}

/** The meeting the digest sent at `digestTime` prepares: the next meeting time after it. */
export function meetingAfter(rhythm: TRhythmTimes, digestTime: Date): Date {
  return after(weekly(rhythm.meetingDay, rhythm.meetingTime, rhythm.timeZone), digestTime);
}

/**
 * The COO meeting a brief prepares at `at` (docs/PRODUCT.md#meeting-brief): the meeting of `at`'s
 * day on the company's clock, before it or while it runs, else the next meeting.
 */
export function briefMeetingAt(rhythm: TRhythmTimes, at: Date): Date {
  const dayStart = DateTime.fromJSDate(at, { zone: rhythm.timeZone }).startOf('day');
  return after(weekly(rhythm.meetingDay, rhythm.meetingTime, rhythm.timeZone), dayStart.minus({ milliseconds: 1 }).toJSDate());
}

/** What decides whether a method is stale. */
export interface TStaleCandidate {
  status: TWorkStatus;
  /** The method's last check-in; null when it has none. */
  lastCheckInAt: string | null;
  /** When it was created: a method never checked in counts its periods from then. */
  createdAt: string;
  /** Its V2MOM's fiscal year. */
  year: number;
}

/**
 * When a method went stale: the end of the second whole check-in period with no check-in after
 * its last one (or after its creation), or null when it is not stale at `now`. Completed methods
 * and methods of other fiscal years are never stale.
 */
export function staleSince(rhythm: TRhythmTimes, method: TStaleCandidate, now: Date): Date | null {
  return staleMarksAt(rhythm, now)(method);
}

/**
 * The stale rule at `now` as one comparison, for a query to filter by: a method is stale when it
 * is of the fiscal `year`, not completed, and its last check-in (its creation when it has none) is
 * before `staleBefore`, the check-in time two before the latest one (`staleMarksAt` says why).
 */
export function staleRuleAt(rhythm: TRhythmTimes, now: Date): { year: number; staleBefore: Date } {
  const latest = checkInTimeAtOrBefore(rhythm, now);
  return { year: fiscalQuarterAt(now, rhythm.timeZone).year, staleBefore: previousCheckInTime(rhythm, previousCheckInTime(rhythm, latest)) };
}

/**
 * `staleSince` for many methods at one moment: a screen's hundreds of methods, or a job's
 * thousands. The company's calendar is read once, walking back from `now` over the check-in times
 * the methods need; each method is then a comparison and a search, not a dozen time-zone
 * conversions.
 *
 * The end of the second whole period after a moment `t` is the third check-in time after it; it
 * has passed at `now` exactly when `t` is before the check-in time two before the latest one.
 */
export function staleMarksAt(rhythm: TRhythmTimes, now: Date): (method: TStaleCandidate) => Date | null {
  const { year } = fiscalQuarterAt(now, rhythm.timeZone);
  // Check-in times at or before `now`, latest first.
  const times = [checkInTimeAtOrBefore(rhythm, now).getTime()];
  const reachBack = (until: (oldest: number) => boolean) => {
    for (let oldest = times[times.length - 1]!; !until(oldest); oldest = times[times.length - 1]!) {
      times.push(previousCheckInTime(rhythm, new Date(oldest)).getTime());
    }
  };
  reachBack(() => times.length >= 3);
  const staleBefore = times[2]!;

  return (method) => {
    if (method.status === 'completed' || method.year !== year) return null;
    const from = Date.parse(method.lastCheckInAt ?? method.createdAt);
    if (!(from < staleBefore)) return null;
    reachBack((oldest) => oldest <= from);
    // The first check-in time after `from` is the last one, latest first, that is after it.
    let low = 0;
    let high = times.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (times[middle]! > from) low = middle;
      else high = middle;
    }
    return new Date(times[low - 2]!);
  };
}
