import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSeenMark } from '@v2mom/contracts';
import { UNSEEN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { unseenKeys } from '../../../lib/query-keys/unseen-keys';
import { afterMark, type TShownChanges } from '../components/unseen/unseen-model';

function markSeen({ v2momId, through }: { v2momId: number; through: number }): Promise<TSeenMark> {
  return callApi(UNSEEN_PATHS.markSeen, { params: { id: v2momId }, body: { through } });
}

/**
 * PUT /api/v2moms/{id}/seen through the latest change shown: the server keeps the mark, so every
 * device of the person forgets those changes. Changes that arrived meanwhile stay listed.
 */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    meta: { errorToast: () => ({ title: "Couldn't mark the changes seen" }) },
    onSuccess: (mark) =>
      queryClient.setQueryData<TShownChanges>(unseenKeys.ofV2mom(mark.v2momId), (data) => data && afterMark(data, mark)),
  });
}
