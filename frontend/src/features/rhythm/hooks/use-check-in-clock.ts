import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clock } from '../../../lib/clock';
import { rhythmKeys } from '../../../lib/query-keys/rhythm-keys';

/**
 * Now, as a screen's stale marks read it (docs/PRODUCT.md#rhythm): a method goes stale only at a
 * check-in time, so the moment moves on when the next check-in time passes, not every second. A
 * screen left open over a Friday's check-in time marks the methods that went stale then. The
 * server says when those times are (the rhythm's `nextCheckInTimes`, two of them); once the first
 * has passed, the rhythm is read again for the ones after (at once when it passed before the
 * screen opened), and the second is still to come when a server whose clock is behind the screen's
 * names the same two again.
 */
export function useCheckInClock(nextCheckInTimes: readonly string[] | undefined): Date {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!nextCheckInTimes) return;
    const times = nextCheckInTimes.map(Date.parse);
    if (times[0]! <= now.getTime()) void queryClient.invalidateQueries({ queryKey: rhythmKeys.current(), exact: true });
    const due = times.find((time) => time > now.getTime());
    if (due === undefined) return;
    // A timer may fire a little early: the check-in time is the moment it stands for.
    const timer = setTimeout(() => setNow(new Date(Math.max(clock.millis(), due))), due - clock.millis());
    return () => clearTimeout(timer);
  }, [nextCheckInTimes, now, queryClient]);
  return now;
}
