import type { EntityManager } from '@mikro-orm/core';
import type { AliasedSelectQueryBuilder } from 'kysely';
import type { TNotification, TParentChangedField, TParentChanges } from '@v2mom/contracts';
import { selectRows, writeRows } from '../read-db.js';
import { found } from '../shared/guards.js';
import { isoTimestamp, joined } from '../shared/read-rows.js';
import { writeScope } from '../shared/write-scope.js';
import type { StoredDetail } from './notification.entity.js';
import { detailOf, readNotifications } from './notifications.service.js';
import { now } from '../../server-clock.js';

/**
 * When the parent changes (docs/PRODUCT.md#parent-changes): a V2MOM's vision tells the owners of
 * the V2MOMs aligned to it, a method's description or measure the owners of the methods that
 * support it, each notice on their own V2MOM (and method), with the change's before and after.
 */

/** One child whose owner hears of the change: the V2MOM aligned to the parent, or the method supporting it. */
interface ChildRow {
  recipient_id: number;
  v2mom_id: number;
  method_id: number | null;
}

/** What changed, of which parent. */
export interface ParentChange {
  changed: TParentChangedField;
  parent: { kind: 'v2mom' | 'method'; id: number; title: string };
  from: string | null;
  to: string | null;
  actorId: number;
}

/**
 * One INSERT … SELECT for every direct child, however many: the database picks the owners (active,
 * not the writer, not opted out of the kind), one notice each per V2MOM or supporting method.
 */
export async function notifyParentChanged(em: EntityManager, change: ParentChange): Promise<number[]> {
  const { actorId, ...rest } = change;
  const detail: StoredDetail = { field: 'parent_changed', ...rest };
  const rows = await writeRows(em, (db) => {
    const children: AliasedSelectQueryBuilder<ChildRow, 'child'> =
      change.parent.kind === 'v2mom'
        ? db
            .selectFrom('v2mom as c')
            .where('c.parent_id', '=', change.parent.id)
            .select((eb) => ['c.owner_id as recipient_id', 'c.id as v2mom_id', eb.cast<number | null>(eb.val(null), 'integer').as('method_id')])
            .as('child')
        : db
            .selectFrom('method as c')
            .where('c.supports_id', '=', change.parent.id)
            .select((eb) => [eb.cast<number>(eb.ref('c.owner_id'), 'integer').as('recipient_id'), 'c.v2mom_id', eb.cast<number | null>(eb.ref('c.id'), 'integer').as('method_id')])
            .as('child');
    return db
      .insertInto('notification')
      .columns(['recipient_id', 'kind', 'actor_id', 'v2mom_id', 'method_id', 'detail', 'created_at'])
      .expression(
        db
          .selectFrom(children)
          .innerJoin('user as u', 'u.id', 'child.recipient_id')
          .select((eb) => [
            'u.id',
            eb.val('parent_changed' as const).as('kind'),
            eb.val(actorId).as('actor_id'),
            'child.v2mom_id',
            'child.method_id',
            eb.cast(eb.val(JSON.stringify(detail)), 'jsonb').as('detail'),
            eb.cast(eb.val(now()), 'timestamptz').as('created_at'),
          ])
          .where('u.id', '<>', actorId)
          .where('u.active', '=', true)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('notification_preference as p').select('p.user_id').whereRef('p.user_id', '=', 'u.id').where('p.kind', '=', 'parent_changed').where('p.in_app', '=', false))),
          ),
      )
      .returning('recipient_id');
  });
  const notified = [...new Set(rows.map((row) => row.recipient_id))];
  writeScope.getStore()?.unreadChanged(notified);
  return notified;
}

/** How many of a V2MOM's parent changes are unreviewed, and the latest 20 of them, read from their partial index. */
export async function getParentChanges(em: EntityManager, v2momId: number): Promise<TParentChanges> {
  const [v2mom] = await selectRows(em, (db) => db.selectFrom('v2mom').select('id').where('id', '=', v2momId));
  found(v2mom, 'V2MOM');
  const unreviewed = (db: Parameters<Parameters<typeof selectRows>[1]>[0]) =>
    db.selectFrom('notification as n').where('n.v2mom_id', '=', v2momId).where('n.kind', '=', 'parent_changed').where('n.reviewed_at', 'is', null);
  const [counted, rows] = await Promise.all([
    selectRows(em, (db) => unreviewed(db).select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))),
    selectRows(em, (db) =>
      unreviewed(db)
        .leftJoin('user as a', 'a.id', 'n.actor_id')
        .select((eb) => ['n.id', 'n.recipient_id', 'n.detail', isoTimestamp(eb.ref('n.created_at')).as('created_at'), 'a.id as actor_id', 'a.name as actor_name', 'a.active as actor_active'])
        .orderBy('n.id', 'desc')
        .limit(20),
    ),
  ]);
  return {
    unreviewed: counted[0]?.n ?? 0,
    changes: rows.flatMap((row) => {
      const detail = detailOf(row.detail, new Map());
      return detail
        ? [{ id: row.id, recipientId: row.recipient_id, actor: joined({ id: row.actor_id, name: row.actor_name, active: row.actor_active }), createdAt: row.created_at, detail }]
        : [];
    }),
  };
}

/** The recipient marks a parent's change Reviewed, which reads it too; another's notice is a 404. */
export async function markParentChangeReviewed(em: EntityManager, userId: number, id: number): Promise<TNotification> {
  writeScope.getStore()?.unreadChanged([userId]);
  const at = now();
  await writeRows(em, (db) =>
    db
      .updateTable('notification')
      .set((eb) => ({ reviewed_at: at, read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
      .where('id', '=', id)
      .where('recipient_id', '=', userId)
      .where('kind', '=', 'parent_changed')
      .where('reviewed_at', 'is', null),
  );
  const [notification] = await readNotifications(em, userId, { id, limit: 1 });
  return found(notification?.kind === 'parent_changed' ? notification : undefined, 'Notification');
}
