import type { TRouteTable } from '../api/route-table.js';

export const SYSTEM_PATHS = {
  getHealth: { method: 'GET', path: '/api/health' },
  getOpenApiDocument: { method: 'GET', path: '/api/openapi.json' },
  getApiReference: { method: 'GET', path: '/api/docs' },
  getApiReferenceScript: { method: 'GET', path: '/api/docs/reference.js' },
} as const satisfies TRouteTable;
