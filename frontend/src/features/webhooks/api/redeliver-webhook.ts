import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

function redeliverWebhook(webhookId: number, deliveryId: number): Promise<TWebhookDelivery> {
  return callApi(WEBHOOK_PATHS.redeliverWebhook, { params: { id: webhookId, deliveryId } });
}

/** POST …/deliveries/{deliveryId}/redeliver: the delivery, waiting again, replaces its line. */
export function useRedeliverWebhook(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => redeliverWebhook(webhookId, deliveryId),
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to redeliver', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: (delivery) =>
      queryClient.setQueryData<TWebhookDelivery[]>(webhookKeys.deliveries(webhookId), (rows) => rows?.map((row) => (row.id === delivery.id ? delivery : row))),
  });
}
