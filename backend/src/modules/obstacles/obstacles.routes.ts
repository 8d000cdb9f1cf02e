import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { readObstaclePage } from './obstacle-page.read.js';
import { joinObstacle, leaveObstacle } from './obstacle-sharing.service.js';
import { createObstacle, deleteObstacle, updateObstacle } from './obstacles.service.js';

export function obstaclesRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listObstaclePage, ({ em, user, query }) => readObstaclePage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.createObstacle, ({ em, user, body }) => createObstacle(em, user, body));
  route(router, API_ENDPOINTS.updateObstacle, ({ em, user, params, body }) => updateObstacle(em, user, params.id, body));
  route(router, API_ENDPOINTS.joinObstacle, ({ em, user, params, body }) => joinObstacle(em, user, params.id, body));
  route(router, API_ENDPOINTS.leaveObstacle, ({ em, user, params, body }) => leaveObstacle(em, user, params.id, body));
  route(router, API_ENDPOINTS.deleteObstacle, async ({ em, user, params, query }) => ({
    result: { message: 'Obstacle deleted successfully' },
    changeSet: await deleteObstacle(em, user, params.id, query.version),
  }));
}
