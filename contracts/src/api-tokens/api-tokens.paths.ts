import { withOperationIds } from '../api/route-table.js';

export const API_TOKEN_PATHS = /* @__PURE__ */ withOperationIds({
  listApiTokens: { method: 'GET', path: '/api/api-tokens' },
  createApiToken: { method: 'POST', path: '/api/api-tokens' },
  revokeApiToken: { method: 'POST', path: '/api/api-tokens/{id}/revoke' },
  listAllApiTokens: { method: 'GET', path: '/api/admin/api-tokens' },
  revokeAnyApiToken: { method: 'POST', path: '/api/admin/api-tokens/{id}/revoke' },
});
