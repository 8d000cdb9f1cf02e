import type { EntityManager } from '@mikro-orm/core';
import type { TTeamStatusCounts, TTeamStatusCountsQuery } from '@v2mom/contracts';
import { filteredMethods } from '../methods/method-page.read.js';
import { isStaleMethod, staleRuleNow } from '../rhythm/stale-methods.js';
import { selectRows } from '../read-db.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * GET /api/team/status-counts: Team Status's overview (docs/PRODUCT.md#team-status-screen), counted
 * in PostgreSQL over the filter its methods list is cut with, the stale ones by the rule that list's
 * `stale` filter reads, of the V2MOMs `viewer` reads. Two statements (the rhythm, then both counts)
 * whatever the company's size.
 */
export async function countTeamStatus(em: EntityManager, query: TTeamStatusCountsQuery, viewer: Viewer): Promise<TTeamStatusCounts> {
  const rule = await staleRuleNow(em);
  const [counts] = await selectRows(em, (db) =>
    filteredMethods(db, { department: query.department, viewer })
      .clearSelect()
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), 'integer').as('methods'),
        eb.cast<number>(eb.fn.countAll().filterWhere(isStaleMethod(eb, rule)), 'integer').as('staleMethods'),
      ]),
  );
  return { methods: counts?.methods ?? 0, staleMethods: counts?.staleMethods ?? 0 };
}
