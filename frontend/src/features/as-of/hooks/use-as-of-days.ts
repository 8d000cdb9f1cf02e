import { asOfDays } from '@v2mom/contracts';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import { clock } from '../../../lib/clock';
import type { AsOfView } from '../../../components/as-of/as-of-view';

const AS_OF_PARAM = 'asOf';
const COMPARE_PARAM = 'compare';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type AsOfDays = Pick<AsOfView, 'asOf' | 'compare' | 'days' | 'setAsOf' | 'setCompare' | 'setDays'>;

/** A day of the address within `days`, else null. */
function dayIn(value: string | null, days: { first: string; last: string }): string | null {
  return value !== null && DAY_PATTERN.test(value) && value >= days.first && value <= days.last ? value : null;
}

/**
 * The day a screen shows and the day it compares with (docs/PRODUCT.md#as-of), kept in the
 * address (`?asOf=` and `&compare=`, replacing the entry) so a reload or a shared link opens on
 * them. Days are the company's (`timeZone`, the rhythm's).
 */
export function useAsOfDays(timeZone: string): AsOfDays {
  const days = useMemo(() => asOfDays(clock.now(), timeZone), [timeZone]);
  const [params, updateParams] = useUrlParams();
  const asOf = dayIn(params.get(AS_OF_PARAM), days);
  const shown = asOf ?? days.last;
  const requested = dayIn(params.get(COMPARE_PARAM), days);
  const compare = requested !== null && requested < shown ? requested : null;
  // One change of the address for both days.
  const setParamsOf = useCallback(
    (changed: Record<string, string | null>) =>
      updateParams((next) => {
        for (const [name, day] of Object.entries(changed)) {
          if (day === null) next.delete(name);
          else next.set(name, day);
        }
      }),
    [updateParams],
  );
  const pastDay = useCallback((day: string | null) => (day === null || day >= days.last ? null : day), [days.last]);
  const setAsOf = useCallback((day: string | null) => setParamsOf({ [AS_OF_PARAM]: pastDay(day) }), [setParamsOf, pastDay]);
  const setCompare = useCallback((day: string | null) => setParamsOf({ [COMPARE_PARAM]: day }), [setParamsOf]);
  const setDays = useCallback((day: string | null, since: string | null) => setParamsOf({ [AS_OF_PARAM]: pastDay(day), [COMPARE_PARAM]: since }), [setParamsOf, pastDay]);
  return useMemo(() => ({ asOf, compare, days, setAsOf, setCompare, setDays }), [asOf, compare, days, setAsOf, setCompare, setDays]);
}
