import type { EntityManager } from '@mikro-orm/core';
import { fiscalQuarterOf, toIsoDate, type TQuarter } from '@v2mom/contracts';

/** What every data tool reads from: the request's EntityManager and one fixed "today". */
export interface ToolContext {
  em: EntityManager;
  /** Local calendar date, 'YYYY-MM-DD': due dates before it have passed. */
  today: string;
  fiscalQuarter: TQuarter;
}

/** One clock reading per question, so every tool of an answer agrees on what "overdue" means. */
export function toolContext(em: EntityManager, now: Date): ToolContext {
  return { em, today: toIsoDate(now), fiscalQuarter: fiscalQuarterOf(now) };
}
