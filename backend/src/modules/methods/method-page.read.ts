import type { EntityManager } from '@mikro-orm/core';
import { searchWords, WORK_STATUSES_BY_LABEL, type TMethodFilter, type TMethodPage, type TMethodPageQuery, type TMethodSort } from '@v2mom/contracts';
import { expressionBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey, type KeysetOrder } from '../../db/keyset.js';
import { holdsWord, isAnyOf, searchText } from '../../db/search.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { METHOD_SEARCH_COLUMNS } from './method.entity.js';
import { METHOD_MEASURE_COLUMNS } from './method-measures.js';
import { isStaleMethod, staleRuleNow, type StaleRule } from '../rhythm/stale-methods.js';
import { readMethods } from './method.read.js';
import { peopleNamed, statusesHolding, v2momsTitled } from '../shared/word-search.read.js';
import { methodVisibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * A page of methods as GET /api/methods asks for it (contracts' methods/method-page.ts holds the
 * rules: which rows a query holds, what each sorts by). Two steps: the page's ids, filtered,
 * sorted and cut in PostgreSQL over the two joins the search and the order need; then those rows
 * in their list shape (`readMethods`, one statement whatever the page's size).
 */

/**
 * The methods with the V2MOM a filter and an order look at: the stale filter (its year) and the
 * order by V2MOM. Every method has its V2MOM, so a left join holds the same rows, and PostgreSQL
 * drops it when neither looks: a page or a count then looks up no V2MOM per method (two pages each,
 * 1,000 of a department's 1,500); who reads them is a clause on the method's own `v2mom_id`
 * (`methodVisibleTo`). The owner, which only an order looks at, is joined by `methodPageRows`: a
 * count without it reads the methods' indexes alone (a left join PostgreSQL drops still keeps it
 * from an index-only scan).
 */
const filterRows = (db: Kysely<ReadDb>) => db.selectFrom('method as m').leftJoin('v2mom as v', 'v.id', 'm.v2mom_id').select('m.id');

type PageTables = ReadDb & { m: ReadDb['method']; v: ReadDb['v2mom']; o: ReadDb['user'] };
type Builder = ExpressionBuilder<PageTables, 'm' | 'v' | 'o'>;
type FilterBuilder = ExpressionBuilder<PageTables, 'm' | 'v'>;

/** A status's place in the order of the labels (contracts' `workStatusRank`). */
function statusRank(eb: Builder) {
  const [first, ...rest] = WORK_STATUSES_BY_LABEL;
  let ranks = eb.case('m.status').when(first ?? 'not_started').then(1);
  rest.forEach((status, index) => {
    ranks = ranks.when(status).then(index + 2);
  });
  return ranks.end();
}

/** What a method sorts by in `sort`, as contracts' `methodSortKey` says. */
function sortKey(eb: Builder, sort: TMethodSort) {
  switch (sort) {
    case 'description':
      return textSortKey(eb.ref('m.description'));
    case 'v2mom':
      return textSortKey(eb.ref('v.title'));
    case 'owner':
      return textSortKey(eb.ref('o.name'));
    case 'status':
      return statusRank(eb);
    case 'progress':
      return eb.ref('m.progress');
    case 'measure':
      return textSortKey(eb.ref('m.measure'));
    case 'currentMeasure':
      return textSortKey(eb.ref('m.current_measure'));
    case 'q1Measure':
      return textSortKey(eb.ref('m.q1_measure'));
    case 'q2Measure':
      return textSortKey(eb.ref('m.q2_measure'));
    case 'q3Measure':
      return textSortKey(eb.ref('m.q3_measure'));
    case 'q4Measure':
      return textSortKey(eb.ref('m.q4_measure'));
    case 'updated':
      // The column itself, so `method_updated_at_index` reads the order as a range; typed as the
      // text the driver answers it in (a cursor carries it back, and PostgreSQL reads it as a time).
      return eb.cast<string>(eb.ref('m.updated_at'), 'timestamptz');
  }
}

/**
 * A method holds `word` (contracts' `methodSearchText`): its own text, its status's words, its
 * V2MOM's title or its owner's name. Each is a lookup an index answers (the trigram indexes
 * `method_text_search_index`, `v2mom_title_search_index`, `user_name_search_index`), the V2MOMs and people
 * read first, so PostgreSQL may gather the few methods a rare word finds rather than read them all;
 * a common word still walks the order's index and stops at a page.
 */
function holdsSearchWord(eb: FilterBuilder, word: string) {
  const statuses = statusesHolding(word);
  return eb.or([
    holdsWord(searchText(METHOD_SEARCH_COLUMNS.map((column) => eb.ref(`m.${column}`))), word),
    ...(statuses.length > 0 ? [eb('m.status', 'in', statuses)] : []),
    isAnyOf(eb.ref('m.v2mom_id'), v2momsTitled(word)),
    isAnyOf(eb.ref('m.owner_id'), peopleNamed(word)),
  ]);
}

type MethodBuilder = ExpressionBuilder<ReadDb & { m: ReadDb['method'] }, 'm'>;

/** Whether any of the method's text `columns` holds more than blanks. */
const anyOfSet = (eb: MethodBuilder, columns: readonly (typeof METHOD_MEASURE_COLUMNS)[number][]) =>
  eb.or(columns.map((column) => eb(eb.fn('btrim', [`m.${column}`]), '<>', '')));

/**
 * Whether a method has any measure set (contracts' `hasAnyMeasure`), spelled as the predicate of
 * `method_measured_index` and `method_stale_measured_index`, so their counts read those alone.
 */
export function anyMeasure(eb: MethodBuilder) {
  return anyOfSet(eb, METHOD_MEASURE_COLUMNS);
}

/** Whether a method has a measure or a current measure (contracts' `hasKeyMetric`). */
export function keyMetric(eb: MethodBuilder) {
  return anyOfSet(eb, ['measure', 'current_measure']);
}

/**
 * Which methods a read holds: contracts' filter, its `stale` as the rule at the read's now; with a
 * viewer, only those of the V2MOMs they read (docs/PRODUCT.md#approval).
 */
export type MethodRows = Omit<TMethodFilter, 'stale'> & { stale?: StaleRule; viewer?: Viewer };

/** The filter as SQL reads it: a stale filter's rule read once, at the server's now. */
async function methodRowsOf(em: EntityManager, filter: TMethodFilter, viewer: Viewer | undefined): Promise<MethodRows> {
  const { stale, ...rest } = filter;
  return stale === true ? { ...rest, viewer, stale: await staleRuleNow(em) } : { ...rest, viewer };
}

/**
 * The methods `filter` holds (contracts' `methodMatches`), one `m.id` each: what a page is cut from
 * and what the Items List's counts count.
 */
export function filteredMethods(db: Kysely<ReadDb>, filter: MethodRows) {
  let rows = filterRows(db);
  if (filter.viewer !== undefined) rows = rows.where(methodVisibleTo(filter.viewer));
  const { stale } = filter;
  if (stale) rows = rows.where((eb) => isStaleMethod(eb, stale));
  if (filter.v2momId !== undefined) rows = rows.where('m.v2mom_id', '=', filter.v2momId);
  if (filter.ownerId !== undefined) rows = rows.where('m.owner_id', '=', filter.ownerId);
  const { department } = filter;
  if (department !== undefined) {
    rows = rows.where('m.owner_id', 'in', (eb) => eb.selectFrom('user as u').innerJoin('department as d', 'd.id', 'u.department_id').select('u.id').where('d.name', '=', department));
  }
  if (filter.withMeasure === true) rows = rows.where(anyMeasure);
  if (filter.forCooTracking !== undefined) rows = rows.where('m.for_coo_tracking', '=', filter.forCooTracking);
  if (filter.withKeyMetric === true) rows = rows.where(keyMetric);
  for (const word of searchWords(filter.q)) rows = rows.where((where) => holdsSearchWord(where, word));
  return rows;
}

/** `filteredMethods` with each method's owner, whom a page's order may look at. */
export function methodPageRows(db: Kysely<ReadDb>, filter: MethodRows) {
  return filteredMethods(db, filter).leftJoin('user as o', 'o.id', 'm.owner_id');
}

/** The order a page of methods is cut in (db/keyset.ts): `sort`'s key, then id, in `dir`. */
export function methodPageOrder({ sort, dir }: Pick<TMethodPageQuery, 'sort' | 'dir'>): KeysetOrder {
  const eb = expressionBuilder<PageTables, 'm' | 'v' | 'o'>();
  return { key: sortKey(eb, sort), id: eb.ref('m.id'), dir };
}

/**
 * The page of methods `query` asks for, in its order; `now` picks each method's current quarter
 * measure; with a viewer, of the V2MOMs they read.
 */
export async function readMethodPage(em: EntityManager, query: TMethodPageQuery, now: Date, viewer?: Viewer): Promise<TMethodPage> {
  const order = methodPageOrder(query);
  const filter = await methodRowsOf(em, query, viewer);
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) =>
    selectRows(em, (db) => inKeysetPart(methodPageRows(db, filter), order, part)),
  );
  const methods = new Map((await readMethods(em, { ids: page.rows.map((row) => row.id) }, now)).map((method) => [method.id, method]));
  return { rows: page.rows.flatMap((row) => methods.get(row.id) ?? []), nextCursor: page.nextCursor };
}
