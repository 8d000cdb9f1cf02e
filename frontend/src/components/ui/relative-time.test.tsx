import { render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../../test/clock';
import { followServerClock } from '../../lib/clock';
import { formatRelativeTime, RelativeTime } from './relative-time';

describe('relative times', () => {
  const now = DateTime.fromISO('2026-03-10T12:00:00.000Z');

  it('reads an ISO date-time relative to now', () => {
    expect(formatRelativeTime('2026-03-07T12:00:00.000Z', undefined, now.toMillis())).toBe('3 days ago');
  });

  it('reads the last day as luxon does, to the second, both ways', () => {
    const offsets = [-86_399_999, -5_400_000, -3_600_000, -3_599_999, -61_000, -59_999, -1_000, -500, 0, 500, 59_000, 7_200_000, 86_399_000];
    for (const offset of offsets) {
      const at = now.plus({ milliseconds: offset });
      expect(formatRelativeTime(at.toUTC().toISO(), undefined, now.toMillis()), `${offset} ms`).toBe(at.toRelative({ base: now }));
    }
    expect(formatRelativeTime('2026-03-10T10:30:00.000Z', undefined, now.toMillis())).toBe('1 hour ago');
  });

  describe('on a clock that keeps daylight saving time', () => {
    beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
    afterEach(() => vi.unstubAllEnvs());

    it('counts days, months and years on the calendar, as luxon does', () => {
      // New York moved its clocks on 8 March 2026 and back on 1 November; 31 January has no 31 February.
      const bases = ['2026-03-10T12:00:00.000Z', '2026-11-02T04:30:00.000Z', '2027-03-01T05:00:00.000Z', '2028-02-29T15:00:00.000Z'].map((at) => DateTime.fromISO(at));
      const hour = 3_600_000;
      const offsets = [-24 * hour, -25 * hour, -47 * hour, -71 * hour, -72 * hour, -29 * 24 * hour, -31 * 24 * hour, -365 * 24 * hour, -366 * 24 * hour, -800 * 24 * hour, 24 * hour, 71 * hour, 40 * 24 * hour, 400 * 24 * hour];
      for (const base of bases) {
        for (const offset of offsets) {
          const at = base.plus({ milliseconds: offset });
          expect(formatRelativeTime(at.toUTC().toISO(), undefined, base.toMillis()), `${base.toISO()} ${offset} ms`).toBe(at.toRelative({ base }));
        }
      }
    });
  });

  it('shows the raw value when it is not a valid date', () => {
    expect(formatRelativeTime('sometime last week', undefined, now.toMillis())).toBe('sometime last week');
    render(<RelativeTime value="sometime last week" />);
    expect(screen.getByText('sometime last week').tagName).toBe('SPAN');
  });

  it('shows the fallback when there is no value', () => {
    expect(formatRelativeTime(null)).toBe('—');
    expect(formatRelativeTime('', 'Never')).toBe('Never');
  });

  it('puts the exact date-time on a <time> element', () => {
    setClock('2026-03-10T12:00:00.000Z');
    render(<RelativeTime value="2026-03-07T12:00:00.000Z" />);
    expect(screen.getByText('3 days ago').closest('time')).toHaveAttribute('datetime', '2026-03-07T12:00:00.000Z');
  });

  describe("on the server's clock", () => {
    afterEach(() => followServerClock(null, 0, 0));

    it('counts from the server’s now once an answer has named it', () => {
      setClock('2026-12-01T12:00:00.000Z');
      followServerClock(String(now.toMillis()), Date.now(), Date.now());
      render(<RelativeTime value="2026-03-07T12:00:00.000Z" />);
      expect(screen.getByText('3 days ago')).toBeInTheDocument();
    });
  });
});
