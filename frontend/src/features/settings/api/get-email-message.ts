import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOutboxMessage } from '@v2mom/contracts';
import { EMAIL_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getEmailMessage(id: number, signal?: AbortSignal): Promise<TOutboxMessage> {
  return callApi(EMAIL_PATHS.getEmailOutboxMessage, { params: { id }, signal });
}

/** One message of the outbox whole, as its person receives it. */
const emailMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.emailMessage(id),
    queryFn: ({ signal }) => getEmailMessage(id, signal),
    meta: { errorToast: false }, // the dialog shows its own error state
  });

export function useEmailMessage(id: number) {
  return useQuery(emailMessageQueryOptions(id));
}
