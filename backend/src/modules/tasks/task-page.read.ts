import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TTaskCount, type TTaskFilter, type TTaskPage, type TTaskPageQuery, type TTaskSort } from '@v2mom/contracts';
import { expressionBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage } from '../../db/keyset.js';
import { holdsWord, isAnyOf, searchText } from '../../db/search.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { methodsDescribed, peopleNamed, statusesHolding } from '../shared/word-search.read.js';
import { readTasks, tasksReadBy } from './task.read.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { TASK_SEARCH_COLUMNS } from './task.entity.js';

/**
 * A page of tasks as GET /api/tasks asks for it (contracts' tasks/task-page.ts holds the rules:
 * which rows a query holds, what each sorts by). Two steps: the page's ids, filtered, sorted and
 * cut in PostgreSQL over the joins the search and the filters need; then those rows in their list
 * shape (`readTasks`, one statement).
 */

/** The tasks with their owner's department, which a filter looks at. */
const pageRows = (db: Kysely<ReadDb>) =>
  db.selectFrom('task as t').innerJoin('user as o', 'o.id', 't.owner_id').innerJoin('department as od', 'od.id', 'o.department_id').select('t.id');

type PageTables = ReadDb & { t: ReadDb['task']; o: ReadDb['user']; od: ReadDb['department'] };
type Builder = ExpressionBuilder<PageTables, 't' | 'o' | 'od'>;

/** What a task sorts by in `sort`, as contracts' `taskSortKey` says. */
function sortKey(eb: Builder, sort: TTaskSort) {
  switch (sort) {
    case 'newest':
      return eb.ref('t.id');
  }
}

/**
 * A task holds `word` (contracts' `taskSearchText`): in its title and description
 * (`task_text_search_index`), its owner's name, its method's description or its status's words,
 * the people and methods found first (modules/shared/word-search.read.ts).
 */
function holdsSearchWord(eb: Builder, word: string) {
  const statuses = statusesHolding(word);
  return eb.or([
    holdsWord(searchText(TASK_SEARCH_COLUMNS.map((column) => eb.ref(`t.${column}`))), word),
    isAnyOf(eb.ref('t.owner_id'), peopleNamed(word)),
    isAnyOf(eb.ref('t.method_id'), methodsDescribed(word)),
    ...(statuses.length > 0 ? [eb('t.status', 'in', statuses)] : []),
  ]);
}

/**
 * The tasks `filter` holds (contracts' `taskMatches`) of those `viewer` reads, one `t.id` each: what
 * a page is cut from and what the screen counts.
 */
export function filteredTasks(db: Kysely<ReadDb>, filter: TTaskFilter, viewer: Viewer) {
  let rows = pageRows(db);
  const read = tasksReadBy(db, viewer);
  if (read) rows = rows.where(read);
  if (filter.status !== undefined) rows = rows.where('t.status', 'in', filter.status);
  if (filter.ownerId !== undefined) rows = rows.where('t.owner_id', '=', filter.ownerId);
  if (filter.department !== undefined) rows = rows.where('od.name', '=', filter.department);
  for (const word of searchWords(filter.q)) rows = rows.where((where) => holdsSearchWord(where, word));
  return rows;
}

/** The page of tasks `query` asks for, of those `viewer` reads, in its order. */
export async function readTaskPage(em: EntityManager, query: TTaskPageQuery, viewer: Viewer): Promise<TTaskPage> {
  const eb = expressionBuilder<PageTables, 't' | 'o' | 'od'>();
  const order = { key: sortKey(eb, query.sort), id: eb.ref('t.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) => selectRows(em, (db) => inKeysetPart(filteredTasks(db, query, viewer), order, part)));
  const tasks = new Map((await readTasks(em, { ids: page.rows.map((row) => row.id) })).map((task) => [task.id, task]));
  return { rows: page.rows.flatMap((row) => tasks.get(row.id) ?? []), nextCursor: page.nextCursor };
}

/** How many tasks `filter` holds of those `viewer` reads, counted in PostgreSQL. */
export async function countTasks(em: EntityManager, filter: TTaskFilter, viewer: Viewer): Promise<TTaskCount> {
  const [row] = await selectRows(em, (db) => filteredTasks(db, filter, viewer).clearSelect().select((eb) => eb.fn.countAll<string>().as('count')));
  return { count: Number(row?.count ?? 0) };
}
