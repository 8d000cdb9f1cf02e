import type { EntityManager } from '@mikro-orm/core';
import { searchWords, WORK_STATUSES, type TItemCounts, type TItemCountsQuery } from '@v2mom/contracts';
import type { Expression, Kysely, SelectQueryBuilder } from 'kysely';
import { anyMeasure, filteredMethods, type MethodRows } from '../methods/method-page.read.js';
import { tallied } from '../methods/methods-summary.read.js';
import { isStaleMethod, type StaleRule } from '../rhythm/stale-methods.js';
import { filteredObstacles } from '../obstacles/obstacle-page.read.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { hiddenFrom, methodsHiddenFrom, readsEveryV2mom, type Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * GET /api/items/counts: how many rows each Items List tab holds for a search, counted in
 * PostgreSQL over the very filters the tabs' pages are cut with, so a count and its list agree.
 * With `stale`, the methods' tabs count the stale methods alone; the stale methods of every V2MOM,
 * whatever the search, are counted apart for the `Stale only ({n})` switch, by `rule`. One
 * statement whatever the company's size, read every time (docs/PRODUCT.md#items-list): each count
 * is a tally the writes keep or a scan of one index, never of the tables, so no answer needs
 * keeping. Each counts what `viewer` reads (docs/PRODUCT.md#approval).
 */
export async function countItems(em: EntityManager, query: TItemCountsQuery, rule: StaleRule, viewer: Viewer): Promise<TItemCounts> {
  const [counts] = await selectRows(em, (db) => itemCountsStatement(db, query, rule, viewer));
  if (!counts) throw new Error('A statement without FROM answers one row');
  const staleMethods = counts.staleMethods ?? 0;
  return { methods: tabsCountTheSwitch(query) ? staleMethods : (counts.methods ?? 0), measures: counts.measures ?? 0, obstacles: counts.obstacles ?? 0, staleMethods };
}

/** With `Stale only` and no search, the methods' tabs count the very methods the switch does. */
const tabsCountTheSwitch = (query: TItemCountsQuery) => query.stale === true && searchWords(query.q).length === 0;

/**
 * The counts' one statement. Without a search, every method has its V2MOM (a required key), so the
 * whole company's methods and obstacles are tallies the writes keep (methods/method-tally.entity.ts,
 * obstacles/obstacle-tally.entity.ts), less those of the few V2MOMs hidden from `viewer`; the
 * stale methods of the switch, and with `stale` the stale measures, mostly from a tally too
 * (`staleMethods`).
 */
export function itemCountsStatement(db: Kysely<ReadDb>, query: TItemCountsQuery, rule: StaleRule, viewer: Viewer) {
  const stale = query.stale === true ? rule : undefined;
  const searched = searchWords(query.q).length > 0;
  const methods = (filter: MethodRows) => {
    if (searched) return counted(filteredMethods(db, { ...filter, viewer }));
    return filter.stale ? staleMethods(db, filter.stale, viewer, filter) : everyMethod(db, filter, viewer);
  };
  return db.selectNoFrom([
    staleMethods(db, rule, viewer).as('staleMethods'),
    ...(tabsCountTheSwitch(query) ? [] : [methods({ q: query.q, stale }).as('methods')]),
    methods({ q: query.q, stale, withMeasure: true }).as('measures'),
    (searched ? counted(filteredObstacles(db, { q: query.q, viewer })) : everyObstacle(db, viewer)).as('obstacles'),
  ]);
}

/** How many rows `rows` holds. */
function counted<DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>) {
  return rows.clearSelect().select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'));
}

/**
 * How many obstacles the lists show: a shared obstacle once, its joined ones not
 * (docs/PRODUCT.md#shared-obstacles): the sum of the tally the writes keep
 * (obstacles/obstacle-tally.entity.ts), less those of the few V2MOMs hidden from `viewer`.
 */
function everyObstacle(db: Kysely<ReadDb>, viewer: Viewer) {
  const every = db.selectFrom('obstacle_tally').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('listed'), eb.lit(0)).as('n'));
  if (readsEveryV2mom(viewer)) return asCount(db, every.$asScalar());
  const hidden = db
    .selectFrom('v2mom as v')
    .innerJoin('obstacle as ob', 'ob.v2mom_id', 'v.id')
    .where(hiddenFrom(viewer))
    .where('ob.joined_to_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  return asCount(db, every.$asScalar(), hidden.$asScalar());
}

/** How many methods there are, or methods with a measure: the sums of the tally, less those of the V2MOMs hidden from `viewer`. */
function everyMethod(db: Kysely<ReadDb>, { withMeasure }: Pick<MethodRows, 'withMeasure'>, viewer: Viewer) {
  const every = db.selectFrom('method_tally').select((eb) => tallied(eb, withMeasure === true ? ['measured'] : WORK_STATUSES).as('n'));
  if (readsEveryV2mom(viewer)) return asCount(db, every.$asScalar());
  let hidden = methodsHiddenFrom(db, viewer);
  if (withMeasure === true) hidden = hidden.where(anyMeasure);
  return asCount(db, every.$asScalar(), hidden.select((eb) => eb.fn.countAll<number>().as('n')).$asScalar());
}

/**
 * How many methods are stale under `rule` (with `withMeasure`, of those with a measure), of those
 * `viewer` reads: the open methods of the rule's year by the day of their last check-in
 * (methods/method-day-tally.entity.ts), summed over the days before the one `staleBefore` falls
 * on, and that day's from a short range of `method_stale_index` (`method_stale_measured_index`);
 * less the former's in the few V2MOMs hidden from `viewer`. Counting them all from the index joined
 * every open method of the year to its V2MOM (docs/PERFORMANCE.md#paged-list-plans).
 */
function staleMethods(db: Kysely<ReadDb>, rule: StaleRule, viewer: Viewer, { withMeasure }: Pick<MethodRows, 'withMeasure'> = {}) {
  const day = rule.staleBefore.toISOString().slice(0, 'YYYY-MM-DD'.length);
  const dayStart = new Date(`${day}T00:00:00.000Z`);
  const beforeTheDay = db
    .selectFrom('method_day_tally')
    .where('year', '=', rule.year)
    .where('day', '<', day)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(withMeasure === true ? 'measured' : 'open'), eb.lit(0)).as('n'));
  const onTheDay = counted(filteredMethods(db, { stale: rule, viewer, withMeasure }).where((eb) => eb(eb.fn.coalesce('m.last_check_in_at', 'm.created_at'), '>=', dayStart)));
  const every = db.selectNoFrom((eb) => eb(beforeTheDay.$asScalar(), '+', onTheDay.$asScalar()).as('n'));
  if (readsEveryV2mom(viewer)) return asCount(db, every.$asScalar());
  let hidden = methodsHiddenFrom(db, viewer).where((eb) => isStaleMethod(eb, { year: rule.year, staleBefore: dayStart }));
  if (withMeasure === true) hidden = hidden.where(anyMeasure);
  return asCount(db, every.$asScalar(), hidden.select((eb) => eb.fn.countAll<number>().as('n')).$asScalar());
}

/** A count as one integer column `n`: `every`, less `hidden` when the viewer does not read some. */
function asCount(db: Kysely<ReadDb>, every: Expression<number>, hidden?: Expression<number>) {
  return db.selectNoFrom((eb) => eb.cast<number>(hidden ? eb(every, '-', hidden) : every, 'integer').as('n'));
}
