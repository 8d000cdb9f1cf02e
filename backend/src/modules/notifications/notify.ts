import type { EntityManager } from '@mikro-orm/core';
import type { TNotificationKind } from '@v2mom/contracts';
import { writeScope } from '../../db/change-log.subscriber.js';
import type { Notification } from './notification.entity.js';

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
  const rows = (await em.getConnection().execute(
    `insert into notification (recipient_id, kind, actor_id, v2mom_id, method_id, obstacle_id, task_id, comment_id, detail, created_at)
     select u.id, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, now() from "user" u
     where u.id = any(?::int[]) and u.active
       and not exists (select 1 from notification_preference p where p.user_id = u.id and p.kind = ? and not p.in_app)
     returning recipient_id`,
    [
      draft.kind,
      draft.actorId,
      draft.v2momId,
      draft.methodId ?? null,
      draft.obstacleId ?? null,
      draft.taskId ?? null,
      draft.commentId ?? null,
      draft.detail ? JSON.stringify(draft.detail) : null,
      // As an array literal: the connection would spread a JavaScript array into a list of values.
      `{${recipients.join(',')}}`,
      draft.kind,
    ],
    'all',
    em.getTransactionContext(),
  )) as Array<{ recipient_id: number }>;
  const notified = rows.map((row) => row.recipient_id);
  writeScope.getStore()?.unreadChanged(notified);
  return notified;
}
