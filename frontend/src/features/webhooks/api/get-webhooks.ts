import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhook } from '@v2mom/contracts';
import { WEBHOOK_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys/webhook-keys';

function getWebhooks(signal?: AbortSignal): Promise<TWebhook[]> {
  return callApi(WEBHOOK_PATHS.listWebhooks, { signal });
}

/** Every webhook, oldest first (settings holders). */
export function useWebhooks() {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.list(),
      queryFn: ({ signal }) => getWebhooks(signal),
      meta: { errorToast: false }, // the tab shows its own error state
    }),
  );
}
