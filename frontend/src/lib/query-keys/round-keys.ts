/** The check-in round (see v2mom-keys.ts for why there is one factory per feature). */
export const roundKeys = {
  all: ['rounds'] as const,
  /** GET /api/rounds/active */
  active: () => [...roundKeys.all, 'active'] as const,
  /** GET /api/rounds */
  past: () => [...roundKeys.all, 'past'] as const,
  /** GET /api/rounds/{id}/minutes */
  minutes: (id: number) => [...roundKeys.all, 'minutes', id] as const,
  /** GET /api/follow-ups/mine */
  followUps: () => [...roundKeys.all, 'follow-ups'] as const,
};
