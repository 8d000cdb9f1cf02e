/**
 * `@v2mom/contracts/paths`: the route tables and path helpers without zod, for client bundles
 * that must stay small (the login route). Types from the full catalogue come with `import type`.
 */
export * from './api/route-table.js';
export * from './api/paths.js';
export * from './admin/admin.paths.js';
export * from './api-tokens/api-tokens.paths.js';
export * from './assistant/assistant.paths.js';
export * from './auth/auth.paths.js';
export * from './chat-channels/chat-channels.paths.js';
export * from './checkins/checkins.paths.js';
export * from './comments/comments.paths.js';
export * from './company/company.paths.js';
export * from './decks/decks.paths.js';
export * from './email/email.paths.js';
export * from './measures/measures.paths.js';
export * from './methods/methods.paths.js';
export * from './notifications/notifications.paths.js';
export * from './obstacles/obstacles.paths.js';
export * from './quarter-reviews/quarter-reviews.paths.js';
export * from './rhythm/rhythm.paths.js';
export * from './rooms/rooms.paths.js';
export * from './rounds/rounds.paths.js';
export * from './sheets/sheets.paths.js';
export * from './system/system.paths.js';
export * from './tasks/tasks.paths.js';
export * from './team/team.paths.js';
export * from './unseen/unseen.paths.js';
export * from './users/users.paths.js';
export * from './v2moms/v2moms.paths.js';
export * from './values/values.paths.js';
export * from './webhooks/webhooks.paths.js';
