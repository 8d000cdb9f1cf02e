import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDepartment, TUpdateDepartmentRequest } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import { adminErrorToast } from './admin-cache';

function updateDepartment({ id, ...body }: TUpdateDepartmentRequest & { id: number }): Promise<TDepartment> {
  return callApi(ADMIN_PATHS.updateDepartment, { params: { id }, body });
}

/**
 * PATCH /api/admin/departments/{id}: its name, parent or head. The edited row goes into the
 * department list; what names the department elsewhere is refreshed by the live bridge from its
 * event (docs/PRODUCT.md#live-events). A refused parent or head is said beside its field too.
 */
export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    meta: { successToast: { title: 'Department saved' }, errorToast: adminErrorToast('Failed to save department') },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'department', row }]),
  });
}
