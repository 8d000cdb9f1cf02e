import { withOperationIds } from '../api/route-table.js';

export const METHOD_PATHS = /* @__PURE__ */ withOperationIds({
  listMethodPage: { method: 'GET', path: '/api/methods' },
  getMethodsSummary: { method: 'GET', path: '/api/methods/summary' },
  getCooTrackingCounts: { method: 'GET', path: '/api/methods/coo-tracking/counts' },
  getMethodComplete: { method: 'GET', path: '/api/methods/{id}/complete' },
  listMethodSupporters: { method: 'GET', path: '/api/methods/{id}/supporters' },
  createMethod: { method: 'POST', path: '/api/methods' },
  updateMethod: { method: 'PUT', path: '/api/methods/{id}' },
  feedMethod: { method: 'POST', path: '/api/methods/{id}/feed' },
  deleteMethod: { method: 'DELETE', path: '/api/methods/{id}' },
});
