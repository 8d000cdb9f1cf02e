import { fiscalYearOf, type TMethodListItem, type TQuarter, type TQuarterMethodResult } from '@v2mom/contracts';
import { useMemo } from 'react';
import { useCurrentQuarterReview } from './get-current-quarter-review';
import { useQuarterResults } from './get-quarter-results';

/**
 * The outcomes of `quarter` of the current fiscal year (the server's, by its clock) for the
 * methods shown, in one request; null unless that quarter has ended (docs/PRODUCT.md#quarter-review).
 */
export function useQuarterOutcomes(quarter: TQuarter, methods: readonly TMethodListItem[] | undefined): ReadonlyMap<number, TQuarterMethodResult> | null {
  const now = useCurrentQuarterReview().data?.now;
  const year = now ? fiscalYearOf(new Date(now)) : null;
  const ids = useMemo(() => (methods ?? []).filter((method) => method.v2mom.year === year).map((method) => method.id), [methods, year]);
  const results = useQuarterResults(year === null ? null : { year, quarter }, ids);
  const data = results.data;
  return useMemo(() => (data?.ended && data.quarter === quarter ? new Map(data.methods.map((outcome) => [outcome.methodId, outcome])) : null), [data, quarter]);
}
