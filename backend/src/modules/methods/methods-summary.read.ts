import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, WORK_STATUSES, type TMethodStatusCounts, type TWorkStatus } from '@v2mom/contracts';
import type { ExpressionBuilder } from 'kysely';
import { selectOnce, type ReadDb } from '../read-db.js';

/** A column of the tally (method-tally.entity.ts): each status's is named as the status. */
type TallyColumn = TWorkStatus & keyof ReadDb['method_tally'] | 'measured';

/** The methods the writes have counted in `columns`, summed over the tally's rows. */
export function tallied(eb: ExpressionBuilder<ReadDb, 'method_tally'>, columns: readonly TallyColumn[]) {
  const [first, ...rest] = columns.map((column) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.lit(0)));
  if (!first) throw new Error('A figure counts at least one column');
  return eb.cast<number>(rest.reduce((sum, next) => eb(sum, '+', next), first), 'integer');
}

/** The four counts from the tally's few rows, compiled once. */
const countMethods = selectOnce((db) =>
  db
    .selectFrom('method_tally')
    .select((eb) => [
      tallied(eb, WORK_STATUSES).as('total'),
      tallied(eb, ON_TRACK_STATUSES).as('onTrack'),
      tallied(eb, ['completed']).as('completed'),
      tallied(eb, ['at_risk']).as('atRisk'),
    ]),
);

/**
 * GET /api/methods/summary: the dashboard's counts of every method (docs/PRODUCT.md#progress), from
 * the tally the writes keep (method-tally.entity.ts), read every time; the screen turns them into
 * percentages with the helpers the lists use (methodsOnTrackOf, overallCompletionOf).
 */
export async function methodsSummary(em: EntityManager): Promise<TMethodStatusCounts> {
  const [counts] = await countMethods(em, undefined);
  if (!counts) throw new Error('An aggregate without GROUP BY answers one row');
  return counts;
}
