import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getAudit(personId: number | null, signal?: AbortSignal): Promise<TAuditEntry[]> {
  return callApi(ADMIN_PATHS.listAudit, { signal, query: personId === null ? {} : { personId: String(personId) } });
}

/** The audit log, newest first: everything, or what one person did or underwent. */
const auditQueryOptions = (personId: number | null) =>
  queryOptions({
    queryKey: adminKeys.audit(personId),
    queryFn: ({ signal }) => getAudit(personId, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // the log shows its own error state
  });

export function useAudit(personId: number | null) {
  return useQuery(auditQueryOptions(personId));
}
