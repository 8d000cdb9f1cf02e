import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clock } from '../../../lib/clock';
import { rhythmKeys } from '../../../lib/query-keys/rhythm-keys';

/**
 * Now, as a screen's stale marks read it (docs/PRODUCT.md#rhythm): a method goes stale only at a
 * check-in time, so the moment moves on when the next check-in time passes, not every second. A
 * screen left open over a Friday's check-in time marks the methods that went stale then. The
 * server says when that is (the rhythm's `nextCheckInAt`); once it has passed, the rhythm is read
 * again for the one after, at once when it passed before the screen opened.
 */
export function useCheckInClock(nextCheckInAt: string | undefined): Date {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!nextCheckInAt) return;
    const due = Date.parse(nextCheckInAt);
    if (due <= now.getTime()) {
      void queryClient.invalidateQueries({ queryKey: rhythmKeys.current(), exact: true });
      return;
    }
    // A timer may fire a little early: the check-in time is the moment it stands for.
    const timer = setTimeout(() => setNow(new Date(Math.max(clock.millis(), due))), due - clock.millis());
    return () => clearTimeout(timer);
  }, [nextCheckInAt, now, queryClient]);
  return now;
}
