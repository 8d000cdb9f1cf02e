import type { EntityManager } from '@mikro-orm/core';
import type { TCooTrackingCounts } from '@v2mom/contracts';
import { isStaleMethod, staleRuleNow } from '../rhythm/stale-methods.js';
import { selectRows } from '../read-db.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { filteredMethods, keyMetric } from './method-page.read.js';

/**
 * GET /api/methods/coo-tracking/counts (docs/PRODUCT.md#key-metrics): counted in PostgreSQL over
 * the filter the screens' pages are cut with (`forCooTracking`), the stale ones by the rule the
 * pages' `stale` filter reads, of the V2MOMs `viewer` reads. Two statements (the rhythm, then the
 * four counts) whatever the company's size.
 */
export async function countCooTracking(em: EntityManager, viewer: Viewer): Promise<TCooTrackingCounts> {
  const rule = await staleRuleNow(em);
  const [counts] = await selectRows(em, (db) =>
    filteredMethods(db, { forCooTracking: true, viewer })
      .clearSelect()
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), 'integer').as('tracked'),
        eb.cast<number>(eb.fn.countAll().filterWhere(isStaleMethod(eb, rule)), 'integer').as('staleTracked'),
        eb.cast<number>(eb.fn.countAll().filterWhere(keyMetric(eb)), 'integer').as('keyMetrics'),
        eb.cast<number>(eb.fn.countAll().filterWhere(eb.and([keyMetric(eb), isStaleMethod(eb, rule)])), 'integer').as('staleKeyMetrics'),
      ]),
  );
  return { tracked: counts?.tracked ?? 0, staleTracked: counts?.staleTracked ?? 0, keyMetrics: counts?.keyMetrics ?? 0, staleKeyMetrics: counts?.staleKeyMetrics ?? 0 };
}
