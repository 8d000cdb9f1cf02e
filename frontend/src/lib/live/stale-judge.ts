import type { TMethodListItem } from '@v2mom/contracts';

/**
 * Whether a method is stale now (docs/PRODUCT.md#stale-marks), by the rule a screen's stale marks
 * use once the rhythm is here; null before. A live row goes into the
 * pages of a `Stale only` list by it, as the server filtered them; without it those pages are
 * asked for again.
 */
export type StaleJudge = (method: TMethodListItem) => boolean;

let current: StaleJudge | null = null;

export function setStaleJudge(judge: StaleJudge | null): void {
  current = judge;
}

export function staleJudge(): StaleJudge | null {
  return current;
}
