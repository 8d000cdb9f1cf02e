import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { StaleMarks } from '../../../components/stale-marks';
import { useRhythm } from '../api/get-rhythm';
import { useCheckInClock } from './use-check-in-clock';
import { setStaleJudge } from '../../../lib/live/stale-judge';
import { methodKeys } from '../../../lib/query-keys/method-keys';
import { teamKeys } from '../../../lib/query-keys/team-keys';

type StaleCalendar = typeof import('./stale-calendar');

// Once loaded, every later screen has it at its first render.
let loaded: StaleCalendar | undefined;
const loadCalendar = () => import('./stale-calendar').then((calendar) => (loaded = calendar));

/**
 * The stale marks of every method at the current check-in period (docs/PRODUCT.md#rhythm), for a
 * page to give its lists; null until the rhythm and the calendar's code are here, which the lists
 * never wait for. A rhythm changed live, or the next check-in time passing, marks them again; a
 * method's check-in arrives as its new row. The marks also judge the live rows of the lists the
 * server filtered to the stale methods, and a check-in time passing asks those lists again.
 */
export function useRhythmStaleMarks(): StaleMarks | null {
  const rhythm = useRhythm().data;
  const [calendar, setCalendar] = useState(loaded);
  useEffect(() => {
    if (!calendar) void loadCalendar().then(setCalendar);
  }, [calendar]);
  const now = useCheckInClock(rhythm, calendar?.nextCheckInTime);
  const marks = useMemo(() => (rhythm && calendar ? calendar.staleMarksOf(rhythm, now) : null), [rhythm, calendar, now]);
  useEffect(() => {
    if (marks) setStaleJudge((method) => marks.since(method) !== null);
  }, [marks]);
  useStaleListsAskedAgain(now);
  return marks;
}

/** The stale methods' lists and counts, asked for again when the check-in clock moves on: methods went stale then. */
function useStaleListsAskedAgain(now: Date) {
  const queryClient = useQueryClient();
  const first = useRef(now);
  useEffect(() => {
    if (now === first.current) return;
    void queryClient.invalidateQueries({ queryKey: methodKeys.pages(), predicate: (query) => (query.queryKey.at(-1) as { stale?: boolean } | undefined)?.stale === true });
    void queryClient.invalidateQueries({ queryKey: teamKeys.itemCounts() });
    void queryClient.invalidateQueries({ queryKey: teamKeys.statusCounts() });
    void queryClient.invalidateQueries({ queryKey: methodKeys.cooTrackingCounts() });
  }, [now, queryClient]);
}
