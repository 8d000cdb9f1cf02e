import { MAX_PAGE_SIZE } from '../common/page-size.js';
import { quarterLabel, type TQuarter } from '../common/quarter.js';
import type { TQuarterEndValues, TQuarterOutcome } from './quarter-review.schemas.js';

/**
 * A quarter review's results and a past quarter's figures (quarter-review.schemas.ts has the
 * schemas), in a module without zod: the screens that show a past quarter use it and load no schema.
 */

/** How a method's quarter went against its goal (docs/PRODUCT.md#quarter-review). */
export const QUARTER_RESULTS = ['met', 'partly_met', 'missed'] as const;
export type TQuarterResult = (typeof QUARTER_RESULTS)[number];

export const QUARTER_RESULT_LABELS: Record<TQuarterResult, string> = {
  met: 'Met',
  partly_met: 'Partly met',
  missed: 'Missed',
};

/** At most this many methods' results in one call: a screen asks for each page of its list apart, so a page's rows. */
export const QUARTER_RESULTS_MAX_METHODS = MAX_PAGE_SIZE;

/** What a past quarter shows of a method, on every screen and in the deck alike. */
interface TQuarterEndFigures extends TQuarterEndValues {
  goal: string | null;
  measure: string | null;
  result: TQuarterResult | null;
  reflection: string | null;
}

/**
 * A past quarter's figures (docs/PRODUCT.md#quarter-review): its goal and measure as reviewed once
 * it is reviewed (as they are now before), and its progress, status and current measure at its
 * end, read from the check-ins, whenever it was reviewed.
 */
export function quarterEndFigures({ goal, measure, atEnd, review }: TQuarterOutcome): TQuarterEndFigures {
  if (!review) return { goal, measure, ...atEnd, result: null, reflection: null };
  return { goal: review.goal, measure: review.measure, ...atEnd, result: review.result, reflection: review.reflection };
}

/** How screens name a quarter under review: 'Review Q2'. */
export function reviewLabel(quarter: TQuarter): string {
  return `Review ${quarterLabel(quarter)}`;
}
