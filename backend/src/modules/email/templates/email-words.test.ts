import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installClock } from '../../../server-clock.js';
import { formatDay } from './email-words.js';
import { meetingDigestSubject } from './meeting-digest.js';

/** Emails write a day as the screens do (docs/PRODUCT.md#dates-and-times): `Tue 3 Mar 2026`. */
describe('the days an email writes', () => {
  // The server's clock on the day such a digest goes out, whatever day the test runs.
  let giveClockBack: () => void;
  beforeAll(() => {
    giveClockBack = installClock(new TestClock(Date.parse('2026-03-02T09:00:00.000Z')));
  });
  afterAll(() => giveClockBack());

  it('writes a calendar day with its weekday, day, month and year, on no time zone', () => {
    expect(formatDay('2026-03-03')).toBe('Tue 3 Mar 2026');
    expect(formatDay('2026-12-31T23:30:00.000Z')).toBe('Thu 31 Dec 2026');
  });

  it("puts it in the meeting digest's subject", () => {
    const subject = meetingDigestSubject({ meetingDay: '2026-03-03', brief: '', checkedIn: { count: 4, of: 5 }, statusChanges: [], stale: [], newObstacles: [], biggestMovers: [] });
    expect(subject).toBe('Before the COO meeting on Tue 3 Mar 2026: 80% of methods checked in');
  });

  it('leaves a value that is not a day as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});
