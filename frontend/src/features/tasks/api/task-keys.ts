/** The tasks feature's query keys. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** GET /api/tasks */
  list: () => [...taskKeys.all, 'list'] as const,
  /** GET /api/tasks/user/{userId} */
  ofUser: (userId: number) => [...taskKeys.all, 'of-user', userId] as const,
};
