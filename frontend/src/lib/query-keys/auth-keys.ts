/** The auth feature's query keys, in one place so invalidation never misses one. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  ssoConfig: () => [...authKeys.all, 'sso-config'] as const,
  /** GET /api/auth/sessions: the signed-in user's live sessions. */
  sessions: () => [...authKeys.all, 'sessions'] as const,
};

/** The stored browser-side entry logout clears, kept for clients that stored one (docs/PRODUCT.md#screens). */
export const LEGACY_AUTH_STORAGE_KEY = 'auth';
