import type { TRhythmTimes } from '@v2mom/contracts';
import { useEffect, useState } from 'react';
import { clock } from '../../../lib/clock';

/**
 * Now, as a screen's stale marks read it (docs/PRODUCT.md#rhythm): a method goes stale only at a
 * check-in time, so the moment moves on when the next check-in time passes, not every second. A
 * screen left open over a Friday's check-in time marks the methods that went stale then. A new
 * rhythm's check-in time may already have passed since the last reading: it is read again at once.
 * `nextCheckInTime` is the calendar's rule, which a screen loads after its first render.
 */
export function useCheckInClock(
  rhythm: TRhythmTimes | undefined,
  nextCheckInTime: ((rhythm: TRhythmTimes, at: Date) => Date) | undefined,
): Date {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!rhythm || !nextCheckInTime) return;
    const due = nextCheckInTime(rhythm, now).getTime();
    // A timer may fire a little early: the check-in time is the moment it stands for.
    const timer = setTimeout(() => setNow(new Date(Math.max(clock.millis(), due))), Math.max(0, due - clock.millis()));
    return () => clearTimeout(timer);
  }, [rhythm, nextCheckInTime, now]);
  return now;
}
