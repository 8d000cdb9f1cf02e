import type { TRouteTable } from '../api/route-table.js';

export const COMPANY_PATHS = {
  getCompany: { method: 'GET', path: '/api/company' },
  updateCompany: { method: 'PUT', path: '/api/company' },
} as const satisfies TRouteTable;
