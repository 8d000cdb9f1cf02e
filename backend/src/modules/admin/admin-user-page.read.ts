import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TAdminUserFilter, type TAdminUserPage, type TAdminUserPageQuery } from '@v2mom/contracts';
import { expressionBuilder, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey } from '../../db/keyset.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { personHoldsWord } from '../shared/word-search.read.js';
import { User } from '../users/user.entity.js';
import { ADMIN_USER_POPULATE, toAdminUser } from './admin-users.service.js';

/**
 * A page of the People table as GET /api/admin/users asks for it (contracts' admin/admin-user-page.ts
 * holds the rules). Two steps: the page's ids, searched, filtered and cut in PostgreSQL along the
 * name's sort index; then those people in the table's shape.
 */

type PageTables = ReadDb & { u: ReadDb['user'] };
type Builder = ExpressionBuilder<PageTables, 'u'>;

/** A person holds `word` (contracts' `userSearchText`) in their name, username or department's name. */
const holdsSearchWord = (eb: Builder, word: string) => personHoldsWord({ name: eb.ref('u.name'), username: eb.ref('u.username'), departmentId: eb.ref('u.department_id') }, word);

/** The people `filter` holds (contracts' `adminUserMatches`), one `u.id` each: what a page is cut from. */
export function filteredPeople(db: Kysely<ReadDb>, filter: TAdminUserFilter) {
  let rows = db.selectFrom('user as u').select('u.id');
  if (filter.active !== undefined) rows = rows.where('u.active', '=', filter.active);
  if (filter.role !== undefined) rows = rows.where('u.role', '=', filter.role);
  if (filter.departmentId !== undefined) rows = rows.where('u.department_id', '=', filter.departmentId);
  for (const word of searchWords(filter.q)) rows = rows.where((where) => holdsSearchWord(where, word));
  return rows;
}

/** The page of people `query` asks for, by name. */
export async function readAdminUserPage(em: EntityManager, query: TAdminUserPageQuery): Promise<TAdminUserPage> {
  const eb = expressionBuilder<PageTables, 'u'>();
  const order = { key: textSortKey(eb.ref('u.name')), id: eb.ref('u.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) => selectRows(em, (db) => inKeysetPart(filteredPeople(db, query), order, part)));
  const ids = page.rows.map((row) => row.id);
  const people = new Map((await em.find(User, { id: { $in: ids } }, { populate: ADMIN_USER_POPULATE })).map((user) => [user.id, toAdminUser(user)]));
  return { rows: page.rows.flatMap((row) => people.get(row.id) ?? []), nextCursor: page.nextCursor };
}
