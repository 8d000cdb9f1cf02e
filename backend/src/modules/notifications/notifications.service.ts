import type { EntityManager } from '@mikro-orm/core';
import {
  channelsOf,
  NOTIFICATION_PAGE_SIZE,
  PREFERENCE_DEFAULTS,
  PREFERENCE_KINDS,
  pageCursor,
  type TNotification,
  type TNotificationChannel,
  type TNotificationDetail,
  type TNotificationKind,
  type TNotificationPage,
  type TNotificationPreferences,
  type TNotificationQuery,
  type TPreferenceKind,
  type TUnreadCount,
  type TUserRef,
  type TWorkStatus,
} from '@v2mom/contracts';
import { writeScope } from '../shared/write-scope.js';
import { selectRows, writeRows } from '../read-db.js';
import { found, knownCursor } from '../shared/guards.js';
import { isoTimestamp, joined } from '../shared/read-rows.js';
import type { Notification } from './notification.entity.js';
import { now } from '../../server-clock.js';

/**
 * The notification centre (docs/PRODUCT.md#notifications): each person reads and marks their own,
 * and nobody else's (another's is a 404, as if it did not exist).
 */

/** Unread notifications of each of these people (none: absent). */
export async function unreadCounts(em: EntityManager, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('notification')
      .select((eb) => ['recipient_id', eb.fn.countAll<string>().as('unread')])
      .where('recipient_id', 'in', userIds)
      .where('read_at', 'is', null)
      .groupBy('recipient_id'),
  );
  return new Map(rows.map((row) => [row.recipient_id, Number(row.unread)]));
}

async function unreadCount(em: EntityManager, userId: number): Promise<number> {
  return (await unreadCounts(em, [userId])).get(userId) ?? 0;
}

/** People named in owner changes, as they are named now. */
async function peopleOf(em: EntityManager, details: ReadonlyArray<Notification['detail']>): Promise<Map<number, TUserRef>> {
  const ids = details.flatMap((detail) => (detail?.field === 'owner' ? [detail.from, detail.to] : [])).filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return new Map();
  const rows = await selectRows(em, (db) => db.selectFrom('user').select(['id', 'name', 'active']).where('id', 'in', ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export function detailOf(detail: Notification['detail'], people: ReadonlyMap<number, TUserRef>, reviewedAt: string | null = null): TNotificationDetail | null {
  if (!detail) return null;
  switch (detail.field) {
    case 'parent_changed':
      return { ...detail, reviewedAt };
    case 'status':
      return { field: 'status', from: detail.from as TWorkStatus, to: detail.to as TWorkStatus };
    case 'owner': {
      const person = (id: string | number | null) => (typeof id === 'number' ? (people.get(id) ?? null) : null);
      return { field: 'owner', from: person(detail.from), to: person(detail.to) };
    }
    case 'check_in':
      return { field: 'check_in', methods: detail.methodIds.length, periodStart: detail.periodStart, methodIds: detail.methodIds };
    case 'stale':
      return { field: 'stale', methods: detail.methodIds.length, since: detail.since };
    case 'digest':
    case 'round_turn':
    case 'round_minutes':
    case 'approval_comment':
      return detail;
  }
}

/** What a notification is about, named as it is now; the reminder, the digest and a round's minutes are about no one item. */
function itemOf(row: { kind: TNotificationKind; task_id: number | null; task_title: string | null; obstacle_id: number | null; obstacle_description: string | null; method_id: number | null; method_description: string | null }, v2mom: { id: number; title: string } | null): TNotification['item'] {
  if (row.kind === 'check_in_reminder' || row.kind === 'meeting_digest' || row.kind === 'round_minutes') return null;
  if (row.task_id !== null) return { kind: 'task', id: row.task_id, title: row.task_title ?? '' };
  if (row.obstacle_id !== null) return { kind: 'obstacle', id: row.obstacle_id, title: row.obstacle_description ?? '' };
  if (row.method_id !== null) return { kind: 'method', id: row.method_id, title: row.method_description ?? '' };
  return { kind: 'v2mom', id: v2mom?.id ?? 0, title: v2mom?.title ?? '' };
}

/** The person's notifications, newest first, `where` narrowing them. */
export async function readNotifications(em: EntityManager, userId: number, where: { before?: number; id?: number; limit: number }): Promise<TNotification[]> {
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('notification as n')
      .leftJoin('user as a', 'a.id', 'n.actor_id')
      .leftJoin('v2mom as v', 'v.id', 'n.v2mom_id')
      .leftJoin('method as m', 'm.id', 'n.method_id')
      .leftJoin('obstacle as o', 'o.id', 'n.obstacle_id')
      .leftJoin('task as t', 't.id', 'n.task_id')
      .select((eb) => [
        'n.id',
        'n.kind',
        'n.comment_id',
        'n.detail',
        isoTimestamp(eb.ref('n.created_at')).as('created_at'),
        isoTimestamp(eb.ref('n.read_at')).as('read_at'),
        isoTimestamp(eb.ref('n.reviewed_at')).as('reviewed_at'),
        'a.id as actor_id',
        'a.name as actor_name',
        'a.active as actor_active',
        'v.id as v2mom_id',
        'v.title as v2mom_title',
        'm.id as method_id',
        'm.description as method_description',
        'o.id as obstacle_id',
        'o.description as obstacle_description',
        't.id as task_id',
        't.title as task_title',
      ])
      .where('n.recipient_id', '=', userId);
    if (where.before !== undefined) query = query.where('n.id', '<', where.before);
    if (where.id !== undefined) query = query.where('n.id', '=', where.id);
    return query.orderBy('n.id', 'desc').limit(where.limit);
  });
  const people = await peopleOf(em, rows.map((row) => row.detail));
  return rows.map((row) => {
    const v2mom = joined({ id: row.v2mom_id, title: row.v2mom_title });
    const item = itemOf(row, v2mom);
    return {
      id: row.id,
      kind: row.kind,
      actor: joined({ id: row.actor_id, name: row.actor_name, active: row.actor_active }),
      v2mom,
      item,
      commentId: row.comment_id,
      detail: detailOf(row.detail, people, row.reviewed_at),
      createdAt: row.created_at,
      readAt: row.read_at,
    };
  });
}

export async function listNotifications(em: EntityManager, userId: number, { cursor, limit = NOTIFICATION_PAGE_SIZE.default }: TNotificationQuery): Promise<TNotificationPage> {
  knownCursor(cursor === undefined || cursor.userId === userId);
  const [rows, unread] = await Promise.all([readNotifications(em, userId, { before: cursor?.notificationId, limit: limit + 1 }), unreadCount(em, userId)]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { notifications: page, nextCursor: rows.length > limit && last ? pageCursor([userId, last.id]) : null, unread };
}

export async function getUnreadCount(em: EntityManager, userId: number): Promise<TUnreadCount> {
  return { unread: await unreadCount(em, userId) };
}

/** Opening a notification marks it read; it stays read. Every tab of the person learns the count. */
export async function markNotificationRead(em: EntityManager, userId: number, id: number): Promise<TNotification> {
  writeScope.getStore()?.unreadChanged([userId]);
  await writeRows(em, (db) => db.updateTable('notification').set({ read_at: now() }).where('id', '=', id).where('recipient_id', '=', userId).where('read_at', 'is', null));
  const [notification] = await readNotifications(em, userId, { id, limit: 1 });
  return found(notification, 'Notification');
}

/** "Mark all read": up to the newest the panel showed, so one that arrived meanwhile stays unread. */
export async function markAllNotificationsRead(em: EntityManager, userId: number, through: number): Promise<TUnreadCount> {
  writeScope.getStore()?.unreadChanged([userId]);
  // One statement for all of them: the unit of work would load each notification first.
  await writeRows(em, (db) => db.updateTable('notification').set({ read_at: now() }).where('recipient_id', '=', userId).where('id', '<=', through).where('read_at', 'is', null));
  return getUnreadCount(em, userId);
}

/** Each kind's channels as the person chose them, the default where they did not (docs/PRODUCT.md#notification-preferences). */
export async function getNotificationPreferences(em: EntityManager, userId: number): Promise<TNotificationPreferences> {
  const rows = await selectRows(em, (db) => db.selectFrom('notification_preference').select(['kind', 'in_app', 'email']).where('user_id', '=', userId));
  const chosen = new Map(rows.map((row) => [row.kind, { inApp: row.in_app, email: row.email }]));
  return Object.fromEntries(
    PREFERENCE_KINDS.map((kind) => {
      const defaults: Partial<Record<TNotificationChannel, boolean>> = PREFERENCE_DEFAULTS[kind];
      return [kind, Object.fromEntries(channelsOf(kind).map((channel) => [channel, chosen.get(kind)?.[channel] ?? defaults[channel]]))];
    }),
  ) as TNotificationPreferences;
}

export async function updateNotificationPreferences(em: EntityManager, userId: number, preferences: TNotificationPreferences): Promise<TNotificationPreferences> {
  const channels = (kind: TPreferenceKind): Partial<Record<TNotificationChannel, boolean>> => preferences[kind];
  // One upsert of every kind: the unit of work would read each row before writing it.
  await writeRows(em, (db) =>
    db
      .insertInto('notification_preference')
      .values(PREFERENCE_KINDS.map((kind) => ({ user_id: userId, kind, in_app: channels(kind).inApp ?? null, email: channels(kind).email ?? null })))
      .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ in_app: eb.ref('excluded.in_app'), email: eb.ref('excluded.email') }))),
  );
  return getNotificationPreferences(em, userId);
}
