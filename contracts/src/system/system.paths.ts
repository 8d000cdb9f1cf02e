import { withOperationIds } from '../api/route-table.js';

export const SYSTEM_PATHS = /* @__PURE__ */ withOperationIds({
  getHealth: { method: 'GET', path: '/api/health' },
  getOpenApiDocument: { method: 'GET', path: '/api/openapi.json' },
  getApiReference: { method: 'GET', path: '/api/docs' },
  getApiReferenceScript: { method: 'GET', path: '/api/docs/reference.js' },
});
