/**
 * The order and the search of the lists the server pages (common/page.ts), with no schema: the
 * client places live rows by them on every screen, so they stay out of the zod bundle.
 */

/** What a row sorts by in one column: text (compared case-blind, by code point), a number, or nothing (always last). */
export type TSortKey = string | number | null;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];

/** Where a page ended: the last row's sort key and id. */
export interface TKeyCursor {
  key: TSortKey;
  id: number;
}

/** The lower-cased words of a search, none when it is empty. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether `text` holds every one of `words` (lower-cased, as `searchWords` gives them), case-blind. */
export function holdsWords(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
}

/** A text sort key as the server compares it: lower-cased; empty text is no value. */
export function textKey(text: string | null | undefined): TSortKey {
  return text ? text.toLowerCase() : null;
}

/**
 * The list order: by key in `dir` (texts by code point, nothing last whichever the direction),
 * then by id in the same direction. Negative when `a` comes first.
 */
export function compareKeys(a: TKeyCursor, b: TKeyCursor, dir: TSortDirection): number {
  const sign = dir === 'asc' ? 1 : -1;
  if (a.key === null || b.key === null) {
    if (a.key !== b.key) return a.key === null ? 1 : -1;
  } else if (a.key !== b.key) {
    return (a.key < b.key ? -1 : 1) * sign;
  }
  return (a.id - b.id) * sign;
}
