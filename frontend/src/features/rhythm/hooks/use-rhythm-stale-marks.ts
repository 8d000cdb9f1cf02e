import { useEffect, useMemo, useState } from 'react';
import type { StaleMarks } from '../../../components/stale-marks';
import { useRhythm } from '../api/get-rhythm';
import { useCheckInClock } from './use-check-in-clock';

type StaleCalendar = typeof import('./stale-calendar');

// Once loaded, every later screen has it at its first render.
let loaded: StaleCalendar | undefined;
const loadCalendar = () => import('./stale-calendar').then((calendar) => (loaded = calendar));

/**
 * The stale marks of every method at the current check-in period (docs/PRODUCT.md#rhythm), for a
 * page to give its lists; null until the rhythm and the calendar's code are here, which the lists
 * never wait for. A rhythm changed live, or the next check-in time passing, marks them again; a
 * method's check-in arrives as its new row.
 */
export function useRhythmStaleMarks(): StaleMarks | null {
  const rhythm = useRhythm().data;
  const [calendar, setCalendar] = useState(loaded);
  useEffect(() => {
    if (!calendar) void loadCalendar().then(setCalendar);
  }, [calendar]);
  const now = useCheckInClock(rhythm, calendar?.nextCheckInTime);
  return useMemo(() => (rhythm && calendar ? calendar.staleMarksOf(rhythm, now) : null), [rhythm, calendar, now]);
}
