import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

/** While a delivery waits for its attempt, the open log asks again this often: deliveries have no live event. */
const WAITING_POLL_MS = 2000;

function getWebhookDeliveries(webhookId: number, signal?: AbortSignal): Promise<TWebhookDelivery[]> {
  return callApi(WEBHOOK_PATHS.listWebhookDeliveries, { params: { id: webhookId }, signal });
}

/** A webhook's latest deliveries, newest first, read again while one of them is still to be sent. */
export function useWebhookDeliveries(webhookId: number) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.deliveries(webhookId),
      queryFn: ({ signal }) => getWebhookDeliveries(webhookId, signal),
      refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'waiting') ? WAITING_POLL_MS : false),
      meta: { errorToast: false }, // the log shows its own error state
    }),
  );
}
