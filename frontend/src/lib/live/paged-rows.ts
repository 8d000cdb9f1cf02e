import type { InfiniteData } from '@tanstack/react-query';
import { compareKeys, type TKeyCursor, type TPage, type TSortDirection } from '@v2mom/contracts';

/**
 * The cached pages of a list the server pages (docs/PRODUCT.md#paged-lists), as an infinite query
 * holds them: the rows a live event brings go in and out of them by the list's own rules, the same
 * the server sorts and filters by, without asking for any page again.
 */

type Versioned = { id: number; version: number };

export type PagedData<T> = InfiniteData<TPage<T>, unknown>;

/** Whether cached data is pages of a paged list. */
export function isPagedData(data: unknown): data is PagedData<Versioned> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages) && Array.isArray((data as { pageParams?: unknown }).pageParams);
}

/** Every row the pages hold, in their order. */
export function pagedRows<T>(data: PagedData<T>): T[] {
  return data.pages.flatMap((page) => page.rows);
}

/** The pages without the rows of `ids`. */
export function withoutRows<T extends { id: number }>(data: PagedData<T>, ids: ReadonlySet<number>): PagedData<T> {
  return { ...data, pages: data.pages.map((page) => (page.rows.some((row) => ids.has(row.id)) ? { ...page, rows: page.rows.filter((row) => !ids.has(row.id)) } : page)) };
}

export interface PagedOrder<T> {
  /** Whether the list holds the row at all (its filter). */
  belongs: boolean;
  keyOf: (row: T) => TKeyCursor;
  dir: TSortDirection;
}

/**
 * The pages with `row` in its place: a newer version replaces the held one where the order now
 * puts it, a row that no longer belongs leaves, and one that sorts after the last row held waits
 * for the page that will bring it (unless the last page is held). `unchanged` when the pages hold
 * that version or a newer one, or the row neither is nor belongs there.
 */
export function placeInPages<T extends Versioned>(data: PagedData<T>, row: T, { belongs, keyOf, dir }: PagedOrder<T>): PagedData<T> | 'unchanged' {
  const held = data.pages.flatMap((page) => page.rows).find((candidate) => candidate.id === row.id);
  if (held ? held.version >= row.version : !belongs) return 'unchanged';
  let pages = held ? withoutRows(data, new Set([row.id])).pages : data.pages;
  if (belongs) {
    const key = keyOf(row);
    const pageIndex = pages.findIndex((page) => page.rows.some((candidate) => compareKeys(key, keyOf(candidate), dir) < 0));
    const lastIndex = pages.length - 1;
    if (pageIndex !== -1) {
      const page = pages[pageIndex] as TPage<T>;
      const at = page.rows.findIndex((candidate) => compareKeys(key, keyOf(candidate), dir) < 0);
      pages = pages.map((each, index) => (index === pageIndex ? { ...page, rows: [...page.rows.slice(0, at), row, ...page.rows.slice(at)] } : each));
    } else if (lastIndex >= 0 && (pages[lastIndex] as TPage<T>).nextCursor === null) {
      pages = pages.map((each, index) => (index === lastIndex ? { ...each, rows: [...each.rows, row] } : each));
    }
  }
  return { ...data, pages };
}
