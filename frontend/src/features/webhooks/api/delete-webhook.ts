import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhook } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

async function deleteWebhook(id: number): Promise<number> {
  await callApi(WEBHOOK_PATHS.deleteWebhook, { params: { id } });
  return id;
}

/** DELETE /api/admin/webhooks/{id}: its line leaves the list. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    meta: {
      successToast: { title: 'Webhook deleted' },
      errorToast: (error: unknown) => ({ title: 'Failed to delete the webhook', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TWebhook[]>(webhookKeys.list(), (rows) => rows?.filter((row) => row.id !== id));
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
}
