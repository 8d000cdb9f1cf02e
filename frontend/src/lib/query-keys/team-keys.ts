/** The team feature's query keys. */
export const teamKeys = {
  all: ['team'] as const,
  /** GET /api/team/progress */
  progress: () => [...teamKeys.all, 'progress'] as const,
};
