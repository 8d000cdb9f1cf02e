import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { listCheckIns, methodTrends } from './check-ins.service.js';
import { methodObstacleHistory } from './obstacle-history.service.js';
import { readAsOf } from './as-of.read.js';
import { now } from '../../server-clock.js';

export function checkInsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listCheckIns, ({ em, params, query }) => listCheckIns(em, params.id, query), { compressed: true });
  route(router, API_ENDPOINTS.listMethodObstacleHistory, ({ em, params }) => methodObstacleHistory(em, params.id));
  route(router, API_ENDPOINTS.getMethodTrends, ({ em, body }) => methodTrends(em, body, now()), { compressed: true });
  route(router, API_ENDPOINTS.getAsOf, ({ em, query }) => readAsOf(em, query, now()), { compressed: true });
}
