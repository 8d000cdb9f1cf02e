import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TUserPage, type TUserPageQuery } from '@v2mom/contracts';
import { expressionBuilder } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey } from '../../db/keyset.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { personHoldsWord } from '../shared/word-search.read.js';
import { structureContactId, usersByIds } from './user-lists.service.js';

/**
 * A page of people as GET /api/users/search asks for it (contracts' users/user-page.ts holds the
 * rules): the page's ids, searched and cut in PostgreSQL along the name index, then those people
 * in their list shape.
 */

type PageTables = ReadDb & { u: ReadDb['user']; d: ReadDb['department'] };

/** The page of people `query` asks for, by name. */
export async function readUserPage(em: EntityManager, query: TUserPageQuery): Promise<TUserPage> {
  const words = searchWords(query.q);
  const eb = expressionBuilder<PageTables, 'u' | 'd'>();
  const order = { key: textSortKey(eb.ref('u.name')), id: eb.ref('u.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) =>
    selectRows(em, (db) => {
      let rows = db.selectFrom('user as u').innerJoin('department as d', 'd.id', 'u.department_id').select('u.id');
      if (query.active !== undefined) rows = rows.where('u.active', '=', query.active);
      if (query.structureContact !== undefined) rows = rows.where('u.id', query.structureContact ? '=' : '!=', structureContactId(db));
      if (query.ids !== undefined) rows = query.ids.length > 0 ? rows.where('u.id', 'in', query.ids) : rows.where((where) => where.lit(false));
      for (const word of words) rows = rows.where((where) => personHoldsWord({ name: where.ref('u.name'), username: where.ref('u.username'), departmentId: where.ref('u.department_id') }, word));
      return inKeysetPart(rows, order, part);
    }),
  );
  const people = new Map((await usersByIds(em, page.rows.map((row) => row.id))).map((person) => [person.id, person]));
  return { rows: page.rows.flatMap((row) => people.get(row.id) ?? []), nextCursor: page.nextCursor };
}
