import type { Database } from '../db/database.js';
import type { Env } from '../env.js';
import type { ApiRouter } from '../http/route.js';
import { adminRoutes } from './admin/admin.routes.js';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes.js';
import { assistantRoutes } from './assistant/assistant.routes.js';
import { accountRoutes } from './auth/account.routes.js';
import { checkInsRoutes } from './checkins/checkins.routes.js';
import type { CommentPostLimit } from './comments/comment-post-limit.js';
import { commentsRoutes } from './comments/comments.routes.js';
import { unseenRoutes } from './unseen/unseen.routes.js';
import { authRoutes, type AuthRouteDeps } from './auth/auth.routes.js';
import { ssoConfigRoute } from './auth/sso/sso.routes.js';
import type { SsoSettings } from './auth/sso/sso-settings.js';
import { departmentsRoutes } from './departments/departments.routes.js';
import { docsRoutes } from './docs/docs.routes.js';
import { emailRoutes } from './email/email.routes.js';
import type { Mailer } from './email/mailer.js';
import { healthRoutes } from './health/health.routes.js';
import { measuresRoutes } from './measures/measures.routes.js';
import { methodsRoutes } from './methods/methods.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { obstaclesRoutes } from './obstacles/obstacles.routes.js';
import { quarterReviewsRoutes } from './quarter-reviews/quarter-reviews.routes.js';
import { rhythmRoutes } from './rhythm/rhythm.routes.js';
import { companyRoutes } from './company/company.routes.js';
import { roomLinksRoutes } from './rooms/room-links.routes.js';
import { deckRoutes } from './decks/decks.routes.js';
import { sheetsRoutes } from './sheets/sheets.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { v2momsRoutes } from './v2moms/v2moms.routes.js';
import { valuesRoutes } from './values/values.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

export interface ApiDeps extends AuthRouteDeps {
  env: Env;
  database: Database;
  startedAt: number;
  sso: SsoSettings | undefined;
  commentPosts: CommentPostLimit;
  mailer: Mailer;
}

/** Every catalogue entry's handler; each one checks its own access (route.ts). */
export function apiRoutes(router: ApiRouter, { env, database, startedAt, cookie, device, throttle, sso, commentPosts, mailer }: ApiDeps): void {
  healthRoutes(router, database, startedAt);
  docsRoutes(router);
  authRoutes(router, { cookie, device, throttle });
  ssoConfigRoute(router, sso);
  accountRoutes(router);
  apiTokensRoutes(router);
  methodsRoutes(router);
  checkInsRoutes(router);
  unseenRoutes(router);
  commentsRoutes(router, commentPosts);
  notificationsRoutes(router);
  emailRoutes(router, mailer);
  obstaclesRoutes(router);
  measuresRoutes(router);
  tasksRoutes(router);
  v2momsRoutes(router);
  valuesRoutes(router);
  usersRoutes(router);
  departmentsRoutes(router);
  adminRoutes(router);
  rhythmRoutes(router);
  companyRoutes(router);
  roomLinksRoutes(router);
  webhooksRoutes(router, env);
  deckRoutes(router);
  sheetsRoutes(router);
  quarterReviewsRoutes(router);
  teamRoutes(router);
  assistantRoutes(router, env);
}
