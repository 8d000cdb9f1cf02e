import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { countItems } from './item-counts.read.js';
import { readItemPage } from './item-page.read.js';
import { readTeamProgressPage } from './team-progress-page.read.js';
import { countTeamStatus } from './team-status-counts.read.js';

export function teamRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getTeamProgress, ({ em, user, query }) => readTeamProgressPage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.listItemPage, ({ em, user, query }) => readItemPage(em, query, now(), user), PAGED);
  route(router, API_ENDPOINTS.countItems, async ({ em, user, query }) => countItems(em, query, await staleRuleNow(em), user));
  route(router, API_ENDPOINTS.countTeamStatus, ({ em, user, query }) => countTeamStatus(em, query, user));
}
