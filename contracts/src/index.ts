export * from './common/errors.schemas.js';
export * from './common/conflict.rules.js';
export * from './common/conflict.schemas.js';
export * from './common/cursor.js';
export * from './common/page.js';
export * from './common/list-order.js';
export * from './common/fields.schemas.js';
export * from './common/fields.rules.js';
export * from './common/badge.js';
export * from './common/confirm.js';
export * from './common/progress.js';
export * from './common/quarter.js';
export * from './common/company-clock.js';
export * from './common/text.js';
export * from './common/written-text.js';
export * from './common/work-status.js';

export * from './users/roles.js';
export * from './users/user.schemas.js';
export * from './users/user-names.js';
export * from './users/initials.js';
export * from './users/department.schemas.js';
export * from './users/departments.js';
export * from './users/user-page.js';

export * from './auth/auth.schemas.js';
export * from './auth/access.js';
export * from './auth/permissions.js';

export * from './admin/admin.schemas.js';

export * from './api-tokens/api-token.schemas.js';
export * from './admin/admin-user-page.js';

export * from './v2moms/v2mom-status.js';
export * from './v2moms/v2mom.rules.js';
export * from './v2moms/v2mom.schemas.js';
export * from './v2moms/v2mom-level.js';
export * from './v2moms/approval.js';
export * from './v2moms/approval.rules.js';
export * from './v2moms/alignment.schemas.js';
export * from './v2moms/alignment.live.js';
export * from './v2moms/v2mom-page.js';
export * from './v2moms/v2mom-page.rules.js';
export * from './v2moms/v2mom-document.schemas.js';
export * from './v2moms/next-year.schemas.js';
export * from './v2moms/year-end.js';
export * from './v2moms/year-end.rules.js';
export * from './v2moms/slide-export.js';

export * from './values/value.schemas.js';

export * from './methods/l2-owners.js';
export * from './methods/progress-from.js';
export * from './methods/supporters.schemas.js';
export * from './methods/method-fields.rules.js';
export * from './methods/method.fields.js';
export * from './methods/method.draft.js';
export * from './methods/method.rules.js';
export * from './methods/method-stats.js';
export * from './methods/method.schemas.js';
export * from './methods/method-page.js';
export * from './methods/method-page.rules.js';
export * from './methods/coo-tracking-counts.js';
export * from './methods/method-write.schemas.js';

export * from './checkins/check-in.schemas.js';
export * from './checkins/check-in.limits.js';
export * from './checkins/confidence.rules.js';
export * from './checkins/confidence.schemas.js';
export * from './checkins/as-of.schemas.js';
export * from './checkins/as-of.rules.js';
export * from './checkins/as-of.days.js';

export * from './unseen/unseen.schemas.js';

export * from './comments/comment.limits.js';
export * from './comments/comment.bounds.js';
export * from './comments/comment.schemas.js';
export * from './comments/comment.live.js';
export * from './comments/comment-live.rules.js';

export * from './notifications/notification.kinds.js';
export * from './notifications/notification.schemas.js';
export * from './notifications/notification.words.js';

export * from './email/email.outbox.js';
export * from './email/email.schemas.js';

export * from './obstacles/obstacle-page.js';
export * from './obstacles/obstacle-page.rules.js';
export * from './obstacles/obstacle.schemas.js';
export * from './obstacles/team-obstacles.js';

export * from './measures/measure-status.js';
export * from './measures/measure.schemas.js';

export * from './tasks/task.schemas.js';
export * from './tasks/task-page.js';
export * from './tasks/task-page.rules.js';

export * from './quarter-reviews/quarter-review.schemas.js';
export * from './quarter-reviews/quarter-review.rules.js';
export * from './quarter-reviews/quarter-review.window.js';
export * from './rhythm/rhythm.calendar.js';
export * from './rhythm/rhythm.schemas.js';
export * from './company/company.schemas.js';
export * from './rooms/room.schemas.js';
export * from './rooms/room.live.js';
export * from './rounds/round.schemas.js';
export * from './rounds/round.patch.js';
export * from './rounds/round.access.js';
export * from './rounds/round.words.js';
export * from './rounds/rounds.endpoints.js';
export * from './webhooks/webhook.schemas.js';
export * from './chat-channels/chat-channel.schemas.js';
export * from './decks/deck.rules.js';
export * from './sheets/sheet.rules.js';
export * from './sheets/sheet-import.schemas.js';

export * from './team/item-counts.js';
export * from './team/item-page.js';
export * from './team/item-page.rules.js';
export * from './team/team-status-counts.js';
export * from './team/team.schemas.js';

export * from './assistant/chat.rules.js';
export * from './assistant/chat.schemas.js';
export * from './assistant/assistant.live.js';
export * from './assistant/assistant.texts.js';

export * from './live/follow.live.js';
export * from './live/follow.room.js';
export * from './live/live.events.js';
export * from './live/live.names.js';

export * from './system/server-clock.js';

export * from './paths.js';
export * from './api/endpoint.js';
export * from './api/endpoints.js';
