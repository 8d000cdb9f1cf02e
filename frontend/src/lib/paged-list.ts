import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TPage } from '@v2mom/contracts';
import { useCallback, useEffect, useMemo } from 'react';

/**
 * Reading a list the server pages (docs/PRODUCT.md#paged-lists): the rows of every page held so far,
 * and what a table needs to ask for the next as the reader nears the end.
 */

/** A view (filter and order) as query parameters: what is unset is left out, a flag reads `true`/`false`, a list is comma-separated. */
export function viewParams(view: object): Record<string, string | number | undefined> {
  return Object.fromEntries(Object.entries(view).map(([name, value]) => [name, paramOf(value)]));
}

function paramOf(value: unknown): string | number | undefined {
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.join(',');
  return value as string | number | undefined;
}

export interface PagedList<T> {
  /** The rows of every page held, in order; undefined until the first page comes. */
  rows: T[] | undefined;
  /**
   * The same rows page by page: what a screen asks about its rows (trend lines, a quarter's
   * outcomes) it asks for each page apart, once, so a page that comes adds its own request.
   */
  pages: T[][] | undefined;
  /** The first page's state, as tables show loading and errors. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Another page follows, and how to ask for it (once at a time). */
  more: { hasMore: boolean; loading: boolean; failed: boolean; load: () => void };
}

/** The list an infinite query of pages reads. */
export function usePagedList<T>(result: UseInfiniteQueryResult<InfiniteData<TPage<T>, unknown>>): PagedList<T> {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = result;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.rows), [data]);
  const pages = useMemo(() => data?.pages.map((page) => page.rows), [data]);
  const load = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  return {
    rows,
    pages,
    query: result,
    more: {
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      failed: isFetchNextPageError,
      load,
    },
  };
}

/**
 * Asks for the pages after those held, one at a time, while `wanted` holds: what a screen must
 * show is on a page not yet held. `held` is what the pages held give (their rows), so each page
 * that comes is judged afresh. It stops at the last page, and at a failed one (the list offers to
 * try again), so a row no page holds costs the list's pages once.
 */
export function useLoadPagesWhile(more: PagedList<unknown>['more'], wanted: boolean, held: unknown): void {
  const { hasMore, loading, failed, load } = more;
  useEffect(() => {
    if (wanted && hasMore && !loading && !failed) load();
  }, [wanted, hasMore, loading, failed, load, held]);
}
