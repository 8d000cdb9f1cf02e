import { API_ENDPOINTS, searchWords } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { countItems, ITEM_COUNTS_READS } from './item-counts.read.js';
import { readItemPage } from './item-page.read.js';
import { readTeamProgressPage } from './team-progress-page.read.js';
import { countTeamStatus } from './team-status-counts.read.js';

export function teamRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getTeamProgress, ({ em, query }) => readTeamProgressPage(em, query), PAGED);
  route(router, API_ENDPOINTS.listItemPage, ({ em, query }) => readItemPage(em, query, now()), PAGED);
  route(router, API_ENDPOINTS.countItems, async ({ em, query, cached }) => {
    const rule = await staleRuleNow(em);
    if (searchWords(query.q).length > 0) return countItems(em, query, rule);
    return cached(`items/counts ${query.stale === true ? 'stale' : 'all'} ${rule.year} ${rule.staleBefore.toISOString()}`, ITEM_COUNTS_READS, () => countItems(em, query, rule));
  });
  route(router, API_ENDPOINTS.countTeamStatus, ({ em, query }) => countTeamStatus(em, query));
}
