import type { TRouteTable } from '../api/route-table.js';

export const MEASURE_PATHS = {
  listMeasures: { method: 'GET', path: '/api/measures' },
  createMeasure: { method: 'POST', path: '/api/measures' },
  updateMeasure: { method: 'PUT', path: '/api/measures/{id}' },
  feedMeasure: { method: 'POST', path: '/api/measures/{id}/feed' },
  deleteMeasure: { method: 'DELETE', path: '/api/measures/{id}' },
} as const satisfies TRouteTable;
