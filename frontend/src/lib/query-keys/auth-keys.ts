/** The auth feature's query keys, in one place so invalidation never misses one. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** The browser-side entry the spec's logout clears (kept for clients that stored one). */
export const LEGACY_AUTH_STORAGE_KEY = 'auth';
