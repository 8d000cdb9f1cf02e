import type { EntityManager } from '@mikro-orm/core';
import {
  NOT_A_CHANGE_OF_THIS_V2MOM,
  UNSEEN_LIMITS,
  type TSeenMark,
  type TUnseenChange,
  type TUnseenChanges,
  type TUnseenSummary,
  isWorkStatus,
} from '@v2mom/contracts';
import { sql, type Kysely } from 'kysely';
import { selectRows, writeRows, type ReadDb } from '../read-db.js';
import { AppError } from '../../http/app-error.js';
import { found } from '../shared/guards.js';
import { isoTimestamp, joined } from '../shared/read-rows.js';
import { now } from '../../server-clock.js';
import { visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * "Since you last looked" (docs/PRODUCT.md#since-you-last-looked): each person's seen mark per
 * V2MOM, and the change log's rows after it that others wrote. The only refusal is a V2MOM that is
 * not there for the person: none, or a draft they may not read (docs/PRODUCT.md#approval).
 */

/** The V2MOM with the person's mark on it, if any, and its latest logged change; 404 when there is no such V2MOM. */
async function markOn(em: EntityManager, viewer: Viewer, v2momId: number) {
  const [row] = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom as v')
      .leftJoin('v2mom_seen as s', (join) => join.onRef('s.v2mom_id', '=', 'v.id').on('s.user_id', '=', viewer.id))
      .select((eb) => [
        's.last_change_id',
        isoTimestamp(eb.ref('s.seen_at')).as('seen_at'),
        eb.selectFrom('change_log as c').select((inner) => inner.fn.max('c.id').as('latest')).whereRef('c.v2mom_id', '=', 'v.id').as('latest'),
      ])
      .where('v.id', '=', v2momId)
      .where(visibleTo(viewer)),
  );
  return found(row, 'V2MOM');
}

/**
 * Moves the person's mark forward to `through`, or sets it there; never back. Answers the mark as
 * it is afterwards. One statement, so two tabs marking at once keep the further of the two.
 */
async function moveMark(em: EntityManager, userId: number, v2momId: number, through: number): Promise<TSeenMark> {
  const [mark] = await writeRows(em, (db) =>
    db
      .insertInto('v2mom_seen')
      .values({ user_id: userId, v2mom_id: v2momId, last_change_id: through, seen_at: now() })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'v2mom_id']).doUpdateSet((eb) => ({
          last_change_id: eb.fn<number>('greatest', ['v2mom_seen.last_change_id', 'excluded.last_change_id']),
          seen_at: eb.case().when('excluded.last_change_id', '>', eb.ref('v2mom_seen.last_change_id')).then(eb.ref('excluded.seen_at')).else(eb.ref('v2mom_seen.seen_at')).end(),
        })),
      )
      .returning((eb) => ['last_change_id', isoTimestamp(eb.ref('seen_at')).as('seen_at')]),
  );
  if (!mark) throw new Error('The seen mark was neither inserted nor updated');
  return { v2momId, through: mark.last_change_id, seenAt: mark.seen_at };
}

/**
 * The methods whose status the changes left at risk: each method's last status change among them
 * is to `at_risk`. Their descriptions are read as they are now; a method deleted since is left out.
 */
async function wentAtRisk(em: EntityManager, changes: readonly TUnseenChange[]): Promise<TUnseenChanges['summary']['wentAtRisk']> {
  const lastStatus = new Map<number, unknown>();
  for (const change of changes) {
    const status = change.fields['status'];
    if (change.entity === 'method' && status) lastStatus.set(change.rowId, status.new);
  }
  const ids = [...lastStatus].filter(([, status]) => status === 'at_risk').map(([id]) => id);
  if (ids.length === 0) return [];
  const methods = await selectRows(em, (db) => db.selectFrom('method').select(['id', 'description']).where('id', 'in', ids).orderBy('id'));
  return methods.map((method) => ({ methodId: method.id, description: method.description }));
}

/**
 * Others' changes to the V2MOM after the person's mark, oldest first, at most UNSEEN_LIMITS.changes
 * (the oldest, with `truncated`). A first visit sets the mark at the V2MOM's latest change and
 * shows nothing. The changes read the log's (v2mom, id) index from the mark on, with their authors' names.
 */
export async function listUnseenChanges(em: EntityManager, viewer: Viewer, v2momId: number): Promise<TUnseenChanges> {
  const userId = viewer.id;
  const mark = await markOn(em, viewer, v2momId);
  if (mark.last_change_id === null) {
    await moveMark(em, userId, v2momId, mark.latest ?? 0);
    return { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } };
  }
  const after = mark.last_change_id;
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('change_log as c')
      .leftJoin('user as u', 'u.id', 'c.actor_id')
      .select((eb) => ['c.id', 'c.entity', 'c.row_id', 'c.operation', 'c.fields', 'c.actor_id', 'u.name as actor_name', 'c.via_token', isoTimestamp(eb.ref('c.changed_at')).as('at')])
      .where('c.v2mom_id', '=', v2momId)
      .where('c.id', '>', after)
      // Changes someone other than the person made (a deleted person's, unattributed, count as others').
      .where('c.actor_id', 'is distinct from', userId)
      .orderBy('c.id')
      .limit(UNSEEN_LIMITS.changes + 1),
  );
  const changes = rows.slice(0, UNSEEN_LIMITS.changes).map(
    (row): TUnseenChange => ({
      id: row.id,
      entity: row.entity,
      rowId: row.row_id,
      operation: row.operation,
      // A deletion's row keeps the item's last values for its history, not as changed fields.
      fields: row.operation === 'updated' ? row.fields : {},
      actor: joined({ id: row.actor_id, name: row.actor_name }),
      viaToken: row.via_token,
      at: row.at,
    }),
  );
  const people = new Set(changes.flatMap((change) => (change.actor ? [change.actor.id] : [])));
  return {
    since: mark.seen_at,
    changes,
    truncated: rows.length > UNSEEN_LIMITS.changes,
    summary: { changes: changes.length, people: people.size, wentAtRisk: await wentAtRisk(em, changes) },
  };
}

/**
 * Marks the V2MOM seen through `through`, which must be one of its changes (so never beyond its
 * latest): a 400 otherwise. The mark never moves back; the answer is the mark as it stands.
 */
export async function markSeen(em: EntityManager, viewer: Viewer, v2momId: number, through: number): Promise<TSeenMark> {
  const [v2mom] = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom as v')
      .select((eb) => ['v.id', eb.exists(eb.selectFrom('change_log as c').select('c.id').where('c.id', '=', through).whereRef('c.v2mom_id', '=', 'v.id')).as('known')])
      .where('v.id', '=', v2momId)
      .where(visibleTo(viewer)),
  );
  if (!found(v2mom, 'V2MOM').known) throw new AppError('bad_request', NOT_A_CHANGE_OF_THIS_V2MOM, { fieldErrors: { through: [NOT_A_CHANGE_OF_THIS_V2MOM] } });
  return moveMark(em, viewer.id, v2momId, through);
}

/** Others' changes of one entity after the person's marks, over every V2MOM they have a mark on. */
const unseenOf = (db: Kysely<ReadDb>, userId: number, entity: 'method' | 'obstacle') =>
  db
    .selectFrom('v2mom_seen as s')
    .innerJoin('change_log as c', (join) => join.onRef('c.v2mom_id', '=', 's.v2mom_id').onRef('c.id', '>', 's.last_change_id'))
    .where('s.user_id', '=', userId)
    .where('c.entity', '=', entity)
    .where('c.actor_id', 'is distinct from', userId);

/** A method's first old and last new value of one field over its changes, and its last change of it. */
function firstAndLast<Field extends 'status' | 'progress', Value>(field: Field, cast: 'text' | 'int') {
  // The change log's fields are one jsonb column whose keys vary by entity: Kysely has no typed path into it.
  // eslint-disable-next-line local/no-raw-sql -- a jsonb path (see above)
  const changed = sql.raw(`c.fields->'${field}' is not null`);
  const end = (side: 'old' | 'new', order: 'asc' | 'desc') =>
    // eslint-disable-next-line local/no-raw-sql -- an ordered aggregate with a filter over a jsonb path
    sql<Value | null>`((array_agg(c.fields->${sql.lit(field)}->>${sql.lit(side)} order by c.id ${sql.raw(order)}) filter (where ${changed}))[1])::${sql.raw(cast)}`;
  return [
    end('old', 'asc').as(`${field}_from`),
    end('new', 'desc').as(`${field}_to`),
    // eslint-disable-next-line local/no-raw-sql -- an aggregate's filter over a jsonb path
    sql<number | null>`max(c.id) filter (where ${changed})`.as(`${field}_change_id`),
  ] as const;
}

/**
 * Across the V2MOMs the person has visited, since each mark and leaving out their own changes:
 * the methods whose status is not what it was (old -> new), the methods whose progress moved most
 * either way, and the obstacles added. Items deleted since, and those of drafts the person may not
 * read (docs/PRODUCT.md#approval), are left out; each list is bounded.
 */
export async function unseenSummary(em: EntityManager, viewer: Viewer): Promise<TUnseenSummary> {
  const userId = viewer.id;
  const methods = await selectRows(em, (db) =>
    db
      .selectFrom(
        unseenOf(db, userId, 'method')
          .where('c.operation', '=', 'updated')
          // eslint-disable-next-line local/no-raw-sql -- jsonb keys of the change log's fields
          .where(sql<boolean>`(c.fields->'status' is not null or c.fields->'progress' is not null)`)
          .select(['c.row_id', ...firstAndLast<'status', string>('status', 'text'), ...firstAndLast<'progress', number>('progress', 'int')])
          .groupBy('c.row_id')
          .as('moved'),
      )
      .innerJoin('method as m', 'm.id', 'moved.row_id')
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .where(visibleTo(viewer))
      .select(['m.id', 'm.description', 'v.id as v2mom_id', 'v.title', 'moved.status_from', 'moved.status_to', 'moved.status_change_id', 'moved.progress_from', 'moved.progress_to', 'moved.progress_change_id']),
  );
  const obstacles = await selectRows(em, (db) =>
    unseenOf(db, userId, 'obstacle')
      .where('c.operation', '=', 'created')
      .innerJoin('obstacle as o', 'o.id', 'c.row_id')
      .innerJoin('v2mom as v', 'v.id', 'o.v2mom_id')
      .where(visibleTo(viewer))
      .select(['o.id', 'o.description', 'v.id as v2mom_id', 'v.title', 'c.id as change_id'])
      .orderBy('c.id', 'desc')
      .limit(UNSEEN_LIMITS.summaryRows),
  );
  const where = (row: { v2mom_id: number; title: string }) => ({ v2momId: row.v2mom_id, v2momTitle: row.title });
  const statusChanges = methods
    .flatMap(({ status_from: from, status_to: to, status_change_id: changeId, ...row }) =>
      isWorkStatus(from) && isWorkStatus(to) && changeId !== null && from !== to ? [{ ...where(row), methodId: row.id, description: row.description, from, to, changeId }] : [],
    )
    .sort((a, b) => b.changeId - a.changeId)
    .slice(0, UNSEEN_LIMITS.summaryRows);
  const progressMoves = methods
    .flatMap(({ progress_from: from, progress_to: to, progress_change_id: changeId, ...row }) =>
      from !== null && to !== null && changeId !== null && from !== to ? [{ ...where(row), methodId: row.id, description: row.description, from, to, changeId }] : [],
    )
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from) || b.changeId - a.changeId)
    .slice(0, UNSEEN_LIMITS.progressMoves);
  const newObstacles = obstacles.map((row) => ({ ...where(row), obstacleId: row.id, description: row.description, changeId: row.change_id }));
  return { statusChanges, progressMoves, newObstacles };
}
