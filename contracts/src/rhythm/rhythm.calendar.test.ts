import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  briefMeetingAt,
  checkInTimeAtOrBefore,
  comingCheckInTimes,
  digestTimeAtOrBefore,
  meetingAfter,
  nextCheckInTime,
  nextDigestTime,
  previousCheckInTime,
  staleAtOf,
  staleRuleAt,
  type TRhythmTimes,
  type TStaleCandidate,
} from './rhythm.calendar.js';
import { ZRhythmFieldsSchema } from './rhythm.schemas.js';
import { fiscalQuarterAt } from '../common/company-clock.js';

// Check-ins on Fridays at 16:00 in Paris, the meeting on Mondays at 09:30.
const PARIS = { timeZone: 'Europe/Paris', checkInDay: 5, checkInTime: '16:00', meetingDay: 1, meetingTime: '09:30' };
const iso = (date: Date) => date.toISOString();

describe('check-in times', () => {
  it('finds the check-in time at or before a moment, in the company time zone', () => {
    // Friday 27 Nov 2026 16:00 in Paris is 15:00 UTC.
    expect(iso(checkInTimeAtOrBefore(PARIS, new Date('2026-11-27T15:00:00Z')))).toBe('2026-11-27T15:00:00.000Z');
    expect(iso(checkInTimeAtOrBefore(PARIS, new Date('2026-11-27T14:59:59Z')))).toBe('2026-11-20T15:00:00.000Z');
    expect(iso(checkInTimeAtOrBefore(PARIS, new Date('2026-11-30T08:00:00Z')))).toBe('2026-11-27T15:00:00.000Z');
    expect(iso(nextCheckInTime(PARIS, new Date('2026-11-27T15:00:00Z')))).toBe('2026-12-04T15:00:00.000Z');
    expect(iso(previousCheckInTime(PARIS, new Date('2026-11-27T15:00:00Z')))).toBe('2026-11-20T15:00:00.000Z');
  });

  it('keeps the wall-clock time across a change of daylight saving time', () => {
    // Paris leaves summer time on Sunday 25 Oct 2026: 16:00 is 14:00 UTC before, 15:00 UTC after.
    expect(iso(nextCheckInTime(PARIS, new Date('2026-10-23T14:00:00Z')))).toBe('2026-10-30T15:00:00.000Z');
    expect(iso(checkInTimeAtOrBefore(PARIS, new Date('2026-10-29T12:00:00Z')))).toBe('2026-10-23T14:00:00.000Z');
  });

  it('sends the digest the day before the meeting, Sunday for a Monday meeting', () => {
    expect(iso(digestTimeAtOrBefore(PARIS, new Date('2026-11-30T08:00:00Z')))).toBe('2026-11-29T08:30:00.000Z');
    expect(iso(meetingAfter(PARIS, new Date('2026-11-29T08:30:00Z')))).toBe('2026-11-30T08:30:00.000Z');
    expect(iso(nextDigestTime(PARIS, new Date('2026-11-29T08:30:00Z')))).toBe('2026-12-06T08:30:00.000Z');
  });

  it("briefs the meeting of the company's day, held or to come, else the next one", () => {
    // Monday 30 Nov 2026: before the 09:30 meeting, during it and in the evening, still that meeting.
    for (const at of ['2026-11-29T23:30:00Z', '2026-11-30T08:45:00Z', '2026-11-30T22:00:00Z']) {
      expect(iso(briefMeetingAt(PARIS, new Date(at)))).toBe('2026-11-30T08:30:00.000Z');
    }
    // Past midnight in Paris on Tuesday: the next Monday's.
    expect(iso(briefMeetingAt(PARIS, new Date('2026-11-30T23:30:00Z')))).toBe('2026-12-07T08:30:00.000Z');
  });
});

/** When the method went stale at `now`: its moment when that has come, else null. */
const staleSince = (rhythm: TRhythmTimes, method: TStaleCandidate, now: Date): Date | null => {
  const at = staleAtOf(rhythm, now)(method);
  return at && at <= now ? at : null;
};

describe('stale methods', () => {
  const method = (lastCheckInAt: string | null, extra: Partial<TStaleCandidate> = {}): TStaleCandidate => ({
    status: 'in_progress',
    lastCheckInAt,
    createdAt: '2026-09-01T10:00:00Z',
    year: 2026,
    ...extra,
  });

  it('goes stale at the end of the second whole period without a check-in', () => {
    // Checked in Wednesday 11 Nov: its period ends Fri 13 Nov; the periods to 20 and 27 Nov pass without one.
    const checkedIn = method('2026-11-11T10:00:00Z');
    expect(staleSince(PARIS, checkedIn, new Date('2026-11-27T14:59:00Z'))).toBeNull();
    expect(iso(staleSince(PARIS, checkedIn, new Date('2026-11-27T15:00:00Z')) as Date)).toBe('2026-11-27T15:00:00.000Z');
    expect(iso(staleSince(PARIS, checkedIn, new Date('2026-12-20T10:00:00Z')) as Date)).toBe('2026-11-27T15:00:00.000Z');
  });

  it('counts from the creation of a method never checked in, and never marks completed or other years', () => {
    const now = new Date('2026-11-27T15:00:00Z');
    expect(staleSince(PARIS, method(null, { createdAt: '2026-11-12T10:00:00Z' }), now)).not.toBeNull();
    expect(staleSince(PARIS, method(null, { createdAt: '2026-11-14T10:00:00Z' }), now)).toBeNull();
    expect(staleSince(PARIS, method(null, { status: 'completed' }), now)).toBeNull();
    expect(staleSince(PARIS, method(null, { year: 2025 }), now)).toBeNull();
  });

  it('says when a method not yet stale goes stale, the moment it will be marked at', () => {
    const checkedIn = method('2026-11-11T10:00:00Z');
    for (const at of ['2026-11-11T10:00:00Z', '2026-11-20T15:00:00Z', '2026-11-27T14:59:59Z', '2026-11-27T15:00:00Z', '2027-01-04T00:00:00Z']) {
      expect(iso(staleAtOf(PARIS, new Date(at))(checkedIn) as Date)).toBe('2026-11-27T15:00:00.000Z');
    }
    // Checked in just before a check-in time: that one ends its first period.
    expect(iso(staleAtOf(PARIS, new Date('2026-11-27T15:00:00Z'))(method('2026-11-27T14:59:00Z')) as Date)).toBe('2026-12-11T15:00:00.000Z');
    // Checked in at the check-in time: the period it opens is the first.
    expect(iso(staleAtOf(PARIS, new Date('2026-11-27T15:00:00Z'))(method('2026-11-27T15:00:00Z')) as Date)).toBe('2026-12-18T15:00:00.000Z');
    expect(staleAtOf(PARIS, new Date('2026-11-27T15:00:00Z'))(method('2026-11-27T15:00:00Z', { status: 'completed' }))).toBeNull();
  });

  it('keeps the wall-clock check-in time across a change of daylight saving time', () => {
    // Paris leaves summer time on Sunday 25 October 2026: 16:00 is 14:00 UTC before, 15:00 UTC after.
    const checkedIn = method('2026-10-14T10:00:00Z');
    expect(iso(staleAtOf(PARIS, new Date('2026-10-20T12:00:00Z'))(checkedIn) as Date)).toBe('2026-10-30T15:00:00.000Z');
    expect(iso(staleAtOf(PARIS, new Date('2026-11-02T12:00:00Z'))(checkedIn) as Date)).toBe('2026-10-30T15:00:00.000Z');
    // Checked in before the change, stale after it: 16 and 23 October were 14:00 UTC.
    expect(iso(staleAtOf(PARIS, new Date('2026-11-02T12:00:00Z'))(method('2026-10-08T10:00:00Z')) as Date)).toBe('2026-10-23T14:00:00.000Z');
  });

  it('gives no moment in the next fiscal year: the method would be of a past year by then', () => {
    // The fiscal year 2026 ends on 31 July 2027, a Saturday.
    const now = new Date('2027-07-20T10:00:00Z');
    const year = { year: 2026 };
    // Checked in on Monday 12 July: stale at the third check-in time after it, Friday 30 July, still 2026's.
    expect(iso(staleAtOf(PARIS, now)(method('2027-07-12T10:00:00Z', year)) as Date)).toBe('2027-07-30T14:00:00.000Z');
    // Checked in on Monday 19 July: its moment, Friday 6 August, is of the fiscal year 2027.
    expect(staleAtOf(PARIS, now)(method('2027-07-19T10:00:00Z', year))).toBeNull();
  });

  it("takes the fiscal year on the company's clock, whatever the server's time zone", () => {
    // 16:00 UTC on 31 July 2027 is already 1 August, fiscal year 2027, in Tokyo.
    const tokyo = { ...PARIS, timeZone: 'Asia/Tokyo' };
    const now = new Date('2027-07-31T16:00:00Z');
    const neverCheckedIn = { createdAt: '2027-06-01T00:00:00Z' };
    expect(staleSince(tokyo, method(null, { ...neverCheckedIn, year: 2027 }), now)).not.toBeNull();
    expect(staleSince(tokyo, method(null, { ...neverCheckedIn, year: 2026 }), now)).toBeNull();
  });
});

describe('stale marks of many methods at one moment', () => {
  /** The rule as PRODUCT.md words it: the third check-in time after the last check-in, unless it is still to come in the next fiscal year. */
  const byTheWords = (rhythm: TRhythmTimes, from: Date, now: Date, year = 2026): Date | null => {
    const third = nextCheckInTime(rhythm, nextCheckInTime(rhythm, nextCheckInTime(rhythm, from)));
    return third > now && fiscalQuarterAt(third, rhythm.timeZone).year !== year ? null : third;
  };
  // A small deterministic generator: the same cases on every run.
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
  const clock = () => `${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`;

  it('gives every method the moment the rule gives it, passed or to come, across daylight saving time, checked in or not', () => {
    for (let round = 0; round < 40; round++) {
      const rhythm = { timeZone: zones[round % zones.length]!, checkInDay: 1 + Math.floor(random() * 7), checkInTime: clock(), meetingDay: 1, meetingTime: '09:00' };
      // Moments from August 2026 to July 2027, so every one is in the fiscal year of the methods below.
      const now = new Date(Date.UTC(2026, 7, 1) + random() * 360 * 86_400_000);
      const marks = staleAtOf(rhythm, now);
      for (let index = 0; index < 25; index++) {
        const from = new Date(now.getTime() - random() * 120 * 86_400_000);
        const checkedIn = index % 3 !== 0;
        const method: TStaleCandidate = {
          status: 'in_progress',
          lastCheckInAt: checkedIn ? iso(from) : null,
          createdAt: checkedIn ? '2026-08-01T00:00:00Z' : iso(from),
          year: 2026,
        };
        expect(marks(method)?.toISOString() ?? null, `${rhythm.timeZone} ${rhythm.checkInDay} ${rhythm.checkInTime}, ${iso(from)} at ${iso(now)}`).toBe(
          byTheWords(rhythm, from, now)?.toISOString() ?? null,
        );
      }
    }
  });

  it('gives the same rule, marks and coming check-in times moment after moment, into the next check-in period and fiscal year and back', () => {
    const rhythm = { timeZone: 'America/New_York', checkInDay: 5, checkInTime: '16:00', meetingDay: 1, meetingTime: '09:00' };
    // Every seven hours from mid-July 2027 past the fiscal year's start on August 1 (a Sunday, between two check-in times), then back again.
    const moments = Array.from({ length: 120 }, (_, step) => new Date(Date.UTC(2027, 6, 12) + step * 7 * 3_600_000));
    // The system's clock at the first moment, so that nothing read from it moves with the day the test runs.
    vi.useFakeTimers({ toFake: ['Date'], now: moments[0] });
    onTestFinished(() => void vi.useRealTimers());
    for (const now of [...moments, ...moments.toReversed()]) {
      const year = fiscalQuarterAt(now, rhythm.timeZone).year;
      const next = nextCheckInTime(rhythm, now);
      expect(comingCheckInTimes(rhythm, now).map(iso), iso(now)).toEqual([next, nextCheckInTime(rhythm, next)].map(iso));
      const latest = checkInTimeAtOrBefore(rhythm, now);
      expect(staleRuleAt(rhythm, now), iso(now)).toEqual({ year, staleBefore: previousCheckInTime(rhythm, previousCheckInTime(rhythm, latest)) });
      const marks = staleAtOf(rhythm, now);
      for (let index = 0; index < 6; index++) {
        // One check-in a few days ahead of `now`, as a client's clock ahead of the server's writes it: none at or after the next check-in time is marked.
        const from = new Date(now.getTime() + (index === 0 ? random() * 10 : -random() * 60) * 86_400_000);
        const method: TStaleCandidate = { status: 'in_progress', lastCheckInAt: iso(from), createdAt: '2026-08-01T00:00:00Z', year };
        const expected = from >= nextCheckInTime(rhythm, now) ? null : byTheWords(rhythm, from, now, year);
        expect(marks(method)?.toISOString() ?? null, `${iso(from)} at ${iso(now)}`).toBe(expected?.toISOString() ?? null);
      }
    }
  });
});

describe('the rhythm settings', () => {
  it('refuses an unknown time zone and a time that is not on the clock, saying why', () => {
    const issues = ZRhythmFieldsSchema.safeParse({ ...PARIS, timeZone: 'Mars/Olympus', checkInTime: '25:00', meetingDay: 8 }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['timeZone', 'Unknown time zone: Mars/Olympus'],
      ['checkInTime', 'A time is written HH:MM, from 00:00 to 23:59'],
      ['meetingDay', 'A day of the week is a number from 1 (Monday) to 7 (Sunday)'],
    ]);
    expect(ZRhythmFieldsSchema.parse(PARIS)).toEqual(PARIS);
  });
});
