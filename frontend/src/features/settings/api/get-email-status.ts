import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmailStatus } from '@v2mom/contracts';
import { EMAIL_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getEmailStatus(signal?: AbortSignal): Promise<TEmailStatus> {
  return callApi(EMAIL_PATHS.getEmailStatus, { signal });
}

/** Whether an SMTP server is set and answers, the sender, the rate and the outbox's counts. */
const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.emailStatus(),
    queryFn: ({ signal }) => getEmailStatus(signal),
    meta: { errorToast: false }, // the tab shows its own error state
  });

export function useEmailStatus() {
  return useQuery(emailStatusQueryOptions());
}
