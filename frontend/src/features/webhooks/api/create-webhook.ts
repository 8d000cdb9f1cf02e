import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatedWebhook, TCreateWebhook, TWebhook } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

function createWebhook(body: TCreateWebhook): Promise<TCreatedWebhook> {
  return callApi(WEBHOOK_PATHS.createWebhook, { body });
}

/** POST /api/admin/webhooks: the answer holds the secret, shown once; the list gets the row without it. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to make the webhook', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: ({ secret: _shownOnce, ...row }) => queryClient.setQueryData<TWebhook[]>(webhookKeys.list(), (rows) => (rows ? [...rows, row] : rows)),
  });
}
