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
 * The check-in times around `now`: the check-in period it falls in (`latest` to `next`); all of
 * them, latest first, the three after it, then those at or before it, reached back as far as a
 * method's stale mark needs (`staleAtOf` adds them); the times still to come that are of the next
 * fiscal year; `now`'s fiscal year; and the check-in time two before the latest one (`staleRuleAt`).
 */
interface CheckInCalendar {
  year: number;
  latest: number;
  next: number;
  times: number[];
  nextYear: ReadonlySet<number>;
  staleBefore: number;
}

/**
 * The last calendar laid out, with the check-in rhythm and the check-in period it holds for. Each
 * method list page, stale count and method write reads one, the same until the next check-in
 * time; laying it out takes a dozen time-zone conversions, a quarter of a millisecond
 * (docs/PERFORMANCE.md#company).
 */
let lastCalendar: (CheckInCalendar & { rhythm: string }) | undefined;

function calendarAt(rhythm: TRhythmTimes, now: Date): CheckInCalendar {
  const key = `${rhythm.timeZone} ${rhythm.checkInDay} ${rhythm.checkInTime}`;
  const { year } = fiscalQuarterAt(now, rhythm.timeZone);
  const at = now.getTime();
  const known = lastCalendar;
  if (known && known.rhythm === key && known.year === year && known.latest <= at && at < known.next) return known;
  const next = nextCheckInTime(rhythm, now);
  const later = nextCheckInTime(rhythm, next);
  const latest = checkInTimeAtOrBefore(rhythm, now);
  const times = [nextCheckInTime(rhythm, later), later, next, latest].map((time) => time.getTime());
  const nextYear = new Set(times.slice(0, 3).filter((time) => fiscalQuarterAt(new Date(time), rhythm.timeZone).year !== year));
  const staleBefore = previousCheckInTime(rhythm, previousCheckInTime(rhythm, latest)).getTime();
  lastCalendar = { rhythm: key, year, latest: latest.getTime(), next: next.getTime(), times, nextYear, staleBefore };
  return lastCalendar;
}

/** The next two check-in times after `now`: when a screen marking stale methods reads the rhythm again. */
export function comingCheckInTimes(rhythm: TRhythmTimes, now: Date): [Date, Date] {
  const { next, times } = calendarAt(rhythm, now);
  // Latest first, three to come: the one after `next` is the second.
  return [new Date(next), new Date(times[1]!)];
}

/**
 * The stale rule at `now` as one comparison, for a query to filter by: a method is stale when it
 * is of the fiscal `year`, not completed, and its last check-in (its creation when it has none) is
 * before `staleBefore`, the check-in time two before the latest one: the third check-in time after
 * a moment has passed at `now` exactly when the moment is before that one (`staleAtOf`).
 */
export function staleRuleAt(rhythm: TRhythmTimes, now: Date): { year: number; staleBefore: Date } {
  const { year, staleBefore } = calendarAt(rhythm, now);
  return { year, staleBefore: new Date(staleBefore) };
}

/**
 * When each method goes stale, at `now` (docs/PRODUCT.md#rhythm): the end of the second whole
 * check-in period with no check-in after its last one (or after its creation), the third check-in
 * time after it, passed or still to come; null when it never does: completed methods, methods of
 * another fiscal year than `now`'s, and methods whose moment would come in the next fiscal year
 * (theirs would be a past year by then). A method is stale at `now` when its moment is at or
 * before it.
 *
 * For many methods at once (a list's hundreds, a job's thousands): the company's calendar is laid
 * out once (`calendarAt`, kept until the next check-in time), the three check-in times after
 * `now` and back from `now` over the check-in times the methods need; each method is then a
 * comparison and a search, not a dozen time-zone conversions.
 */
export function staleAtOf(rhythm: TRhythmTimes, now: Date): (method: TStaleCandidate) => Date | null {
  const { year, next, times, nextYear } = calendarAt(rhythm, now);
  const reachBack = (from: number) => {
    for (let oldest = times[times.length - 1]!; oldest > from; oldest = times[times.length - 1]!) {
      times.push(previousCheckInTime(rhythm, new Date(oldest)).getTime());
    }
  };
  return (method) => {
    if (method.status === 'completed' || method.year !== year) return null;
    const from = Date.parse(method.lastCheckInAt ?? method.createdAt);
    // A moment after `now` (a clock ahead of the server's): the rule as it is worded.
    if (!(from < next)) return null;
    reachBack(from);
    // The first check-in time after `from` is the last one, latest first, that is after it.
    let low = 0;
    let high = times.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (times[middle]! > from) low = middle;
      else high = middle;
    }
    const staleAt = times[low - 2]!;
    return nextYear.has(staleAt) ? null : new Date(staleAt);
  };
}
