import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateDepartmentRequest, TDepartment } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import { adminErrorToast } from './admin-cache';

function createDepartment(input: TCreateDepartmentRequest): Promise<TDepartment> {
  return callApi(ADMIN_PATHS.createDepartment, { body: input });
}

/** POST /api/admin/departments; the new one joins the one department list (409 for a taken name). */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    meta: { successToast: { title: 'Department created' }, errorToast: adminErrorToast('Failed to create department') },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'department', row }]),
  });
}
