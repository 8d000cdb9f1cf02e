import type { EntityManager } from '@mikro-orm/core';
import { fiscalQuarterOf, toIsoDate, type TQuarter } from '@v2mom/contracts';
import type { Viewer } from '../../modules/v2moms/v2mom-visibility.js';

/** What every data tool reads from: the request's EntityManager, who asks, and one fixed "today". */
export interface ToolContext {
  em: EntityManager;
  /** Who asks: the tools read only the V2MOMs they may read (docs/PRODUCT.md#approval). */
  viewer: Viewer;
  /** Local calendar date, 'YYYY-MM-DD': due dates before it have passed. */
  today: string;
  fiscalQuarter: TQuarter;
}

/** One clock reading per question, so every tool of an answer agrees on what "overdue" means. */
export function toolContext(em: EntityManager, viewer: Viewer, now: Date): ToolContext {
  return { em, viewer, today: toIsoDate(now), fiscalQuarter: fiscalQuarterOf(now) };
}
