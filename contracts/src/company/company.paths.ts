import { withOperationIds } from '../api/route-table.js';

export const COMPANY_PATHS = /* @__PURE__ */ withOperationIds({
  getCompany: { method: 'GET', path: '/api/company' },
  updateCompany: { method: 'PUT', path: '/api/company' },
});
