/**
 * Where a method's progress comes from (docs/PRODUCT.md#roll-up): its owner's check-ins (`own`),
 * or the methods that support it, averaged (`supporters_average`) or each weighted by how many
 * methods its V2MOM has (`supporters_weighted`).
 */
export const PROGRESS_SOURCES = ['own', 'supporters_average', 'supporters_weighted'] as const;

export type TProgressFrom = (typeof PROGRESS_SOURCES)[number];

export const PROGRESS_FROM_LABELS: Record<TProgressFrom, string> = {
  own: 'Its own check-ins',
  supporters_average: 'The methods that support it (average)',
  supporters_weighted: 'The methods that support it (weighted by their V2MOMs’ sizes)',
};

/** Whether the method's progress is derived, so its own progress writes are refused. */
export const isRolledUp = (progressFrom: TProgressFrom): boolean => progressFrom !== 'own';

/** The message of the 400 a write of a derived progress answers. */
export const ROLLED_UP_PROGRESS_MESSAGE = 'This method takes its progress from the methods that support it; change theirs, or set it to take its own';

/** What one aggregate statement reads of a method's direct supporters (docs/PRODUCT.md#roll-up). */
export interface TSupporterFigures {
  /** How many methods support it. */
  count: number;
  /** Their progress, added up. */
  progressSum: number;
  /** Each one's progress times its weight (its V2MOM's number of methods), added up. */
  weightedSum: number;
  /** Their weights, added up. */
  weightSum: number;
}

/**
 * A rolled-up method's progress from its supporters' figures, rounded to a whole percent; null with
 * no supporter, when the method keeps the progress it has.
 */
export function rolledUpProgress(progressFrom: Exclude<TProgressFrom, 'own'>, figures: TSupporterFigures): number | null {
  if (figures.count === 0) return null;
  if (progressFrom === 'supporters_average') return Math.round(figures.progressSum / figures.count);
  return figures.weightSum === 0 ? null : Math.round(figures.weightedSum / figures.weightSum);
}

/** A page of the methods that support one (docs/PRODUCT.md#roll-up): `limit` 1 to 100, 20 when absent. */
export const SUPPORTERS_PAGE_SIZE = { default: 20, max: 100 } as const;
