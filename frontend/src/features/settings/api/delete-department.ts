import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDepartment } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';
import { adminErrorToast } from './admin-cache';

function deleteDepartment(department: Pick<TDepartment, 'id' | 'version'>) {
  return callApi(ADMIN_PATHS.deleteDepartment, { params: { id: department.id }, query: { version: String(department.version) } });
}

/** DELETE /api/admin/departments/{id}: refused (409, with who still belongs) while anyone uses it. */
export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    meta: { successToast: { title: 'Department deleted' }, errorToast: adminErrorToast('Failed to delete department') },
    onSuccess: (_answer, department) =>
      queryClient.setQueryData<TDepartment[]>(userKeys.departments(), (rows) => rows?.filter((row) => row.id !== department.id)),
  });
}
