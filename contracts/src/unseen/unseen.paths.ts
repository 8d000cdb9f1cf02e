import { withOperationIds } from '../api/route-table.js';

export const UNSEEN_PATHS = /* @__PURE__ */ withOperationIds({
  listUnseenChanges: { method: 'GET', path: '/api/v2moms/{id}/unseen' },
  markSeen: { method: 'PUT', path: '/api/v2moms/{id}/seen' },
  getUnseenSummary: { method: 'GET', path: '/api/unseen-summary' },
});
