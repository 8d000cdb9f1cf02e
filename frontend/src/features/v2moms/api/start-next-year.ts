import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNextYearStarted, TStartNextYear } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putDocument } from '../../../lib/live/live-rows';

interface StartNextYearInput {
  id: number;
  body: TStartNextYear;
}

function startNextYear({ id, body }: StartNextYearInput): Promise<TNextYearStarted> {
  return callApi(V2MOM_PATHS.startNextYear, { params: { id }, body });
}

/**
 * POST /api/v2moms/{id}/next-year (docs/PRODUCT.md#next-year). Next year's V2MOM goes into the
 * cache; the closed year and the lists learn of it from the rollover's event, like everyone else's.
 */
export function useStartNextYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startNextYear,
    meta: {
      successToast: (started: unknown) => ({ title: `${(started as TNextYearStarted).year} started`, message: 'The methods you carried are waiting there.' }),
      errorToast: (error) => ({ title: 'Could not start next year', message: describeError(error, 'Something went wrong. Please try again.') }),
    },
    onSuccess: (started) => putDocument(queryClient, started),
  });
}
