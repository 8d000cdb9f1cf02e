/** People and departments, for owner selects and filters. */
export const userKeys = {
  all: ['users'] as const,
  /** GET /api/users */
  list: () => [...userKeys.all, 'list'] as const,
  /** GET /api/departments */
  departments: () => [...userKeys.all, 'departments'] as const,
};
