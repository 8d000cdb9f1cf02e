import type { TRouteTable } from '../api/route-table.js';

export const USER_PATHS = {
  listUserPage: { method: 'GET', path: '/api/users/search' },
  listUserV2moms: { method: 'GET', path: '/api/users/{id}/v2moms' },
  listUserMethods: { method: 'GET', path: '/api/users/{id}/methods' },
  listDepartments: { method: 'GET', path: '/api/departments' },
} as const satisfies TRouteTable;
