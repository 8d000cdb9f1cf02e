import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TObstacleFilter, type TObstacleListItem, type TObstaclePage, type TObstaclePageQuery, type TObstacleSort, type TSortDirection } from '@v2mom/contracts';
import { expressionBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey, type KeysetOrder } from '../../db/keyset.js';
import { holdsWord, isAnyOf, searchText } from '../../db/search.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { methodsDescribed, peopleNamed, v2momsTitled } from '../shared/word-search.read.js';
import { groupBy } from '../shared/read-rows.js';
import { readObstacles } from './obstacle.read.js';

/**
 * A page of obstacles as GET /api/obstacles asks for it (contracts' obstacles/obstacle-page.ts
 * holds the rules). As for methods (methods/method-page.read.ts): the page's ids, filtered, sorted
 * and cut in PostgreSQL; then those rows in their list shape, four statements whatever the page's size.
 */

const pageRows = (db: Kysely<ReadDb>) =>
  db.selectFrom('obstacle as ob').innerJoin('v2mom as v', 'v.id', 'ob.v2mom_id').leftJoin('user as o', 'o.id', 'ob.owner_id').select('ob.id');

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

/** The obstacles `filter` holds (contracts' `obstacleMatches`), one `ob.id` each: what a page is cut from and what the Items List counts. */
export function filteredObstacles(db: Kysely<ReadDb>, filter: TObstacleFilter) {
  let rows = pageRows(db);
  for (const word of searchWords(filter.q)) rows = rows.where((where) => holdsSearchWord(where, word));
  return rows;
}

/** An obstacles list's order over `filteredObstacles`' rows: `sort`'s key, then id. */
export function obstacleOrder(sort: TObstacleSort, dir: TSortDirection): KeysetOrder {
  const eb = expressionBuilder<PageTables, 'ob' | 'v' | 'o'>();
  return { key: sortKey(eb, sort), id: eb.ref('ob.id'), dir };
}

/** The page of obstacles `query` asks for, in its order, each with its V2MOM and the methods it names. */
export async function readObstaclePage(em: EntityManager, query: TObstaclePageQuery): Promise<TObstaclePage> {
  const order = obstacleOrder(query.sort, query.dir);
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) => selectRows(em, (db) => inKeysetPart(filteredObstacles(db, query), order, part)));
  return { rows: await obstacleListItems(em, page.rows.map((row) => row.id)), nextCursor: page.nextCursor };
}

/** The obstacles of `ids` in the lists' shape, in that order: each with its V2MOM and the methods it names. */
export async function obstacleListItems(em: EntityManager, ids: readonly number[]): Promise<TObstacleListItem[]> {
  if (ids.length === 0) return [];
  const obstacles = await readObstacles(em, { ids: [...ids] });
  const v2moms = new Map(
    (
      await selectRows(em, (db) =>
        db
          .selectFrom('v2mom')
          .select(['id', 'title', 'owner_id'])
          .where('id', 'in', [...new Set(obstacles.map((obstacle) => obstacle.v2momId))]),
      )
    ).map((v2mom) => [v2mom.id, { id: v2mom.id, title: v2mom.title, ownerId: v2mom.owner_id }]),
  );
  const links = groupBy(
    await selectRows(em, (db) =>
      db
        .selectFrom('obstacle_linked_methods as l')
        .innerJoin('method as m', 'm.id', 'l.method_id')
        .select(['l.obstacle_id', 'm.id', 'm.description'])
        .where('l.obstacle_id', 'in', ids)
        .orderBy('l.method_id'),
    ),
    (link) => link.obstacle_id,
  );
  const byId = new Map(obstacles.map((obstacle) => [obstacle.id, obstacle]));
  return ids.flatMap((id) => {
    const obstacle = byId.get(id);
    const v2mom = obstacle && v2moms.get(obstacle.v2momId);
    if (!obstacle || !v2mom) return [];
    return [{ ...obstacle, v2mom, linkedMethods: (links.get(id) ?? []).map((link) => ({ id: link.id, description: link.description })) }];
  });
}
