/**
 * `value` with `change` applied to every string in it, at any depth of arrays and plain objects;
 * anything else is kept as it is. What a file or an email is written from passes through it once,
 * so no text in it escapes a rule its format needs.
 */
export function everyString<T>(value: T, change: (text: string) => string): T {
  return rewrite(value, change) as T;
}

function rewrite(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => rewrite(item, change));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item, change)]));
  }
  return value;
}
