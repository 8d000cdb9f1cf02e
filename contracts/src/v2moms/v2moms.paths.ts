import { withOperationIds } from '../api/route-table.js';

export const V2MOM_PATHS = /* @__PURE__ */ withOperationIds({
  listV2momPage: { method: 'GET', path: '/api/v2moms' },
  startMyV2mom: { method: 'GET', path: '/api/v2moms/start-mine' },
  getV2momComplete: { method: 'GET', path: '/api/v2moms/{id}/complete' },
  listAlignedV2moms: { method: 'GET', path: '/api/v2moms/{id}/aligned' },
  getV2momPath: { method: 'GET', path: '/api/v2moms/{id}/path' },
  listAlignmentRoots: { method: 'GET', path: '/api/alignment' },
  listAlignmentAwaiting: { method: 'GET', path: '/api/alignment/awaiting' },
  listV2momValues: { method: 'GET', path: '/api/v2moms/{id}/values' },
  createV2mom: { method: 'POST', path: '/api/v2moms' },
  createV2momComplete: { method: 'POST', path: '/api/v2moms/complete' },
  updateV2mom: { method: 'PUT', path: '/api/v2moms/{id}' },
  saveV2momComplete: { method: 'PUT', path: '/api/v2moms/{id}/complete' },
  deleteV2mom: { method: 'DELETE', path: '/api/v2moms/{id}' },
  startNextYear: { method: 'POST', path: '/api/v2moms/{id}/next-year' },
  submitV2mom: { method: 'POST', path: '/api/v2moms/{id}/submit' },
  approveV2mom: { method: 'POST', path: '/api/v2moms/{id}/approve' },
  requestV2momChanges: { method: 'POST', path: '/api/v2moms/{id}/request-changes' },
  listAwaitingApproval: { method: 'GET', path: '/api/approvals/awaiting' },
});
