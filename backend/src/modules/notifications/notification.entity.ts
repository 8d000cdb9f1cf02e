import { defineEntity, p } from '@mikro-orm/core';
import { NOTIFICATION_KINDS, type TParentChangedField } from '@v2mom/contracts';
import { Comment } from '../comments/comment.entity.js';
import { Method } from '../methods/method.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { Task } from '../tasks/task.entity.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { branchTallyNotificationTriggers } from '../v2moms/branch-tally.triggers.js';
import { now } from '../../server-clock.js';

/**
 * What a notification keeps beside its references: a change's before and after, or what a run of
 * the rhythm found (docs/PRODUCT.md#rhythm), the methods by id so a check-in can clear its reminder.
 */
export type StoredDetail =
  | { field: 'status' | 'owner'; from: string | number | null; to: string | number | null }
  | { field: 'check_in'; methodIds: number[]; periodStart: string }
  | { field: 'stale'; methodIds: number[]; since: string }
  | { field: 'digest'; meetingAt: string; checkedIn: { count: number; of: number }; atRisk: number; stale: number }
  | { field: 'round_turn'; roundId: number; department: string }
  | { field: 'round_minutes'; roundId: number; checkedIn: number; followUps: number }
  | { field: 'parent_changed'; changed: TParentChangedField; parent: { kind: 'v2mom' | 'method'; id: number; title: string }; from: string | null; to: string | null }
  | { field: 'approval_comment'; comment: string };

const PARENT_CHANGES_INDEX = 'notification_unreviewed_parent_changes_index';

/**
 * One thing a person is told of (docs/PRODUCT.md#notifications). It names what it is about by
 * foreign keys, so it goes with its V2MOM, item or comment, and reads their names as they are now.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  indexes: [
    { name: 'notification_recipient_id_id_index', properties: ['recipient', 'id'] },
    {
      // The bell's count: a person's unread ones only.
      name: 'notification_unread_index',
      expression: 'create index "notification_unread_index" on "notification" ("recipient_id") where "read_at" is null',
    },
    {
      // A V2MOM's unreviewed parent changes (docs/PRODUCT.md#parent-changes), counted for each branch of the alignment.
      name: PARENT_CHANGES_INDEX,
      expression: `create index "${PARENT_CHANGES_INDEX}" on "notification" ("v2mom_id") where "kind" = 'parent_changed' and "reviewed_at" is null`,
    },
  ],
  // Each V2MOM's unreviewed parent changes, its own and its branch's (docs/PRODUCT.md#alignment-map).
  triggers: branchTallyNotificationTriggers,
  properties: {
    id: p.integer().primary(),
    recipient: () => p.manyToOne(User).ref().deleteRule('cascade'),
    kind: p.enum(NOTIFICATION_KINDS),
    /** Not a cascade: what a deleted person did stays, unattributed. */
    actor: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    v2mom: () => p.manyToOne(V2mom).ref().nullable().deleteRule('cascade').index(),
    method: () => p.manyToOne(Method).ref().nullable().deleteRule('cascade').index(),
    obstacle: () => p.manyToOne(Obstacle).ref().nullable().deleteRule('cascade').index(),
    task: () => p.manyToOne(Task).ref().nullable().deleteRule('cascade').index(),
    comment: () => p.manyToOne(Comment).ref().nullable().deleteRule('cascade').index(),
    /** A method's status or owner before and after (`TNotificationDetail`, people by id), or what the rhythm told. */
    detail: p.json<StoredDetail>().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    readAt: p.datetime().nullable(),
    /** When its recipient marked a parent's change Reviewed (docs/PRODUCT.md#parent-changes). */
    reviewedAt: p.datetime().nullable(),
  },
});

export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);
