import type { TRouteTable } from '../api/route-table.js';

export const AUTH_PATHS = {
  getSession: { method: 'GET', path: '/api/auth/session' },
  getCurrentUser: { method: 'GET', path: '/api/auth/user' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  changePassword: { method: 'POST', path: '/api/auth/password' },
} as const satisfies TRouteTable;
