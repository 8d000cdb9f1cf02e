import type { AsOfView } from '../../../components/as-of/as-of-view';
import { useMemo } from 'react';
import { useAsOf } from '../api/get-as-of';
import { useAsOfDays } from './use-as-of-days';

/**
 * A screen shown as of a day, or compared with one (docs/PRODUCT.md#as-of): the days from the
 * address, on the company's clock (`timeZone`, the rhythm's), and the values of those days, for
 * the COO-tracked methods or one V2MOM's.
 */
export function useAsOfView(timeZone: string, v2momId: number | null = null): AsOfView {
  const days = useAsOfDays(timeZone);
  const day = days.asOf ?? (days.compare === null ? null : days.days.last);
  const query = useAsOf(day, days.compare, v2momId);
  const data = day === null ? undefined : query.data;
  const methods = useMemo(() => (data ? new Map(data.methods.map((method) => [method.methodId, method])) : null), [data]);
  const { refetch } = query;
  return useMemo(
    () => ({ ...days, methods, data, pending: day !== null && query.isPending, error: day === null ? null : query.error, refetch: () => void refetch() }),
    [days, methods, data, day, query.isPending, query.error, refetch],
  );
}
