import { describe, expect, it } from 'vitest';
import { lastFinishedQuarter, nextReviewOpening, quarterEnd, quarterUnderReview, reviewWindow } from './quarter-review.window.js';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';

describe('quarter ends on the company clock', () => {
  it('ends each fiscal quarter after the last day of its third month, from August', () => {
    expect(quarterEnd({ year: 2026, quarter: 'q1' }, 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(quarterEnd({ year: 2026, quarter: 'q2' }, 'UTC').toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(quarterEnd({ year: 2026, quarter: 'q3' }, 'UTC').toISOString()).toBe('2027-05-01T00:00:00.000Z');
    expect(quarterEnd({ year: 2026, quarter: 'q4' }, 'UTC').toISOString()).toBe('2027-08-01T00:00:00.000Z');
  });

  it('ends at local midnight in the company time zone, daylight saving time or not', () => {
    // Paris is UTC+1 on 1 November (summer time ended on 25 October) and UTC+2 on 1 May.
    expect(quarterEnd({ year: 2026, quarter: 'q1' }, PARIS).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(quarterEnd({ year: 2026, quarter: 'q3' }, PARIS).toISOString()).toBe('2027-04-30T22:00:00.000Z');
  });

  it('opens two weeks before the end on the wall clock, across a change of daylight saving time', () => {
    // New York leaves summer time on 1 November 2026, the very day Q1 ends: two weeks before is still 00:00 local.
    const { opensAt, endsAt, closesAt } = reviewWindow({ year: 2026, quarter: 'q1' }, NEW_YORK);
    expect(endsAt.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(opensAt.toISOString()).toBe('2026-10-18T04:00:00.000Z');
    expect(closesAt.toISOString()).toBe('2026-11-29T05:00:00.000Z');
  });
});

describe('the quarter under review', () => {
  const at = (iso: string) => new Date(iso);

  it('is none before the window opens, and the ending quarter from two weeks before its end', () => {
    expect(quarterUnderReview(at('2027-01-17T23:59:59Z'), 'UTC')).toBeNull();
    expect(quarterUnderReview(at('2027-01-18T00:00:00Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q2' });
  });

  it('stays the ended quarter for four weeks after its end, then closes', () => {
    expect(quarterUnderReview(at('2027-02-01T00:00:00Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q2' });
    expect(quarterUnderReview(at('2027-02-28T23:59:59Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q2' });
    expect(quarterUnderReview(at('2027-03-01T00:00:00Z'), 'UTC')).toBeNull();
  });

  it('turns the fiscal year with Q4', () => {
    expect(quarterUnderReview(at('2027-08-10T12:00:00Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q4' });
    expect(lastFinishedQuarter(at('2027-08-10T12:00:00Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q4' });
    expect(lastFinishedQuarter(at('2027-07-31T12:00:00Z'), 'UTC')).toEqual({ year: 2026, quarter: 'q3' });
  });

  it('reads the date on the company clock: late on 28 February UTC is already March in Tokyo', () => {
    const lateFebruary = at('2027-02-28T20:00:00Z');
    expect(quarterUnderReview(lateFebruary, 'UTC')).toEqual({ year: 2026, quarter: 'q2' });
    expect(quarterUnderReview(lateFebruary, 'Asia/Tokyo')).toBeNull();
  });

  it('opens at local midnight in Paris, not at midnight UTC', () => {
    expect(quarterUnderReview(at('2026-10-17T22:30:00Z'), PARIS)).toEqual({ year: 2026, quarter: 'q1' });
    expect(quarterUnderReview(at('2026-10-17T21:30:00Z'), PARIS)).toBeNull();
  });
});

describe('the next review window', () => {
  const at = (iso: string) => new Date(iso);

  it('between windows is the window of the quarter now falls in', () => {
    expect(nextReviewOpening(at('2027-03-10T09:00:00Z'), PARIS)).toEqual({ quarter: { year: 2026, quarter: 'q3' }, opensOn: '2027-04-17' });
    expect(nextReviewOpening(at('2027-01-17T23:59:59Z'), 'UTC')).toEqual({ quarter: { year: 2026, quarter: 'q2' }, opensOn: '2027-01-18' });
  });

  it('moves on to the next window at the instant the window opens on the company’s clock', () => {
    const { opensAt } = reviewWindow({ year: 2026, quarter: 'q3' }, PARIS);
    expect(nextReviewOpening(new Date(opensAt.getTime() - 1), PARIS)).toEqual({ quarter: { year: 2026, quarter: 'q3' }, opensOn: '2027-04-17' });
    expect(nextReviewOpening(opensAt, PARIS).quarter).toEqual({ year: 2026, quarter: 'q4' });
  });

  it('inside a window is the next quarter’s, across the turn of the fiscal year', () => {
    expect(nextReviewOpening(at('2027-01-18T00:00:00Z'), 'UTC')).toEqual({ quarter: { year: 2026, quarter: 'q3' }, opensOn: '2027-04-17' });
    expect(nextReviewOpening(at('2027-07-20T00:00:00Z'), 'UTC')).toEqual({ quarter: { year: 2027, quarter: 'q1' }, opensOn: '2027-10-18' });
  });
});
