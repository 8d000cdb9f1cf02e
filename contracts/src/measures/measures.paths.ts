import { withOperationIds } from '../api/route-table.js';

export const MEASURE_PATHS = /* @__PURE__ */ withOperationIds({
  listMeasures: { method: 'GET', path: '/api/measures' },
  createMeasure: { method: 'POST', path: '/api/measures' },
  updateMeasure: { method: 'PUT', path: '/api/measures/{id}' },
  feedMeasure: { method: 'POST', path: '/api/measures/{id}/feed' },
  deleteMeasure: { method: 'DELETE', path: '/api/measures/{id}' },
});
