/** Webhooks and their delivery logs (see v2mom-keys.ts for why there is one factory per feature). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  /** GET /api/admin/webhooks */
  list: () => [...webhookKeys.all, 'list'] as const,
  /** GET /api/admin/webhooks/{id}/deliveries */
  deliveries: (webhookId: number) => [...webhookKeys.all, 'deliveries', webhookId] as const,
};
