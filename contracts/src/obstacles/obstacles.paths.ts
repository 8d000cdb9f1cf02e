import type { TRouteTable } from '../api/route-table.js';

export const OBSTACLE_PATHS = {
  listObstaclePage: { method: 'GET', path: '/api/obstacles' },
  createObstacle: { method: 'POST', path: '/api/obstacles' },
  updateObstacle: { method: 'PUT', path: '/api/obstacles/{id}' },
  deleteObstacle: { method: 'DELETE', path: '/api/obstacles/{id}' },
} as const satisfies TRouteTable;
