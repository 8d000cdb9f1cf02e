import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDepartmentListSchema, type TDepartment } from '@v2mom/contracts';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

export function getDepartments(signal?: AbortSignal): Promise<TDepartment[]> {
  return apiRequest('/api/departments', { schema: ZDepartmentListSchema, signal });
}

/** The one department list every filter and select uses (DECISIONS.md section 3). */
export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.departments(),
    queryFn: ({ signal }) => getDepartments(signal),
    meta: { errorToast: false }, // filters fall back to "All Departments" alone
  });

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
