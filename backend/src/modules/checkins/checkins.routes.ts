import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { listCheckIns, methodTrends } from './check-ins.service.js';
import { methodObstacleHistory } from './obstacle-history.service.js';
import { readAsOf } from './as-of.read.js';
import { now } from '../../server-clock.js';

export function checkInsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listCheckIns, ({ em, user, params, query }) => listCheckIns(em, user, params.id, query), { compressed: true });
  route(router, API_ENDPOINTS.listMethodObstacleHistory, ({ em, user, params }) => methodObstacleHistory(em, user, params.id));
  route(router, API_ENDPOINTS.getMethodTrends, ({ em, user, body }) => methodTrends(em, body, now(), user), { compressed: true });
  route(router, API_ENDPOINTS.getAsOf, ({ em, user, query }) => readAsOf(em, user, query, now()), { compressed: true });
}
