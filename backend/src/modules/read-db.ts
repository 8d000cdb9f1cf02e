import type { InferKyselyDB } from '@mikro-orm/postgresql';
import { readBuilder } from '../db/read-builder.js';
import type { UserSessionSchema } from './auth/user-session.entity.js';
import type { ChangeLogSchema } from './change-log/change-log.entity.js';
import type { CheckInSchema } from './checkins/check-in.entity.js';
import type { CommentMentionSchema } from './comments/comment-mention.entity.js';
import type { CommentSchema } from './comments/comment.entity.js';
import type { ThreadSchema } from './comments/thread.entity.js';
import type { DepartmentSchema } from './departments/department.entity.js';
import type { EmailOutboxSchema } from './email/email-outbox.entity.js';
import type { MeasureSchema } from './measures/measure.entity.js';
import type { MethodLinkedValueSchema } from './methods/method-linked-value.entity.js';
import type { MethodSchema } from './methods/method.entity.js';
import type { NotificationPreferenceSchema } from './notifications/notification-preference.entity.js';
import type { NotificationSchema } from './notifications/notification.entity.js';
import type { ObstacleLinkedMethodSchema } from './obstacles/obstacle-linked-method.entity.js';
import type { ObstacleSchema } from './obstacles/obstacle.entity.js';
import type { QuarterReviewSchema } from './quarter-reviews/quarter-review.entity.js';
import type { MeetingBriefSchema } from './assistant/meeting-brief.entity.js';
import type { RhythmRunSchema } from './rhythm/rhythm-run.entity.js';
import type { RhythmSchema } from './rhythm/rhythm.entity.js';
import type { CompanySchema } from './company/company.entity.js';
import type { FollowUpSchema } from './rounds/follow-up.entity.js';
import type { RoundParticipantSchema } from './rounds/round-participant.entity.js';
import type { RoundSchema } from './rounds/round.entity.js';
import type { TaskSchema } from './tasks/task.entity.js';
import type { UserSchema } from './users/user.entity.js';
import type { V2momSchema } from './v2moms/v2mom.entity.js';
import type { ValueSchema } from './values/value.entity.js';
import type { V2momSeenSchema } from './unseen/v2mom-seen.entity.js';
import type { WebhookDeliverySchema } from './webhooks/webhook-delivery.entity.js';
import type { WebhookSchema } from './webhooks/webhook.entity.js';
import type { ChatChannelSchema } from './chat-channels/chat-channel.entity.js';
import type { ChatPostSchema } from './chat-channels/chat-post.entity.js';
import type { MethodTallySchema } from './methods/method-tally.entity.js';
import type { MethodDayTallySchema } from './methods/method-day-tally.entity.js';
import type { ObstacleTallySchema } from './obstacles/obstacle-tally.entity.js';
import type { BranchTallySchema } from './v2moms/branch-tally.entity.js';
import type { ScorecardTallySchema } from './quarter-reviews/scorecard-tally.entity.js';

/**
 * The tables the read side selects from, as MikroORM infers them from the entity definitions:
 * table and column names as the database spells them, value types from the properties. A
 * renamed property or column therefore fails the type check of every query that names it.
 */
export type ReadDb = InferKyselyDB<
  | typeof DepartmentSchema
  | typeof UserSchema
  | typeof UserSessionSchema
  | typeof V2momSchema
  | typeof ValueSchema
  | typeof MethodSchema
  | typeof ObstacleSchema
  | typeof MeasureSchema
  | typeof TaskSchema
  | typeof MethodLinkedValueSchema
  | typeof ObstacleLinkedMethodSchema
  | typeof CheckInSchema
  | typeof ChangeLogSchema
  | typeof V2momSeenSchema
  | typeof ThreadSchema
  | typeof CommentSchema
  | typeof CommentMentionSchema
  | typeof NotificationSchema
  | typeof NotificationPreferenceSchema
  | typeof RhythmSchema
  | typeof RhythmRunSchema
  | typeof MeetingBriefSchema
  | typeof CompanySchema
  | typeof EmailOutboxSchema
  | typeof QuarterReviewSchema
  | typeof WebhookSchema
  | typeof WebhookDeliverySchema
  | typeof ChatChannelSchema
  | typeof ChatPostSchema
  | typeof RoundSchema
  | typeof RoundParticipantSchema
  | typeof FollowUpSchema
  | typeof MethodTallySchema
  | typeof MethodDayTallySchema
  | typeof ObstacleTallySchema
  | typeof BranchTallySchema
  | typeof ScorecardTallySchema
>;

/** The read builder over these tables, and its typed statements that write or lock (db/read-builder.ts). */
export const { selectRows, selectOnce, writeOnce, writeRows } = readBuilder<ReadDb>();
