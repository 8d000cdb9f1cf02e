/**
 * React Query's structural sharing, matching list rows by `id` instead of by position. With the
 * default, a row inserted at the top of a list (a V2MOM someone just created) gives every row
 * below it a new identity, so every memoised row re-renders; matched by id, only rows whose
 * content changed get new objects. Everything else is shared as `replaceEqualDeep` does.
 */
export function shareById(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;

  if (Array.isArray(previous) && Array.isArray(next)) {
    const previousById = rowsById(previous);
    const byId = previousById && rowsById(next) ? previousById : null;
    let same = previous.length === next.length;
    const shared = next.map((item: unknown, index) => {
      const base = byId ? byId.get((item as Row).id) : previous[index];
      const result = base === undefined ? item : shareById(base, item);
      if (result !== previous[index]) same = false;
      return result;
    });
    return same ? previous : shared;
  }

  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = Object.keys(previous).length === keys.length;
    const shared: Record<string, unknown> = {};
    for (const key of keys) {
      const result = shareById(previous[key], next[key]);
      shared[key] = result;
      if (result !== previous[key] || !Object.hasOwn(previous, key)) same = false;
    }
    return same ? previous : shared;
  }

  return next;
}

type Row = { id: number | string };

/** The rows by id when every item is an object with a unique id; null otherwise. */
function rowsById(items: readonly unknown[]): Map<Row['id'], unknown> | null {
  const map = new Map<Row['id'], unknown>();
  for (const item of items) {
    if (!isPlainObject(item)) return null;
    const id = item.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || map.has(id)) return null;
    map.set(id, item);
  }
  return map;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
