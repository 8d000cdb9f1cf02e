import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TParentChanges } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';
import { changeListedNotifications } from './put-in-list';

function markParentChangeReviewed(id: number) {
  return callApi(NOTIFICATION_PATHS.markParentChangeReviewed, { params: { id } });
}

/** PUT /api/notifications/{id}/reviewed: the notice leaves the V2MOM's unreviewed ones, and reads as reviewed in the panel. */
export function useMarkParentChangeReviewed(v2momId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markParentChangeReviewed,
    onSuccess: (reviewed) => {
      changeListedNotifications(queryClient, (row) => (row.id === reviewed.id ? reviewed : row));
      queryClient.setQueryData<TParentChanges>(notificationKeys.parentChanges(v2momId), (held) =>
        held && held.changes.some((change) => change.id === reviewed.id)
          ? { unreviewed: Math.max(0, held.unreviewed - 1), changes: held.changes.filter((change) => change.id !== reviewed.id) }
          : held,
      );
    },
  });
}
