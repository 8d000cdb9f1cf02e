import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { readObstaclePage } from './obstacle-page.read.js';
import { joinObstacle, leaveObstacle } from './obstacle-sharing.service.js';
import { createObstacle, deleteObstacle, updateObstacle } from './obstacles.service.js';

export function obstaclesRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listObstaclePage, ({ em, user, query }) => readObstaclePage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.createObstacle, async ({ em, body, loadUser }) => createObstacle(em, await loadUser(), body));
  route(router, API_ENDPOINTS.updateObstacle, async ({ em, params, body, loadUser }) => updateObstacle(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.joinObstacle, async ({ em, params, body, loadUser }) => joinObstacle(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.leaveObstacle, async ({ em, params, body, loadUser }) => leaveObstacle(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.deleteObstacle, async ({ em, params, query, loadUser }) => ({
    result: { message: 'Obstacle deleted successfully' },
    changeSet: await deleteObstacle(em, await loadUser(), params.id, query.version),
  }));
}
