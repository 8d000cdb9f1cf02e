import { withValuesAt, type TAsOf, type TAsOfMethod, type TMethodListItem } from '@v2mom/contracts';
import { createContext, useContext } from 'react';
import { useLoadPagesWhile, type PagedList } from '../../lib/paged-list';

/**
 * A screen shown as of a day, or compared with one (docs/PRODUCT.md#as-of): the days from the
 * address and the values of those days. A page (a route) reads it and provides it to its lists.
 */
export interface AsOfView {
  /** The day shown, or null for today's live view. */
  asOf: string | null;
  /** The earlier day compared with, or null. */
  compare: string | null;
  /** The days that can be chosen: the fiscal year's first to today, on the company's clock. */
  days: { first: string; last: string };
  /** Shows a day; today (or null) goes back to today's live view. */
  setAsOf: (day: string | null) => void;
  setCompare: (day: string | null) => void;
  /** Shows a day and compares with another at once, as a followed presenter's screen does. */
  setDays: (asOf: string | null, compare: string | null) => void;
  /** Each method of the day read (the day shown, or today when only comparing) by id; null on today's live view. */
  methods: ReadonlyMap<number, TAsOfMethod> | null;
  data: TAsOf | undefined;
  /** The first answer for a day is on its way (later days keep the last one's meanwhile). */
  pending: boolean;
  error: Error | null;
  refetch: () => void;
}

/** The page's as-of view; none (a list shown where no day can be chosen) is today's. */
export const AsOfContext = createContext<AsOfView | null>(null);

export function useAsOfContext(): AsOfView | null {
  return useContext(AsOfContext);
}

/** Whether a past day is shown. */
export function isPast(view: AsOfView | null): boolean {
  return view !== null && view.asOf !== null;
}

/**
 * The methods as they were on the day shown: those that existed then, with that day's progress,
 * status, current measure and confidence (its move against the day compared with); the rest of
 * each method as it is now. Today's live view gives them back as they are.
 */
export function methodsAsOf<M extends TMethodListItem>(methods: readonly M[] | undefined, view: AsOfView | null): readonly M[] | undefined {
  const shown = view && view.asOf !== null ? view.methods : null;
  if (!methods || !shown) return methods;
  return methods.flatMap((method) => {
    const then = shown.get(method.id);
    return then ? [{ ...withValuesAt(method, then.at), previousConfidence: then.compared?.confidence ?? null }] : [];
  });
}

/**
 * On a past day, a paged list shows only the rows held that existed then, and the first page
 * (latest change first) may hold none of them: while the list shows fewer rows than its first
 * page held, the pages after are asked for, until it does or they run out. Whether it is still
 * asking (`shown`: the rows the screen shows of those held; a failed page stops it, as the list
 * says), so the screen says nothing existed that day only once every page is in.
 */
export function usePagesOfDayShown(list: Pick<PagedList<unknown>, 'pages' | 'more'>, view: AsOfView | null, shown: number): boolean {
  const firstPage = list.pages?.[0]?.length ?? 0;
  const short = isPast(view) && view?.methods !== null && shown < firstPage && list.more.hasMore;
  useLoadPagesWhile(list.more, short, list.pages);
  return short && !list.more.failed;
}
