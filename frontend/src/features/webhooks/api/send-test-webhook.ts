import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

function sendTestWebhook(webhookId: number): Promise<TWebhookDelivery> {
  return callApi(WEBHOOK_PATHS.sendTestWebhook, { params: { id: webhookId } });
}

/** POST /api/admin/webhooks/{id}/test: the queued test heads the log, which follows it until it is sent. */
export function useSendTestWebhook(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestWebhook(webhookId),
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to send the test', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: (delivery) => queryClient.setQueryData<TWebhookDelivery[]>(webhookKeys.deliveries(webhookId), (rows) => [delivery, ...(rows ?? [])]),
  });
}
