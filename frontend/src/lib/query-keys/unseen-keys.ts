/**
 * "Since you last looked" keys (docs/PRODUCT.md#since-you-last-looked). Their own root: a live
 * event joins its change to a V2MOM's cached list (features/v2moms/components/unseen), it never
 * refetches it; the summary is refreshed by the live rules, once per burst.
 */
export const unseenKeys = {
  all: ['unseen'] as const,
  /** GET /api/unseen-summary */
  summary: () => [...unseenKeys.all, 'summary'] as const,
  /** Every V2MOM's unseen list. */
  v2moms: () => [...unseenKeys.all, 'v2mom'] as const,
  /** GET /api/v2moms/{id}/unseen */
  ofV2mom: (v2momId: number) => [...unseenKeys.v2moms(), v2momId] as const,
};
