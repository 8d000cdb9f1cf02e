import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { changeListedNotifications } from './put-in-list';

function markNotificationRead(id: number) {
  return callApi(NOTIFICATION_PATHS.markNotificationRead, { params: { id } });
}

/** PUT /api/notifications/{id}/read: the read row goes into the panel; the count follows from `notifications:changed`. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (read) => changeListedNotifications(queryClient, (row) => (row.id === read.id ? read : row)),
  });
}
