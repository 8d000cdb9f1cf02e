import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { stepDay } from '../checkins/as-of.days.js';
import { companyDay, fiscalQuarterAt, isKnownTimeZone } from './company-clock.js';

const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland', 'Pacific/Kiritimati'];

describe("the company's calendar day", () => {
  it('is the day a clock in its time zone shows, as luxon reads it', () => {
    // Around midnight UTC, across New York's and Berlin's changes of daylight saving time and a year's end.
    const moments = ['2026-03-08T06:59:59.999Z', '2026-03-29T00:30:00.000Z', '2026-10-31T23:59:59.999Z', '2026-12-31T23:00:00.000Z', '2027-01-01T11:00:00.000Z'];
    for (const zone of ZONES) {
      for (const at of moments) {
        expect(companyDay({ timeZone: zone }, at), `${at} in ${zone}`).toBe(DateTime.fromISO(at, { zone }).toISODate());
      }
    }
  });

  it('puts a moment in the fiscal quarter of the company’s day, not the UTC one', () => {
    // 31 July 2026, 22:00 in New York is already 1 August in UTC and in Berlin: a new fiscal year there.
    const at = new Date('2026-08-01T02:00:00.000Z');
    expect(fiscalQuarterAt(at, 'America/New_York')).toEqual({ year: 2025, quarter: 'q4' });
    expect(fiscalQuarterAt(at, 'Europe/Berlin')).toEqual({ year: 2026, quarter: 'q1' });
  });

  it('knows the time zones of the IANA database and nothing else', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('stepping the day shown', () => {
  const days = { first: '2026-08-01', last: '2026-12-09' };

  it('moves a week of calendar days, across a change of daylight saving time, within the days', () => {
    expect(stepDay('2026-10-29', 1, days)).toBe('2026-11-05');
    expect(stepDay('2026-11-05', -1, days)).toBe('2026-10-29');
    expect(stepDay('2026-08-05', -1, days)).toBe('2026-08-01');
    expect(stepDay('2026-12-07', 1, days)).toBe('2026-12-09');
  });
});
