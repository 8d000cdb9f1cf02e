export type SortDirection = 'ascending' | 'descending';
/** What a column sorts by; null (no value) always sorts last. */
export type SortValue = string | number | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Orders two cells: text by locale (numbers inside it numerically), numbers by value, empty last either way. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'ascending' ? order : -order;
}
