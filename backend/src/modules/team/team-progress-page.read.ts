import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, searchWords, type TTeamProgressPage, type TTeamProgressPageQuery, type TTeamProgressSort } from '@v2mom/contracts';
import { expressionBuilder, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey } from '../../db/keyset.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { personHoldsWord } from '../shared/word-search.read.js';
import { isoTimestamp } from '../shared/read-rows.js';
import { methodVisibleTo, visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * A page of the dashboard's Team Progress table as GET /api/team/progress asks for it (contracts'
 * team/team.schemas.ts holds the rules: which people a query holds, what each sorts by). Each
 * person's figures are gathered beside them (one lateral count of their methods, which looks up no
 * V2MOM per method: `methodVisibleTo`; their latest V2MOM), so the default order by name reads
 * people from an index and counts only the page's: the cost of a page does not grow with the
 * company. Orders by an aggregate count everyone first.
 */

/** People with their department, counts of the methods (`ms`) and latest V2MOM (`lv`) `viewer` reads (docs/PRODUCT.md#approval). */
const teamRows = (db: Kysely<ReadDb>, viewer: Viewer) =>
  db
    .selectFrom('user as u')
    .innerJoin('department as d', 'd.id', 'u.department_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('method as m')
          .select((counts) => [
            counts.cast<number>(counts.fn.countAll(), 'integer').as('total_methods'),
            counts.cast<number>(counts.fn.countAll().filterWhere('m.status', 'in', ON_TRACK_STATUSES), 'integer').as('methods_on_track'),
            counts.fn.max('m.updated_at').as('last_updated'),
          ])
          .whereRef('m.owner_id', '=', 'u.id')
          .where(methodVisibleTo(viewer))
          .as('ms'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('v2mom as v')
          .select(['v.id', 'v.updated_at'])
          .whereRef('v.owner_id', '=', 'u.id')
          .where(visibleTo(viewer))
          .orderBy('v.updated_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(1)
          .as('lv'),
      (join) => join.onTrue(),
    )
    // A team member owns a method or a V2MOM.
    .where((eb) => eb.or([eb('ms.total_methods', '>', 0), eb('lv.id', 'is not', null)]));

type TeamTables = ReadDb & {
  u: ReadDb['user'];
  d: ReadDb['department'];
  ms: { total_methods: number; methods_on_track: number; last_updated: Date | null };
  lv: { id: number; updated_at: Date };
};
type Builder = ExpressionBuilder<TeamTables, 'u' | 'd' | 'ms' | 'lv'>;

/** A person's latest change to a method or V2MOM of theirs. */
const lastUpdated = (eb: Builder) => eb.fn<Date | null>('greatest', ['ms.last_updated', 'lv.updated_at']);

/** What a person sorts by in `sort`, as contracts' `teamProgressSortKey` says (the same floating-point rounding as `roundedPercentage`). */
function sortKey(eb: Builder, sort: TTeamProgressSort) {
  switch (sort) {
    case 'person':
      return textSortKey(eb.ref('u.name'));
    case 'department':
      return textSortKey(eb.ref('d.name'));
    case 'progress':
      // eslint-disable-next-line local/no-raw-sql -- float division and floor as JavaScript's Math.round does them
      return sql<number | null>`case when ${eb.ref('ms.total_methods')} > 0 then floor(${eb.ref('ms.methods_on_track')}::float8 / ${eb.ref('ms.total_methods')} * 100 + 0.5) end`;
    case 'lastUpdated':
      // eslint-disable-next-line local/no-raw-sql -- epoch milliseconds have no typed form in Kysely
      return sql<number | null>`floor(extract(epoch from ${lastUpdated(eb)}) * 1000)::float8`;
  }
}

/** The page of team members `query` asks for, in its order, with the figures `viewer` reads. */
export async function readTeamProgressPage(em: EntityManager, query: TTeamProgressPageQuery, viewer: Viewer): Promise<TTeamProgressPage> {
  const words = searchWords(query.q);
  const eb = expressionBuilder<TeamTables, 'u' | 'd' | 'ms' | 'lv'>();
  const order = { key: sortKey(eb, query.sort), id: eb.ref('u.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) =>
    selectRows(em, (db) => {
      let rows = teamRows(db, viewer).select((select) => [
        'u.id',
        'u.name',
        'u.active',
        'd.name as department',
        select.fn.coalesce('ms.total_methods', select.lit(0)).as('total_methods'),
        select.fn.coalesce('ms.methods_on_track', select.lit(0)).as('methods_on_track'),
        isoTimestamp(lastUpdated(select)).as('last_updated'),
        'lv.id as v2mom_id',
      ]);
      if (query.department !== undefined) rows = rows.where('d.name', '=', query.department);
      for (const word of words) rows = rows.where(personHoldsWord({ name: eb.ref('u.name'), departmentId: eb.ref('u.department_id') }, word));
      return inKeysetPart(rows, order, part);
    }),
  );
  return {
    rows: page.rows.map((row) => ({
      user: { id: row.id, name: row.name, active: row.active, department: row.department },
      totalMethods: row.total_methods,
      methodsOnTrack: row.methods_on_track,
      lastUpdated: row.last_updated,
      v2momId: row.v2mom_id,
    })),
    nextCursor: page.nextCursor,
  };
}
