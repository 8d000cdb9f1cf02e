import { ADMIN_PATHS } from '../admin/admin.paths.js';
import { API_TOKEN_PATHS } from '../api-tokens/api-tokens.paths.js';
import { ASSISTANT_PATHS } from '../assistant/assistant.paths.js';
import { AUTH_PATHS } from '../auth/auth.paths.js';
import { CHECK_IN_PATHS } from '../checkins/checkins.paths.js';
import { DECK_PATHS } from '../decks/decks.paths.js';
import { COMPANY_PATHS } from '../company/company.paths.js';
import { ROOM_PATHS } from '../rooms/rooms.paths.js';
import { WEBHOOK_PATHS } from '../webhooks/webhooks.paths.js';
import { CHAT_PATHS } from '../chat-channels/chat-channels.paths.js';
import { COMMENT_PATHS } from '../comments/comments.paths.js';
import { EMAIL_PATHS } from '../email/email.paths.js';
import { NOTIFICATION_PATHS } from '../notifications/notifications.paths.js';
import { MEASURE_PATHS } from '../measures/measures.paths.js';
import { METHOD_PATHS } from '../methods/methods.paths.js';
import { OBSTACLE_PATHS } from '../obstacles/obstacles.paths.js';
import { QUARTER_REVIEW_PATHS } from '../quarter-reviews/quarter-reviews.paths.js';
import { RHYTHM_PATHS } from '../rhythm/rhythm.paths.js';
import { ROUND_PATHS } from '../rounds/rounds.paths.js';
import { SHEET_PATHS } from '../sheets/sheets.paths.js';
import { SYSTEM_PATHS } from '../system/system.paths.js';
import { TASK_PATHS } from '../tasks/tasks.paths.js';
import { TEAM_PATHS } from '../team/team.paths.js';
import { UNSEEN_PATHS } from '../unseen/unseen.paths.js';
import { USER_PATHS } from '../users/users.paths.js';
import { V2MOM_PATHS } from '../v2moms/v2moms.paths.js';
import { VALUE_PATHS } from '../values/values.paths.js';

/**
 * Every route of the API by operation id, without zod (see route-table.ts): the areas' tables
 * together. Each route carries its id (`withOperationIds`): `METHOD_PATHS.updateMethod.id` is
 * `'updateMethod'`, which is how the client's `callApi(METHOD_PATHS.updateMethod, …)` finds the
 * request and response types of the catalogue. The client imports each area's table, not this
 * one, so a page's chunks hold only the routes it calls.
 */
export const API_PATHS = {
  ...SYSTEM_PATHS,
  ...AUTH_PATHS,
  ...V2MOM_PATHS,
  ...VALUE_PATHS,
  ...METHOD_PATHS,
  ...CHECK_IN_PATHS,
  ...UNSEEN_PATHS,
  ...COMMENT_PATHS,
  ...NOTIFICATION_PATHS,
  ...EMAIL_PATHS,
  ...OBSTACLE_PATHS,
  ...MEASURE_PATHS,
  ...TASK_PATHS,
  ...TEAM_PATHS,
  ...USER_PATHS,
  ...ASSISTANT_PATHS,
  ...ADMIN_PATHS,
  ...RHYTHM_PATHS,
  ...COMPANY_PATHS,
  ...ROOM_PATHS,
  ...DECK_PATHS,
  ...QUARTER_REVIEW_PATHS,
  ...API_TOKEN_PATHS,
  ...WEBHOOK_PATHS,
  ...CHAT_PATHS,
  ...ROUND_PATHS,
  ...SHEET_PATHS,
};

export type TOperationId = keyof typeof API_PATHS;
/** One route of the API with its operation id. */
export type TApiRoute = (typeof API_PATHS)[TOperationId];
