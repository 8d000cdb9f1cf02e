import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDepartment, TRenameDepartmentRequest } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import { adminErrorToast } from './admin-cache';

function renameDepartment({ id, ...body }: TRenameDepartmentRequest & { id: number }): Promise<TDepartment> {
  return callApi(ADMIN_PATHS.renameDepartment, { params: { id }, body });
}

/**
 * PATCH /api/admin/departments/{id}. The renamed row goes into the department list; what names the
 * department elsewhere is refreshed by the live bridge from its event (docs/PRODUCT.md#live-events).
 */
export function useRenameDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDepartment,
    meta: { successToast: { title: 'Department renamed' }, errorToast: adminErrorToast('Failed to rename department') },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'department', row }]),
  });
}
