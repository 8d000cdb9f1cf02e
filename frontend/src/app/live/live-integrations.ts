import type { QueryClient } from '@tanstack/react-query';
import { ZIntegrationsChangedEventSchema, type TIntegrationsChangedEvent } from '@v2mom/contracts';
import { apiTokenKeys } from '../../lib/query-keys/api-token-keys';
import { webhookKeys } from '../../lib/query-keys/webhook-keys';

const KEYS_OF: Record<TIntegrationsChangedEvent['list'], readonly string[]> = { apiTokens: apiTokenKeys.all, webhooks: webhookKeys.all };

/**
 * `integrations:changed` names a list that changed on another tab or device, or by a delivery
 * (docs/PRODUCT.md#live-events): the open one is asked again (a token list, the webhooks and their
 * delivery logs), the others are marked stale for the next time they open.
 */
export function refreshIntegrations(queryClient: QueryClient, payload: unknown): void {
  const parsed = ZIntegrationsChangedEventSchema.safeParse(payload);
  if (parsed.success) void queryClient.invalidateQueries({ queryKey: KEYS_OF[parsed.data.list] });
}
