import { render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../test/clock';
import { followServerClock } from '../../lib/clock';
import { formatRelativeTime, RelativeTime } from './relative-time';

describe('relative times', () => {
  const now = DateTime.fromISO('2026-03-10T12:00:00.000Z');

  it('reads an ISO date-time relative to now', () => {
    expect(formatRelativeTime('2026-03-07T12:00:00.000Z', undefined, now)).toBe('3 days ago');
  });

  it('reads the last day as luxon does, to the second, both ways', () => {
    const offsets = [-86_399_999, -5_400_000, -3_600_000, -3_599_999, -61_000, -59_999, -1_000, -500, 0, 500, 59_000, 7_200_000, 86_399_000];
    for (const offset of offsets) {
      const at = now.plus({ milliseconds: offset });
      expect(formatRelativeTime(at.toUTC().toISO(), undefined, now), `${offset} ms`).toBe(at.toRelative({ base: now }));
    }
    expect(formatRelativeTime('2026-03-10T10:30:00.000Z', undefined, now)).toBe('1 hour ago');
  });

  it('shows the raw value when it is not a valid date', () => {
    expect(formatRelativeTime('sometime last week', undefined, now)).toBe('sometime last week');
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
