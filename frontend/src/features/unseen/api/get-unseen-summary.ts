import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnseenSummary } from '@v2mom/contracts';
import { UNSEEN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { unseenKeys } from '../../../lib/query-keys/unseen-keys';

function getUnseenSummary(signal?: AbortSignal): Promise<TUnseenSummary> {
  return callApi(UNSEEN_PATHS.getUnseenSummary, { signal });
}

/**
 * Marks move on the V2MOM screens with no event to say so, so a card that mounts asks again
 * (showing the last answer meanwhile) unless the answer is this young: the page's own prefetch.
 * Others' changes refresh it through the live bridge.
 */
const ASKED_AGAIN_AFTER_MS = 3_000;

export const unseenSummaryQueryOptions = () =>
  queryOptions({
    queryKey: unseenKeys.summary(),
    queryFn: ({ signal }) => getUnseenSummary(signal),
    staleTime: ASKED_AGAIN_AFTER_MS,
    meta: { errorToast: false, pollWhileOffline: true }, // the card shows its own quiet error
  });

export function useUnseenSummary() {
  return useQuery(unseenSummaryQueryOptions());
}
