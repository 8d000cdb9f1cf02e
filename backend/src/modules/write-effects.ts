import type { EventSubscriber } from '@mikro-orm/core';
import { ChangeLogSubscriber, LIVE_ENTITY_BY_CLASS, LOGGED_ENTITY_BY_CLASS } from './change-log/change-log.subscriber.js';
import { CheckInSubscriber } from './checkins/check-in.subscriber.js';
import { ConfidenceDropGuard } from './checkins/confidence-drop.guard.js';
import { NotificationSubscriber } from './notifications/notification.subscriber.js';
import { ReviewedGoalsGuard } from './quarter-reviews/reviewed-goals.guard.js';
import { ClosedYearGuard, ITEM_CLASSES } from './v2moms/closed-year.guard.js';
import { ApprovalSubscriber } from './v2moms/approval.subscriber.js';
import { WebhookEventsSubscriber } from './webhooks/webhook-events.subscriber.js';
import { ChatPostsSubscriber } from './chat-channels/chat-posts.subscriber.js';

/**
 * What a write causes besides its own rows, and what may refuse it (docs/ARCHITECTURE.md#what-a-write-causes).
 *
 * A service changes rows and calls `em.flush()`; every flush, whichever service or socket command
 * made it, runs the steps below in this order, inside the write's transaction: a guard's refusal
 * (an `AppError`) aborts the flush and nothing is written; an effect writes rows of its own that
 * commit or roll back with the write. Services therefore neither log, check in nor notify for
 * the rows listed here; a write that changes no field of a row leaves no change set, so none of
 * these run for it.
 *
 * After the commit, `http/route.ts` hands the service's `ChangeSet` to `modules/shared/send-written.ts`,
 * which answers and then publishes one live event per row the flushes really wrote (noted by the
 * change log step), each carrying its change-log id and, for a method, its check-in; the people
 * notified then hear their unread counts. Comments notify from their own service
 * (`modules/comments/comments.service.ts`), and emails are queued only by the rhythm's jobs
 * (`modules/rhythm/rhythm-runs.ts`, run by `jobs/job-queue.ts`), never by a write. Webhook
 * deliveries and Slack and Teams posts written by a flush are sent by their jobs
 * (`modules/webhooks/webhooks.jobs.ts`, `modules/chat-channels/chat-channels.jobs.ts`), asked for
 * once the transaction commits.
 */
interface FlushStep {
  subscriber: () => EventSubscriber;
  /** What it does, each on the entities (by class name) whose written rows it looks at. */
  does: ReadonlyArray<{ kind: 'guard' | 'effect'; on: readonly string[]; why: string }>;
}

/** The flush's steps, in the order they run. */
export const FLUSH_STEPS: readonly FlushStep[] = [
  {
    subscriber: () => new ReviewedGoalsGuard(),
    does: [{ kind: 'guard', on: ['Method'], why: "A reviewed quarter's goal and measure stay as reviewed: 409 quarter_reviewed (docs/PRODUCT.md#quarter-review)." }],
  },
  {
    subscriber: () => new ConfidenceDropGuard(),
    does: [{ kind: 'guard', on: ['Method'], why: 'A confidence that falls by two or more needs a reason: 400 bad_request (docs/PRODUCT.md#confidence).' }],
  },
  {
    subscriber: () => new ApprovalSubscriber(),
    does: [
      {
        kind: 'effect',
        on: ['V2mom', 'Value', 'Method'],
        why: "A person's V2MOM aligned to another starts as a draft; an approved V2MOM whose document changes is marked changed since approved (docs/PRODUCT.md#approval).",
      },
    ],
  },
  {
    subscriber: () => new ChangeLogSubscriber(),
    does: [
      {
        kind: 'effect',
        on: [...LOGGED_ENTITY_BY_CLASS.keys()],
        why: 'A change-log row per written row with the fields it changed, the writer stamped as `updatedBy`, and a change of links alone bumps the row (docs/PRODUCT.md#change-log).',
      },
      { kind: 'effect', on: [...LIVE_ENTITY_BY_CLASS.keys()], why: 'Notes which rows the flush really wrote: only those become live events (docs/PRODUCT.md#versions).' },
    ],
  },
  {
    subscriber: () => new CheckInSubscriber(),
    does: [
      {
        kind: 'effect',
        on: ['Method'],
        why: "A check-in row when progress, status, current measure, update text or confidence changes, the method's update author, time, count and previous confidence kept, its check-in reminders cleared (docs/PRODUCT.md#check-ins).",
      },
    ],
  },
  {
    subscriber: () => new NotificationSubscriber(),
    does: [
      {
        kind: 'effect',
        on: ['Method', 'Obstacle', 'Task', 'V2mom'],
        why: "Notifications: a method's status or owner changed, an obstacle linked to someone's method, a task given to someone (docs/PRODUCT.md#notifications); a V2MOM's vision or a supported method's description or measure changed, to the owners of what is aligned to it (docs/PRODUCT.md#parent-changes).",
      },
    ],
  },
  {
    subscriber: () => new WebhookEventsSubscriber(),
    does: [
      {
        kind: 'effect',
        on: ['Method', 'Obstacle', 'Comment', 'QuarterReview', 'V2mom'],
        why: 'A delivery to each enabled webhook that wants the event: a check-in, a status change, an obstacle added or resolved, a comment, a quarter review, a V2MOM published; sent by the delivery job once the write commits (docs/PRODUCT.md#webhooks).',
      },
    ],
  },
  {
    subscriber: () => new ChatPostsSubscriber(),
    does: [
      {
        kind: 'effect',
        on: ['Method', 'Comment'],
        why: "A post to the Slack and Teams channels that want it, the company's and the item's department's: a method gone At Risk, a comment's mentions; sent by the posting job once the write commits (docs/PRODUCT.md#slack-and-teams).",
      },
    ],
  },
  {
    subscriber: () => new ClosedYearGuard(),
    does: [
      {
        kind: 'guard',
        on: ['V2mom', ...ITEM_CLASSES],
        why: 'A V2MOM carried into the next year is read-only, its items too: 409 conflict, checked under a lock a rollover waits for (docs/PRODUCT.md#next-year).',
      },
    ],
  },
];
