/** The "since you last looked" feature's query keys (docs/PRODUCT.md#since-you-last-looked). */
export const unseenKeys = {
  all: ['unseen'] as const,
  /** GET /api/unseen-summary */
  summary: () => [...unseenKeys.all, 'summary'] as const,
};
