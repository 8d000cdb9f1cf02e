// A search's answer as a picker reads it, apart from the picker: a screen that only asks (such as a
// comment box's mention search) loads no picker (docs/PERFORMANCE.md, "What a first visit downloads").

/** What a search answers: the first page's rows, or that it is still on its way. */
export interface ComboboxResults<T> {
  rows: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** How many rows a picker offers at once: enough to see, few enough to answer fast. */
export const PICKER_PAGE_SIZE = 20;

/** A search's first page as a picker reads it, from the query that asks for it. */
export function comboboxResults<T>(query: { data?: { rows: readonly T[] }; isFetching: boolean; isError: boolean }): ComboboxResults<T> {
  return { rows: query.data?.rows, loading: query.isFetching, failed: query.isError };
}
