import { withOperationIds } from '../api/route-table.js';

export const CHECK_IN_PATHS = /* @__PURE__ */ withOperationIds({
  listCheckIns: { method: 'GET', path: '/api/methods/{id}/check-ins' },
  listMethodObstacleHistory: { method: 'GET', path: '/api/methods/{id}/obstacle-history' },
  getMethodTrends: { method: 'POST', path: '/api/methods/trends' },
  getAsOf: { method: 'GET', path: '/api/as-of' },
});
