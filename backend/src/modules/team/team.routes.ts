import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { countItems } from './item-counts.read.js';
import { readItemPage } from './item-page.read.js';
import { readTeamProgressPage } from './team-progress-page.read.js';
import { countTeamStatus } from './team-status-counts.read.js';

export function teamRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getTeamProgress, ({ em, query }) => readTeamProgressPage(em, query), PAGED);
  route(router, API_ENDPOINTS.listItemPage, ({ em, query }) => readItemPage(em, query, now()), PAGED);
  route(router, API_ENDPOINTS.countItems, async ({ em, query }) => countItems(em, query, await staleRuleNow(em)));
  route(router, API_ENDPOINTS.countTeamStatus, ({ em, query }) => countTeamStatus(em, query));
}
