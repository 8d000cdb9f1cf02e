import type { TMethodListItem, TQuarter, TQuarterMethodResult } from '@v2mom/contracts';
import { createContext, useContext } from 'react';

/**
 * How a list learns what was true at the end of a past quarter (docs/PRODUCT.md#quarter-review):
 * a hook the page (a route) provides, which the list calls with the quarter it shows and its
 * methods, page by page as the server sent them (each page is asked about once). It answers each method's outcome by id once the server says that quarter has ended,
 * and null for the current and future quarters (or while it is on its way): then the list shows
 * today's values.
 */
export type UseQuarterOutcomes = (quarter: TQuarter, pages: readonly (readonly TMethodListItem[])[] | undefined) => ReadonlyMap<number, TQuarterMethodResult> | null;

const noOutcomes: UseQuarterOutcomes = () => null;

export const QuarterOutcomesContext = createContext<UseQuarterOutcomes>(noOutcomes);

export function useQuarterOutcomesHook(): UseQuarterOutcomes {
  return useContext(QuarterOutcomesContext);
}
