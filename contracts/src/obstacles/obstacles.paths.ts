import { withOperationIds } from '../api/route-table.js';

export const OBSTACLE_PATHS = /* @__PURE__ */ withOperationIds({
  listObstaclePage: { method: 'GET', path: '/api/obstacles' },
  createObstacle: { method: 'POST', path: '/api/obstacles' },
  updateObstacle: { method: 'PUT', path: '/api/obstacles/{id}' },
  deleteObstacle: { method: 'DELETE', path: '/api/obstacles/{id}' },
  joinObstacle: { method: 'POST', path: '/api/obstacles/{id}/join' },
  leaveObstacle: { method: 'POST', path: '/api/obstacles/{id}/leave' },
});
