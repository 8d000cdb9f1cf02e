import type { TRoute, TRouteTable } from '../api/route-table.js';

export const AUTH_PATHS = {
  getSession: { method: 'GET', path: '/api/auth/session' },
  getCurrentUser: { method: 'GET', path: '/api/auth/user' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  changePassword: { method: 'POST', path: '/api/auth/password' },
  updateProfile: { method: 'PATCH', path: '/api/auth/user' },
  listSessions: { method: 'GET', path: '/api/auth/sessions' },
  endSession: { method: 'DELETE', path: '/api/auth/sessions/{id}' },
  endOtherSessions: { method: 'DELETE', path: '/api/auth/sessions' },
} as const satisfies TRouteTable;

/**
 * What a user with a temporary password may still call (docs/PRODUCT.md#temporary-passwords):
 * everything else answers 403 `password_change_required` until they chose their own.
 */
export const PASSWORD_CHANGE_EXEMPT_ROUTES: ReadonlyArray<TRoute> = [
  AUTH_PATHS.getSession,
  AUTH_PATHS.getCurrentUser,
  AUTH_PATHS.login,
  AUTH_PATHS.logout,
  AUTH_PATHS.changePassword,
];
