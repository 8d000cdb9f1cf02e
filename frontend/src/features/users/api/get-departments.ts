import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDepartment } from '@v2mom/contracts';
import { USER_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

function getDepartments(signal?: AbortSignal): Promise<TDepartment[]> {
  return callApi(USER_PATHS.listDepartments, { signal });
}

/** The one department list every filter and select uses (docs/PRODUCT.md#departments). */
export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.departments(),
    queryFn: ({ signal }) => getDepartments(signal),
    meta: { errorToast: false }, // filters fall back to "All Departments" alone
  });

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
