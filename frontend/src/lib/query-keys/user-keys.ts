/** People and departments, for owner selects and filters. */
export const userKeys = {
  all: ['users'] as const,
  /** GET /api/users/search: every search's first page */
  searches: () => [...userKeys.all, 'search'] as const,
  /** GET /api/users/search?q=&active=&ids=…: one search's first page */
  search: (search: object) => [...userKeys.searches(), search] as const,
  /** GET /api/departments */
  departments: () => [...userKeys.all, 'departments'] as const,
};
