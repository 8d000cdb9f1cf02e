import { fiscalYearOf, type TMethodListItem, type TQuarter } from '@v2mom/contracts';
import { useMemo } from 'react';
import { useCurrentQuarterReview } from './get-current-quarter-review';
import { useEndedQuarterByPage, type TQuarterOutcomes } from './get-quarter-results';

/**
 * The outcomes of `quarter` of the current fiscal year (the server's, by its clock) for the
 * methods shown, one request for each page of them; null unless that quarter has ended
 * (docs/PRODUCT.md#quarter-review).
 */
export function useQuarterOutcomes(quarter: TQuarter, pages: readonly (readonly TMethodListItem[])[] | undefined): TQuarterOutcomes {
  const now = useCurrentQuarterReview().data?.now;
  const year = now ? fiscalYearOf(new Date(now)) : null;
  const idsKey = useMemo(
    () => (pages ?? []).map((page) => page.filter((method) => method.v2mom.year === year).map((method) => method.id).join(',')).join(';'),
    [pages, year],
  );
  const idPages = useMemo(() => idsKey.split(';').map((ids) => (ids === '' ? [] : ids.split(',').map(Number))), [idsKey]);
  return useEndedQuarterByPage(year === null ? null : { year, quarter }, idPages);
}
