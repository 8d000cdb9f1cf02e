import { useQueryClient } from '@tanstack/react-query';
import { fiscalQuarterAt } from '@v2mom/contracts';
import { useEffect, useMemo, useRef } from 'react';
import type { StaleMarks } from '../../../components/stale-marks';
import type { StaleWords } from '../../../components/ui/stale-badge';
import { useRhythm } from '../api/get-rhythm';
import { useCheckInClock } from './use-check-in-clock';
import { dateWords } from '../../../lib/dates';
import { setStaleJudge } from '../../../lib/live/stale-judge';
import { methodKeys } from '../../../lib/query-keys/method-keys';
import { teamKeys } from '../../../lib/query-keys/team-keys';

/**
 * The stale marks of every method at the current check-in period (docs/PRODUCT.md#rhythm), for a
 * page to give its lists; null until the rhythm is here, which the lists never wait for. Each row
 * says when its method goes stale (`staleAt`, the server's reading of the rhythm): a method is
 * marked once that moment is at or before the screen's now, which moves on at each check-in
 * time. A method's check-in arrives as its new row, a rhythm changed live as the rows asked
 * again. The marks also judge the live rows of the lists the server filtered to the stale
 * methods, and a check-in time passing asks those lists again.
 */
export function useRhythmStaleMarks(): StaleMarks | null {
  const rhythm = useRhythm().data;
  const now = useCheckInClock(rhythm?.nextCheckInTimes);
  const timeZone = rhythm?.timeZone;
  const marks = useMemo(() => (timeZone ? staleMarksOf(timeZone, now) : null), [timeZone, now]);
  useEffect(() => {
    if (marks) setStaleJudge((method) => marks.since(method) !== null);
  }, [marks]);
  useStaleListsAskedAgain(now);
  return marks;
}

/** The marks at `now`, their dates worded on the company's clock (`timeZone`). */
function staleMarksOf(timeZone: string, now: Date): StaleMarks {
  // Only methods of the current fiscal year are ever stale: the year may have turned since a row was read.
  const { year } = fiscalQuarterAt(now, timeZone);
  // A screen's stale methods mostly went stale at the same few check-in times: each is worded once.
  const wordings = new Map<number, StaleWords>();
  return {
    since: (method) => {
      const staleAt = method.staleAt === null ? null : new Date(method.staleAt);
      return staleAt && staleAt <= now && method.v2mom.year === year ? staleAt : null;
    },
    describe: (since) => {
      let words = wordings.get(since.getTime());
      if (!words) {
        const { weekday, day, dayInYear, time } = dateWords(since, timeZone);
        words = {
          short: `Stale since ${weekday} ${dayInYear}`,
          full: `Stale since ${weekday} ${day}, ${time} (${timeZone}): no check-in for two check-in periods`,
        };
        wordings.set(since.getTime(), words);
      }
      return words;
    },
  };
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
