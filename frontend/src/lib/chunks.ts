/**
 * `items` cut into runs of at most `size`, in order: a list of ids longer than one call may name
 * goes out as several calls.
 */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
