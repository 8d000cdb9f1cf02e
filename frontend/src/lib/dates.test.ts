import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateWords, formatDate, formatDateTime, parseApiDate } from './dates';

describe('how the app writes days and times', () => {
  // The browser's clock is New York's: Node reads a new TZ at once.
  beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
  afterEach(() => vi.unstubAllEnvs());

  it('writes a calendar day and an instant the same way', () => {
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027');
    expect(formatDate('2027-01-31T15:00:00.000Z')).toBe('31 Jan 2027');
  });

  it('writes a time on a 24-hour clock, on the browser’s clock', () => {
    expect(formatDateTime('2027-02-01T00:43:00.000Z')).toBe('31 Jan 2027, 19:43');
    expect(formatDateTime('2027-01-31T14:05:00.000Z')).toBe('31 Jan 2027, 09:05');
    expect(formatDateTime('2027-09-01T04:03:00.000Z')).toBe('1 Sep 2027, 00:03');
  });

  it('reads a calendar day as that day on the browser’s clock, and an offset as given', () => {
    expect(parseApiDate('2027-01-31')?.toISOString()).toBe('2027-01-31T05:00:00.000Z');
    expect(parseApiDate('2027-01-31T10:00:00+02:00')?.toISOString()).toBe('2027-01-31T08:00:00.000Z');
  });

  it('names a weekday, and writes a moment on another clock when given its time zone', () => {
    expect(dateWords(new Date('2027-02-01T00:43:00.000Z'))).toEqual({ day: '31 Jan 2027', dayInYear: '31 Jan', weekday: 'Sun', time: '19:43' });
    expect(dateWords(new Date('2027-02-01T00:43:00.000Z'), 'Europe/Berlin')).toEqual({ day: '1 Feb 2027', dayInYear: '1 Feb', weekday: 'Mon', time: '01:43' });
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('March 7, 2027')).toBe('March 7, 2027');
    expect(formatDate('2027-02-30')).toBe('2027-02-30');
    expect(formatDateTime('2027-02-30T10:00:00.000Z')).toBe('2027-02-30T10:00:00.000Z');
    expect(formatDateTime('')).toBe('');
  });
});
