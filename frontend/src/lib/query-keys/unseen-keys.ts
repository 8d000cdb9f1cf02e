/**
 * "Since you last looked" keys. Their own root, outside the live factories: a live event joins
 * its change to the cached list (features/v2moms/components/unseen), it never refetches it.
 */
export const unseenKeys = {
  all: ['unseen'] as const,
  /** GET /api/v2moms/{id}/unseen */
  ofV2mom: (v2momId: number) => [...unseenKeys.all, 'v2mom', v2momId] as const,
};
