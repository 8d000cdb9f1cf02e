import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@v2mom/contracts';
import { COMPANY_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys/company-keys';

function getCompany(signal?: AbortSignal): Promise<TCompany> {
  return callApi(COMPANY_PATHS.getCompany, { signal });
}

/** GET /api/company: the company's name and colours (docs/PRODUCT.md#company); a change arrives live and replaces it. */
const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.current(),
    queryFn: ({ signal }) => getCompany(signal),
    staleTime: Infinity,
    // The Company tab shows its own error.
    meta: { errorToast: false },
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
