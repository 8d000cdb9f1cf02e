import { staleMarksAt } from '@v2mom/contracts';
import { useMemo } from 'react';
import type { StaleMarks } from '../../../components/stale-marks';
import { useRhythm } from '../api/get-rhythm';
import { useCheckInClock } from './use-check-in-clock';

/**
 * The stale marks of every method at the current check-in period (docs/PRODUCT.md#rhythm), for a
 * page to give its lists; null until the rhythm is here. A rhythm changed live, or the next
 * check-in time passing, marks them again; a method's check-in arrives as its new row.
 */
export function useRhythmStaleMarks(): StaleMarks | null {
  const rhythm = useRhythm().data;
  const now = useCheckInClock(rhythm);
  return useMemo(() => {
    if (!rhythm) return null;
    const sinceOf = staleMarksAt(rhythm, now);
    return {
      timeZone: rhythm.timeZone,
      since: (method) => sinceOf({ status: method.status, lastCheckInAt: method.lastCheckInAt, createdAt: method.createdAt, year: method.v2mom.year }),
    };
  }, [rhythm, now]);
}
