import type { EntityManager } from '@mikro-orm/core';
import type { TItemCounts, TItemCountsQuery } from '@v2mom/contracts';
import { anyMeasure, filteredMethods } from '../methods/method-page.read.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { filteredObstacles } from '../obstacles/obstacle-page.read.js';
import { selectRows } from '../read-db.js';

/**
 * GET /api/items/counts: how many rows each Items List tab holds for a search, counted in
 * PostgreSQL over the very filters the tabs' pages are cut with, so a count and its list agree.
 * With `stale`, the methods' tabs count the stale methods alone; the stale methods of every V2MOM,
 * whatever the search, are counted apart for the `Stale only ({n})` switch. Four statements
 * (the rhythm, then three counts) whatever the company's size.
 */
export async function countItems(em: EntityManager, query: TItemCountsQuery): Promise<TItemCounts> {
  const rule = await staleRuleNow(em);
  const [[methods], [stale], [obstacles]] = await Promise.all([
    selectRows(em, (db) =>
      filteredMethods(db, { q: query.q, stale: query.stale === true ? rule : undefined })
        .clearSelect()
        .select((eb) => [
          eb.cast<number>(eb.fn.countAll(), 'integer').as('methods'),
          eb.cast<number>(eb.fn.countAll().filterWhere(anyMeasure(eb)), 'integer').as('measures'),
        ]),
    ),
    selectRows(em, (db) =>
      filteredMethods(db, { stale: rule })
        .clearSelect()
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('stale')),
    ),
    selectRows(em, (db) =>
      filteredObstacles(db, { q: query.q })
        .clearSelect()
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('obstacles')),
    ),
  ]);
  return { methods: methods?.methods ?? 0, measures: methods?.measures ?? 0, obstacles: obstacles?.obstacles ?? 0, staleMethods: stale?.stale ?? 0 };
}
