import { withOperationIds, type TRoute } from '../api/route-table.js';

export const AUTH_PATHS = /* @__PURE__ */ withOperationIds({
  getSession: { method: 'GET', path: '/api/auth/session' },
  getCurrentUser: { method: 'GET', path: '/api/auth/user' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  changePassword: { method: 'POST', path: '/api/auth/password' },
  getSsoConfig: { method: 'GET', path: '/api/auth/sso' },
  updateProfile: { method: 'PATCH', path: '/api/auth/user' },
  listSessions: { method: 'GET', path: '/api/auth/sessions' },
  endSession: { method: 'DELETE', path: '/api/auth/sessions/{id}' },
  endOtherSessions: { method: 'DELETE', path: '/api/auth/sessions' },
});

/**
 * Single sign-on's two steps are browser navigations answered by redirects, not API calls, so
 * they live outside /api: the login page's button opens `start`; the provider sends the browser
 * back to `callback`, which ends on the dashboard or on the login page with `?sso=` a refusal.
 */
const SSO_PREFIX = '/auth/sso';
export const SSO_BROWSER_PATHS = {
  prefix: SSO_PREFIX,
  start: `${SSO_PREFIX}/start`,
  callback: `${SSO_PREFIX}/callback`,
} as const;

/** The login page's query parameter naming why single sign-on refused (SSO_REFUSALS). */
export const SSO_REFUSAL_PARAM = 'sso';

/** Why single sign-on refused, as the login page says it (docs/PRODUCT.md#single-sign-on). */
export const SSO_REFUSALS = {
  no_account: 'No active account uses the email address your provider gave. Ask an administrator for access.',
  no_email: 'Your provider did not share a verified email address, so no account can be matched.',
  failed: 'Single sign-on did not complete. Please try again.',
} as const;
export type TSsoRefusal = keyof typeof SSO_REFUSALS;

/**
 * What a user with a temporary password may still call (docs/PRODUCT.md#temporary-passwords-api):
 * everything else answers 403 `password_change_required` until they chose their own.
 */
export const PASSWORD_CHANGE_EXEMPT_ROUTES: ReadonlyArray<TRoute> = [
  AUTH_PATHS.getSession,
  AUTH_PATHS.getCurrentUser,
  AUTH_PATHS.login,
  AUTH_PATHS.logout,
  AUTH_PATHS.changePassword,
];
