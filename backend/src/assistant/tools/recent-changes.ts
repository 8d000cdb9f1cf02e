import { expressionBuilder, sql, type Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../../modules/read-db.js';
import { isoTimestamp } from '../../modules/shared/read-rows.js';
import { addDays } from './attention-rules.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

type ChangedKind = 'v2mom' | 'method' | 'obstacle' | 'task';

interface ChangedRow {
  kind: ChangedKind;
  id: number;
  /** A V2MOM's or task's title, a method's or obstacle's description. */
  name: string;
  /** The V2MOM it belongs to (itself for a V2MOM); null for a task without a method. */
  v2momId: number | null;
  created: boolean;
  changedAt: string;
  changedBy: string | null;
}

export interface RecentChangesFacts {
  days: number;
  since: string;
  /** How the changes were found, and what that cannot show. */
  rule: string;
  total: number;
  byKind: Partial<Record<ChangedKind, { created: number; updated: number }>>;
  /** Most recent first; at most LIST_LIMIT of them. */
  changes: ChangedRow[];
}

const LIST_LIMIT = 25;

// There is no change log yet: a row's `updated_at` (and `created_at`) is all that records a
// change. So a row changed twice counts once, with its latest change, and deleted rows do not
// show at all. RECENT_CHANGES_RULE says as much to whoever reads the answer.
const RECENT_CHANGES_RULE =
  'Changes are read from when each V2MOM, method, obstacle and task was created and last updated: ' +
  'a row changed several times counts once, and deleted rows are not listed.';

interface RawChange {
  kind: ChangedKind;
  id: number;
  name: string;
  v2mom_id: number | null;
  created: boolean;
  changed_at: string;
  changed_by: string | null;
}

/** Every kind's rows changed since `since`, as one union of the same columns. */
function changedSince(db: Kysely<ReadDb>, since: string) {
  const kind = (name: ChangedKind) => sql.lit(name).$castTo<ChangedKind>().as('kind');
  const eb = expressionBuilder<ReadDb, never>();
  const sinceDay = eb.cast<Date>(eb.val(since), 'date');
  const changedAt = (table: string) => isoTimestamp(sql.ref<Date>(`${table}.updated_at`)).as('changed_at');
  const created = (table: string) => eb(sql.ref<Date>(`${table}.created_at`), '>=', sinceDay).$castTo<boolean>().as('created');
  return db
    .selectFrom('v2mom as v')
    .leftJoin('user as u', 'u.id', 'v.updated_by_id')
    .select(['v.id', 'v.title as name', sql.ref<number | null>('v.id').as('v2mom_id'), 'u.name as changed_by', kind('v2mom'), created('v'), changedAt('v')])
    .where('v.updated_at', '>=', sinceDay)
    .unionAll(
      db
        .selectFrom('method as m')
        .leftJoin('user as u', 'u.id', 'm.updated_by_id')
        .select(['m.id', 'm.description as name', 'm.v2mom_id', 'u.name as changed_by', kind('method'), created('m'), changedAt('m')])
        .where('m.updated_at', '>=', sinceDay),
    )
    .unionAll(
      db
        .selectFrom('obstacle as o')
        .leftJoin('user as u', 'u.id', 'o.updated_by_id')
        .select(['o.id', 'o.description as name', 'o.v2mom_id', 'u.name as changed_by', kind('obstacle'), created('o'), changedAt('o')])
        .where('o.updated_at', '>=', sinceDay),
    )
    .unionAll(
      db
        .selectFrom('task as t')
        .leftJoin('method as tm', 'tm.id', 't.method_id')
        .leftJoin('user as u', 'u.id', 't.updated_by_id')
        .select(['t.id', 't.title as name', 'tm.v2mom_id', 'u.name as changed_by', kind('task'), created('t'), changedAt('t')])
        .where('t.updated_at', '>=', sinceDay),
    );
}

/** What was created or changed in the last `days` days (today included), newest first. */
export async function recentChanges({ em, viewer, today }: ToolContext, days: number): Promise<RecentChangesFacts> {
  const since = addDays(today, -(days - 1));
  const rows: RawChange[] = await selectRows(em, (db) =>
    db
      .selectFrom(changedSince(db, since).as('c'))
      .selectAll()
      // A task of no method is no V2MOM's; every other row is one of a V2MOM the person reads.
      .where((eb) => eb.or([eb('c.v2mom_id', 'is', null), eb.exists(eb.selectFrom('v2mom as v').select('v.id').whereRef('v.id', '=', 'c.v2mom_id').where(visibleTo(viewer)))]))
      .orderBy('c.changed_at', 'desc')
      .orderBy('c.id', 'desc')
      .orderBy('c.kind'),
  );
  const byKind: RecentChangesFacts['byKind'] = {};
  for (const row of rows) {
    const counts = (byKind[row.kind] ??= { created: 0, updated: 0 });
    counts[row.created ? 'created' : 'updated'] += 1;
  }
  return {
    days,
    since,
    rule: RECENT_CHANGES_RULE,
    total: rows.length,
    byKind,
    changes: rows.slice(0, LIST_LIMIT).map((row) => ({
      kind: row.kind,
      id: row.id,
      name: row.name,
      v2momId: row.v2mom_id,
      created: row.created,
      changedAt: row.changed_at,
      changedBy: row.changed_by,
    })),
  };
}
