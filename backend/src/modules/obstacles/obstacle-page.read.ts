import type { EntityManager } from '@mikro-orm/core';
import {
  SHARED_OBSTACLE_SHOWN,
  searchWords,
  type TObstacleFilter,
  type TObstacleListItem,
  type TObstaclePage,
  type TObstaclePageQuery,
  type TObstacleSort,
  type TSharedObstacle,
  type TSortDirection,
} from '@v2mom/contracts';
import { expressionBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { inKeysetPart, keysetPage, textSortKey, type KeysetOrder } from '../../db/keyset.js';
import { holdsWord, isAnyOf, searchText } from '../../db/search.js';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { methodsDescribed, peopleNamed, v2momsTitled } from '../shared/word-search.read.js';
import { unpublishedV2momIds, visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';
import { readObstaclesWithLinks } from './obstacle.read.js';

/**
 * A page of obstacles as GET /api/obstacles asks for it (contracts' obstacles/obstacle-page.ts
 * holds the rules). As for methods (methods/method-page.read.ts): the page's ids, filtered, sorted
 * and cut in PostgreSQL; then those rows in their list shape, five statements whatever the page's size.
 * An obstacle joined to a shared one is not a row of its own: the shared obstacle's row stands for
 * both (docs/PRODUCT.md#shared-obstacles).
 */

const pageRows = (db: Kysely<ReadDb>) =>
  db
    .selectFrom('obstacle as ob')
    .innerJoin('v2mom as v', 'v.id', 'ob.v2mom_id')
    .leftJoin('user as o', 'o.id', 'ob.owner_id')
    .select('ob.id')
    .where('ob.joined_to_id', 'is', null);

type PageTables = ReadDb & { ob: ReadDb['obstacle']; v: ReadDb['v2mom']; o: ReadDb['user'] };
type Builder = ExpressionBuilder<PageTables, 'ob' | 'v' | 'o'>;

/** The descriptions of the methods the obstacle names, in link order: all of them joined by spaces, or the first `limit`. */
const linkedDescriptions = (eb: Builder, limit?: number) => {
  const links = eb
    .selectFrom('obstacle_linked_methods as l')
    .innerJoin('method as lm', 'lm.id', 'l.method_id')
    .whereRef('l.obstacle_id', '=', 'ob.id');
  return limit === undefined
    ? links.select((agg) => agg.fn.agg<string>('string_agg', ['lm.description', agg.val(' ')]).orderBy('l.method_id').as('text'))
    : links.select('lm.description as text').orderBy('l.method_id').limit(limit);
};

/** What an obstacle sorts by in `sort`, as contracts' `obstacleSortKey` says. */
function sortKey(eb: Builder, sort: TObstacleSort) {
  switch (sort) {
    case 'description':
      return textSortKey(eb.ref('ob.description'));
    case 'v2mom':
      return textSortKey(eb.ref('v.title'));
    case 'owner':
      return textSortKey(eb.ref('o.name'));
    case 'linkedMethod':
      return textSortKey(linkedDescriptions(eb, 1).$asScalar());
  }
}

/**
 * An obstacle holds `word` (contracts' `obstacleSearchText`): in its description
 * (`obstacle_description_search_index`), its V2MOM's title, its owner's name or the description of
 * a method it names, each of those found first (modules/shared/word-search.read.ts).
 */
function holdsSearchWord(eb: Builder, word: string) {
  return eb.or([
    holdsWord(searchText([eb.ref('ob.description')]), word),
    isAnyOf(eb.ref('ob.v2mom_id'), v2momsTitled(word)),
    isAnyOf(eb.ref('ob.owner_id'), peopleNamed(word)),
    isAnyOf(
      eb.ref('ob.id'),
      eb
        .selectFrom('obstacle_linked_methods as l')
        .select('l.obstacle_id as id')
        .where((link) => isAnyOf(link.ref('l.method_id'), methodsDescribed(word))),
    ),
  ]);
}

/**
 * The obstacles `filter` holds (contracts' `obstacleMatches`), one `ob.id` each: what a page is cut
 * from and what the Items List counts; with a viewer, of the V2MOMs they read (docs/PRODUCT.md#approval).
 */
export function filteredObstacles(db: Kysely<ReadDb>, filter: TObstacleFilter & { viewer?: Viewer }) {
  let rows = pageRows(db);
  if (filter.viewer !== undefined) rows = rows.where(visibleTo(filter.viewer));
  for (const word of searchWords(filter.q)) rows = rows.where((where) => holdsSearchWord(where, word));
  if (filter.joinableBy !== undefined) rows = rows.where((where) => joinableBy(where, filter.joinableBy!));
  return rows;
}

/** The department of the owner of the V2MOM of the obstacle `obstacleId`, as a scalar subquery. */
const departmentOfObstacle = (eb: Builder, obstacleId: number) =>
  eb
    .selectFrom('obstacle as jo')
    .innerJoin('v2mom as jv', 'jv.id', 'jo.v2mom_id')
    .innerJoin('user as ju', 'ju.id', 'jv.owner_id')
    .select('ju.department_id')
    .where('jo.id', '=', obstacleId);

/** A row the obstacle `obstacleId` may be joined to: another obstacle, of a V2MOM whose owner is in another department. */
function joinableBy(eb: Builder, obstacleId: number) {
  const ownDepartment = eb.selectFrom('user as vo').select('vo.department_id').whereRef('vo.id', '=', 'v.owner_id');
  return eb.and([eb('ob.id', '!=', obstacleId), eb(ownDepartment.$asScalar(), 'is distinct from', departmentOfObstacle(eb, obstacleId).$asScalar())]);
}

/** An obstacles list's order over `filteredObstacles`' rows: `sort`'s key, then id. */
export function obstacleOrder(sort: TObstacleSort, dir: TSortDirection): KeysetOrder {
  const eb = expressionBuilder<PageTables, 'ob' | 'v' | 'o'>();
  return { key: sortKey(eb, sort), id: eb.ref('ob.id'), dir };
}

/** The page of obstacles `query` asks for, of the V2MOMs `viewer` reads, in its order, each with its V2MOM and the methods it names. */
export async function readObstaclePage(em: EntityManager, query: TObstaclePageQuery, viewer: Viewer): Promise<TObstaclePage> {
  const order = obstacleOrder(query.sort, query.dir);
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) =>
    selectRows(em, (db) => inKeysetPart(filteredObstacles(db, { ...query, viewer }), order, part)),
  );
  return { rows: await obstacleListItems(em, page.rows.map((row) => row.id)), nextCursor: page.nextCursor };
}

/** The obstacles of `ids` in the lists' shape, in that order: each with its V2MOM and the methods it names. */
export async function obstacleListItems(em: EntityManager, ids: readonly number[]): Promise<TObstacleListItem[]> {
  if (ids.length === 0) return [];
  const obstacles = new Map((await readObstaclesWithLinks(em, { ids: [...ids] })).map((obstacle) => [obstacle.id, obstacle]));
  const shared = await sharedObstacles(em, ids);
  return ids.flatMap((id) => {
    const obstacle = obstacles.get(id);
    return obstacle ? [{ ...obstacle, shared: shared.get(id) ?? null }] : [];
  });
}

/**
 * What the rows of `ids` that others are joined to show of them (docs/PRODUCT.md#shared-obstacles),
 * one statement for the page: per shared obstacle, the departments it blocks (its own V2MOM
 * owner's and each joined obstacle's V2MOM owner's) and the joined obstacles' owners, each the
 * first SHARED_OBSTACLE_SHOWN by name with their count, read through `obstacle_joined_to_id_index`.
 * A joined obstacle of a V2MOM not everyone reads yet is left out, so the row, the same for every
 * reader and in every event, names nothing of a draft (docs/PRODUCT.md#approval).
 */
async function sharedObstacles(em: EntityManager, ids: readonly number[]): Promise<Map<number, TSharedObstacle>> {
  const rows = await sharedObstacleRows(em, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        joinedCount: row.joined_count ?? 0,
        teams: row.teams.map((team) => team.name),
        teamCount: row.team_count ?? 0,
        coOwners: row.co_owners,
        coOwnerCount: row.co_owner_count ?? 0,
      },
    ]),
  );
}

/**
 * `sharedObstacles`' statement: one text whatever the ids, so PostgreSQL plans it once per
 * connection (prepared-statements.ts). Its subqueries took it 1.9 ms to plan and 0.7 ms to run
 * for a page of 50 on the company-sized organisation.
 */
const sharedObstacleRows = selectOnce((db, _em, ids: readonly number[]) => {
  type Shared = ExpressionBuilder<ReadDb & { s: ReadDb['obstacle'] }, 's'>;
  // The obstacles joined to one shared obstacle that everyone reads.
  const joinedTo = (eb: Shared) =>
    eb.selectFrom('obstacle as j').whereRef('j.joined_to_id', '=', 's.id').where('j.v2mom_id', 'not in', unpublishedV2momIds(db));
  // The obstacles of one shared obstacle: itself and those joined to it.
  const blocked = (eb: Shared) =>
    eb
      .selectFrom('obstacle as t')
      .innerJoin('v2mom as tv', 'tv.id', 't.v2mom_id')
      .innerJoin('user as tu', 'tu.id', 'tv.owner_id')
      .innerJoin('department as d', 'd.id', 'tu.department_id')
      .where((where) => where.or([where('t.id', '=', where.ref('s.id')), where('t.id', 'in', joinedTo(where).select('j.id'))]))
      .select('d.name')
      .distinct();
  const coOwners = (eb: Shared) =>
    joinedTo(eb)
      .innerJoin('user as ju', 'ju.id', 'j.owner_id')
      .select(['ju.id', 'ju.name', 'ju.active'])
      .distinct();
  return db
    .selectFrom('obstacle as s')
    .where('s.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .where((eb) => eb.exists(joinedTo(eb).select('j.id')))
    .select((eb) => [
      's.id',
      joinedTo(eb)
        .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
        .as('joined_count'),
      jsonArrayFrom(eb.selectFrom(blocked(eb).as('b')).select('b.name').orderBy('b.name').limit(SHARED_OBSTACLE_SHOWN)).as('teams'),
      eb
        .selectFrom(blocked(eb).as('b'))
        .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
        .as('team_count'),
      jsonArrayFrom(eb.selectFrom(coOwners(eb).as('c')).select(['c.id', 'c.name', 'c.active']).orderBy('c.name').orderBy('c.id').limit(SHARED_OBSTACLE_SHOWN)).as('co_owners'),
      eb
        .selectFrom(coOwners(eb).as('c'))
        .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
        .as('co_owner_count'),
    ]);
});
