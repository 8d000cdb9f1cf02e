/** Organisation administration's query keys (the settings capability's screens). */
export const adminKeys = {
  all: ['admin'] as const,
  /** GET /api/admin/users */
  users: () => [...adminKeys.all, 'users'] as const,
  /** GET /api/admin/audit, all of it (null) or one person's */
  audit: (personId: number | null) => [...adminKeys.all, 'audit', personId] as const,
};
