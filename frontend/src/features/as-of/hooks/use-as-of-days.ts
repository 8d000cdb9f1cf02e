import { asOfDays } from '@v2mom/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clock } from '../../../lib/clock';
import { useRhythm } from '../../rhythm/api/get-rhythm';

const AS_OF_PARAM = 'asOf';
const COMPARE_PARAM = 'compare';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface AsOfDays {
  /** The day shown, or null for today's live view. */
  asOf: string | null;
  /** The earlier day compared with, or null. */
  compare: string | null;
  /** The days that can be chosen: the fiscal year's first to today, on the company's clock. */
  days: { first: string; last: string };
  /** Shows a day; today (or null) goes back to today's live view. */
  setAsOf: (day: string | null) => void;
  setCompare: (day: string | null) => void;
}

/** A day of the address within `days`, else null. */
function dayIn(value: string | null, days: { first: string; last: string }): string | null {
  return value !== null && DAY_PATTERN.test(value) && value >= days.first && value <= days.last ? value : null;
}

/**
 * The day a screen shows and the day it compares with (docs/PRODUCT.md#as-of), kept in the
 * address (`?asOf=` and `&compare=`, replacing the entry) so a reload or a shared link opens on
 * them. Days are the company's (the rhythm's time zone; UTC until it is here).
 */
export function useAsOfDays(): AsOfDays {
  const timeZone = useRhythm().data?.timeZone ?? 'UTC';
  const days = useMemo(() => asOfDays(clock.now(), timeZone), [timeZone]);
  const [params, setParams] = useSearchParams();
  const asOf = dayIn(params.get(AS_OF_PARAM), days);
  const shown = asOf ?? days.last;
  const requested = dayIn(params.get(COMPARE_PARAM), days);
  const compare = requested !== null && requested < shown ? requested : null;
  const setParam = useCallback(
    (name: string, day: string | null) =>
      setParams(
        (next) => {
          if (day === null) next.delete(name);
          else next.set(name, day);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setAsOf = useCallback((day: string | null) => setParam(AS_OF_PARAM, day === null || day >= days.last ? null : day), [setParam, days.last]);
  const setCompare = useCallback((day: string | null) => setParam(COMPARE_PARAM, day), [setParam]);
  return { asOf, compare, days, setAsOf, setCompare };
}
