/** The tasks feature's query keys. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** GET /api/tasks */
  list: () => [...taskKeys.all, 'list'] as const,
  /** Every user's task list (prefix of ofUser). */
  ofUsers: () => [...taskKeys.all, 'of-user'] as const,
  /** GET /api/tasks/user/{userId} */
  ofUser: (userId: number) => [...taskKeys.ofUsers(), userId] as const,
};
