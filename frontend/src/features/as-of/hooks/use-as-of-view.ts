import { withValuesAt, type TAsOf, type TAsOfMethod, type TMethodListItem } from '@v2mom/contracts';
import { useMemo } from 'react';
import { useAsOf } from '../api/get-as-of';
import { useAsOfDays, type AsOfDays } from './use-as-of-days';

export interface AsOfView extends AsOfDays {
  /** The day read: the day shown, or today when only comparing; null on today's live view. */
  day: string | null;
  /** The answer for `day`, each method by id; null on today's live view. */
  methods: ReadonlyMap<number, TAsOfMethod> | null;
  data: TAsOf | undefined;
  /** The first answer for a day is on its way (later days keep the last one's meanwhile). */
  pending: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * A screen shown as of a day, or compared with one (docs/PRODUCT.md#as-of): the days from the
 * address and the values of those days, for the COO-tracked methods or one V2MOM's.
 */
export function useAsOfView(v2momId: number | null = null): AsOfView {
  const days = useAsOfDays();
  const day = days.asOf ?? (days.compare === null ? null : days.days.last);
  const query = useAsOf(day, days.compare, v2momId);
  const data = day === null ? undefined : query.data;
  const methods = useMemo(() => (data ? new Map(data.methods.map((method) => [method.methodId, method])) : null), [data]);
  return { ...days, day, methods, data, pending: day !== null && query.isPending, error: day === null ? null : query.error, refetch: () => void query.refetch() };
}

/**
 * The methods as they were on the day shown: those that existed then, with that day's progress,
 * status, current measure and confidence (its move against the day compared with); the rest of
 * each method as it is now. Today's live view gives them back as they are.
 */
export function methodsAsOf<M extends TMethodListItem>(methods: readonly M[] | undefined, view: AsOfView): readonly M[] | undefined {
  const shown = view.asOf === null ? null : view.methods;
  if (!methods || !shown) return methods;
  return methods.flatMap((method) => {
    const then = shown.get(method.id);
    if (!then) return [];
    return [{ ...withValuesAt(method, then.at), previousConfidence: then.compared?.confidence ?? null }];
  });
}
