/** The company's rhythm (see v2mom-keys.ts for why there is one factory per feature). */
export const rhythmKeys = {
  all: ['rhythm'] as const,
  /** GET /api/rhythm */
  current: () => [...rhythmKeys.all, 'current'] as const,
};
