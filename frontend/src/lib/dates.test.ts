import { Settings } from 'luxon';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('how the app writes days and times', () => {
  const before = { zone: Settings.defaultZone, locale: Settings.defaultLocale };
  beforeEach(() => {
    Settings.defaultZone = 'America/New_York';
    // A browser in another language: the app's words stay English.
    Settings.defaultLocale = 'fr-FR';
  });
  afterEach(() => {
    Settings.defaultZone = before.zone;
    Settings.defaultLocale = before.locale;
  });

  it('writes a calendar day and an instant the same way', () => {
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027');
    expect(formatDate('2027-01-31T15:00:00.000Z')).toBe('31 Jan 2027');
  });

  it('writes a time on a 24-hour clock, on the browser’s clock', () => {
    expect(formatDateTime('2027-02-01T00:43:00.000Z')).toBe('31 Jan 2027, 19:43');
    expect(formatDateTime('2027-01-31T14:05:00.000Z')).toBe('31 Jan 2027, 09:05');
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
