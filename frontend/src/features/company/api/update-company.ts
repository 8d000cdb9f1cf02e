import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TUpdateCompany } from '@v2mom/contracts';
import { COMPANY_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function updateCompany(body: TUpdateCompany): Promise<TCompany> {
  return callApi(COMPANY_PATHS.updateCompany, { body });
}

/** PUT /api/company: the saved company goes into its query; open screens get it from its event. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    meta: {
      successToast: { title: 'Company saved' },
      errorToast: (error: unknown) => ({ title: 'Failed to save the company', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'company', row }]),
  });
}
