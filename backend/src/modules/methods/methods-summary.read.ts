import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, type TMethodStatusCounts } from '@v2mom/contracts';
import { selectOnce } from '../read-db.js';

/** The four counts in one pass over `method_status_index` alone (an index-only scan), compiled once. */
const countMethods = selectOnce((db) =>
  db
    .selectFrom('method')
    .select((eb) => [
      eb.cast<number>(eb.fn.countAll(), 'integer').as('total'),
      eb.cast<number>(eb.fn.countAll().filterWhere('status', 'in', ON_TRACK_STATUSES), 'integer').as('onTrack'),
      eb.cast<number>(eb.fn.countAll().filterWhere('status', '=', 'completed'), 'integer').as('completed'),
      eb.cast<number>(eb.fn.countAll().filterWhere('status', '=', 'at_risk'), 'integer').as('atRisk'),
    ]),
);

/**
 * GET /api/methods/summary: the dashboard's counts of every method (docs/PRODUCT.md#progress), one
 * aggregate statement whatever the company's size, read every time; the screen turns them into percentages with the
 * helpers the lists use (methodsOnTrackOf, overallCompletionOf).
 */
export async function methodsSummary(em: EntityManager): Promise<TMethodStatusCounts> {
  const [counts] = await countMethods(em, undefined);
  if (!counts) throw new Error('An aggregate without GROUP BY answers one row');
  return counts;
}
