import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, WORK_STATUSES, type TMethodStatusCounts, type TWorkStatus } from '@v2mom/contracts';
import type { ExpressionBuilder } from 'kysely';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { methodsHiddenFrom, readsEveryV2mom, type Viewer } from '../v2moms/v2mom-visibility.js';

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

/** The four counts of the methods of the few V2MOMs hidden from `viewer` (docs/PRODUCT.md#approval). */
async function countHidden(em: EntityManager, viewer: Viewer): Promise<TMethodStatusCounts> {
  const [counts] = await selectRows(em, (db) =>
    methodsHiddenFrom(db, viewer).select((eb) => [
      eb.cast<number>(eb.fn.countAll(), 'integer').as('total'),
      eb.cast<number>(eb.fn.countAll().filterWhere('m.status', 'in', ON_TRACK_STATUSES), 'integer').as('onTrack'),
      eb.cast<number>(eb.fn.countAll().filterWhere('m.status', '=', 'completed'), 'integer').as('completed'),
      eb.cast<number>(eb.fn.countAll().filterWhere('m.status', '=', 'at_risk'), 'integer').as('atRisk'),
    ]),
  );
  if (!counts) throw new Error('An aggregate without GROUP BY answers one row');
  return counts;
}

/**
 * GET /api/methods/summary: the dashboard's counts of every method (docs/PRODUCT.md#progress), from
 * the tally the writes keep (method-tally.entity.ts), read every time, less those of the V2MOMs
 * hidden from `viewer`; the screen turns them into percentages with the helpers the lists use
 * (methodsOnTrackOf, overallCompletionOf).
 */
export async function methodsSummary(em: EntityManager, viewer: Viewer): Promise<TMethodStatusCounts> {
  const [counts] = await countMethods(em, undefined);
  if (!counts) throw new Error('An aggregate without GROUP BY answers one row');
  if (readsEveryV2mom(viewer)) return counts;
  const hidden = await countHidden(em, viewer);
  return { total: counts.total - hidden.total, onTrack: counts.onTrack - hidden.onTrack, completed: counts.completed - hidden.completed, atRisk: counts.atRisk - hidden.atRisk };
}
