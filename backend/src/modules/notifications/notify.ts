import type { EntityManager } from '@mikro-orm/core';
import type { TNotificationKind } from '@v2mom/contracts';
import { writeRows } from '../read-db.js';
import { writeScope } from '../shared/write-scope.js';
import type { Notification, StoredDetail } from './notification.entity.js';
import { now } from '../../server-clock.js';

/** One thing to tell some people of: what happened, by whom, about what. */
export interface NotificationDraft {
  kind: TNotificationKind;
  recipientIds: readonly number[];
  actorId: number;
  v2momId: number | null;
  methodId?: number | null;
  obstacleId?: number | null;
  taskId?: number | null;
  commentId?: number | null;
  detail?: Notification['detail'];
}

/**
 * Tells each recipient once, in one statement inside the writer's transaction (docs/PRODUCT.md#notifications):
 * never the one who did it, never an account that cannot sign in (it can no longer read the
 * V2MOM), nor one who turned the kind off. Answers who was notified; the call's write scope
 * tells them their unread count once it has answered (http/route.ts).
 */
export async function notify(em: EntityManager, draft: NotificationDraft): Promise<number[]> {
  const recipients = [...new Set(draft.recipientIds)].filter((id) => id !== draft.actorId);
  if (recipients.length === 0) return [];
  // An INSERT … SELECT: the database chooses the recipients, in the one statement that adds them.
  const rows = await writeRows(em, (db) =>
    db
      .insertInto('notification')
      .columns(['recipient_id', 'kind', 'actor_id', 'v2mom_id', 'method_id', 'obstacle_id', 'task_id', 'comment_id', 'detail', 'created_at'])
      .expression(
        db
          .selectFrom('user as u')
          .select((eb) => [
            'u.id',
            eb.val(draft.kind).as('kind'),
            eb.val(draft.actorId).as('actor_id'),
            eb.val(draft.v2momId).as('v2mom_id'),
            eb.val(draft.methodId ?? null).as('method_id'),
            eb.val(draft.obstacleId ?? null).as('obstacle_id'),
            eb.val(draft.taskId ?? null).as('task_id'),
            eb.val(draft.commentId ?? null).as('comment_id'),
            eb.cast(eb.val(draft.detail ? JSON.stringify(draft.detail) : null), 'jsonb').as('detail'),
            eb.cast(eb.val(now()), 'timestamptz').as('created_at'),
          ])
          .where('u.id', 'in', recipients)
          .where('u.active', '=', true)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('notification_preference as p').select('p.user_id').whereRef('p.user_id', '=', 'u.id').where('p.kind', '=', draft.kind).where('p.in_app', '=', false))),
          ),
      )
      .returning('recipient_id'),
  );
  const notified = rows.map((row) => row.recipient_id);
  writeScope.getStore()?.unreadChanged(notified);
  return notified;
}

/** One notice of the rhythm to one person: no actor, its own detail. */
export interface NoticeDraft {
  recipientId: number;
  v2momId?: number | null;
  detail: StoredDetail;
}

/**
 * The rhythm's notices (docs/PRODUCT.md#rhythm): each its own recipient and detail, thousands in
 * one statement inside the run's transaction, with the same rules as `notify` (an account that
 * can sign in, that did not turn the kind off). Answers who was notified; the run tells them
 * their unread count once it committed.
 */
export async function notifyEach(em: EntityManager, kind: TNotificationKind, notices: readonly NoticeDraft[]): Promise<number[]> {
  if (notices.length === 0) return [];
  // eslint-disable-next-line local/no-raw-sql -- thousands of rows as one jsonb parameter (jsonb_to_recordset with a column list): Kysely has no typed form of it
  const rows = (await em.getConnection().execute(
    `insert into notification (recipient_id, kind, v2mom_id, detail, created_at)
     select u.id, ?, d.v2mom_id, d.detail, ?::timestamptz
     from jsonb_to_recordset(?::jsonb) as d(recipient_id int, v2mom_id int, detail jsonb) join "user" u on u.id = d.recipient_id
     where u.active and not exists (select 1 from notification_preference p where p.user_id = u.id and p.kind = ? and not p.in_app)
     returning recipient_id`,
    [kind, now(), JSON.stringify(notices.map((notice) => ({ recipient_id: notice.recipientId, v2mom_id: notice.v2momId ?? null, detail: notice.detail }))), kind],
    'all',
    em.getTransactionContext(),
  )) as Array<{ recipient_id: number }>;
  return rows.map((row) => row.recipient_id);
}

/**
 * The methods whose owner had no unread check-in reminder naming them, by transaction, with the
 * owner that was read (`noteNoCheckInReminder`).
 */
const unremindedIn = new WeakMap<object, Map<number, number | null>>();

/**
 * Notes that a statement of the transaction, run after it locked the method's row, found no unread
 * check-in reminder of `ownerId` naming the method: its check-in then has nothing to clear, and
 * `clearCheckInReminders` skips its statement, a round trip fewer per write.
 */
export function noteNoCheckInReminder(em: EntityManager, methodId: number, ownerId: number | null): void {
  const transaction = em.getTransactionContext<object>();
  if (!transaction) return;
  const noted = unremindedIn.get(transaction) ?? new Map<number, number | null>();
  unremindedIn.set(transaction, noted.set(methodId, ownerId));
}

/**
 * A check-in of the method reads its owner's check-in reminders that no longer ask for anything:
 * every method they named has had a check-in since the period they were about began
 * (docs/PRODUCT.md#rhythm). In the check-in's transaction; answers whose unread count moved.
 * Nothing to do, and no statement, when the transaction found its owner `ownerId` had none naming it.
 */
export async function clearCheckInReminders(em: EntityManager, methodId: number, ownerId: number | null): Promise<number[]> {
  const transaction = em.getTransactionContext<object>();
  const noted = transaction ? unremindedIn.get(transaction) : undefined;
  if (noted?.has(methodId) && noted.get(methodId) === ownerId) return [];
  // The named methods are looked up by key one by one; \`m.id in (select …)\` over the detail made
  // PostgreSQL read every method for each reminder (a check-in took 0.3 s on 100,000 methods).
  // eslint-disable-next-line local/no-raw-sql -- jsonb containment and a set-returning function over the notification's detail: Kysely has no typed form of them
  const rows = (await em.getConnection().execute(
    `update notification n set read_at = ?
     where n.kind = 'check_in_reminder' and n.read_at is null
       and n.recipient_id = (select owner_id from method where id = ?)
       and n.detail->'methodIds' @> to_jsonb(?::int)
       and not exists (
         select 1 from jsonb_array_elements_text(n.detail->'methodIds') as named(id) join method m on m.id = named.id::int
         where m.last_check_in_at is null or m.last_check_in_at < (n.detail->>'periodStart')::timestamptz)
     returning n.recipient_id`,
    [now(), methodId, methodId],
    'all',
    em.getTransactionContext(),
  )) as Array<{ recipient_id: number }>;
  return [...new Set(rows.map((row) => row.recipient_id))];
}
