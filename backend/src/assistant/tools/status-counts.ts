/**
 * The contracts rules (methodsOnTrack, overallCompletion, ...) take lists of items with a
 * status. The database counts per status; expanding those counts back into a list lets the
 * one shared definition of "on track" decide, instead of a second copy of it in SQL.
 */
export function statusItems<Status extends string>(counts: Partial<Record<Status, number>>): Array<{ status: Status }> {
  return (Object.entries(counts) as Array<[Status, number]>).flatMap(([status, count]) =>
    Array.from({ length: count }, () => ({ status })),
  );
}

/** Rounded mean of a summed column; 0 when nothing was counted. */
export function roundedMean(sum: number, count: number): number {
  return count > 0 ? Math.round(sum / count) : 0;
}
