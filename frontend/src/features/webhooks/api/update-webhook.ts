import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateWebhook, TWebhook } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

function updateWebhook({ id, ...body }: TUpdateWebhook & { id: number }): Promise<TWebhook> {
  return callApi(WEBHOOK_PATHS.updateWebhook, { params: { id }, body });
}

/** PATCH /api/admin/webhooks/{id}: the changed row replaces its line. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to change the webhook', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: (row) => queryClient.setQueryData<TWebhook[]>(webhookKeys.list(), (rows) => rows?.map((each) => (each.id === row.id ? row : each))),
  });
}
