import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { countItems } from './item-counts.read.js';
import { teamProgress } from './team.service.js';

export function teamRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getTeamProgress, ({ em, cached }) => cached('team/progress', () => teamProgress(em)));
  route(router, API_ENDPOINTS.countItems, ({ em, query }) => countItems(em, query));
}
