import type { EntityManager } from '@mikro-orm/core';
import type { TItemCounts, TItemCountsQuery } from '@v2mom/contracts';
import type { ReadDependency } from '../../http/read-topics.js';
import { anyMeasure, filteredMethods } from '../methods/method-page.read.js';
import type { StaleRule } from '../rhythm/stale-methods.js';
import { filteredObstacles } from '../obstacles/obstacle-page.read.js';
import { selectRows } from '../read-db.js';

/**
 * GET /api/items/counts: how many rows each Items List tab holds for a search, counted in
 * PostgreSQL over the very filters the tabs' pages are cut with, so a count and its list agree.
 * With `stale`, the methods' tabs count the stale methods alone; the stale methods of every V2MOM,
 * whatever the search, are counted apart for the `Stale only ({n})` switch, by `rule`. Three
 * statements whatever the company's size.
 */
export async function countItems(em: EntityManager, query: TItemCountsQuery, rule: StaleRule): Promise<TItemCounts> {
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

/**
 * The rows the counts of everything (no search) are built from: which methods there are, their
 * statuses, last check-ins and measures, their V2MOMs' years, and which obstacles there are. A
 * search's counts are read from the database every time.
 */
export const ITEM_COUNTS_READS: readonly ReadDependency[] = [
  { entity: 'method', fields: ['status', 'lastCheckInAt', 'measure', 'currentMeasure', 'q1Measure', 'q2Measure', 'q3Measure', 'q4Measure'] },
  { entity: 'v2mom', fields: ['year'] },
  { entity: 'obstacle', fields: [] },
];
