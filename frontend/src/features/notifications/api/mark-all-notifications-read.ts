import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';
import { changeListedNotifications } from './put-in-list';
import { clock } from '../../../lib/clock';

function markAllNotificationsRead(through: number) {
  return callApi(NOTIFICATION_PATHS.markAllNotificationsRead, { body: { through } });
}

/**
 * PUT /api/notifications/read-all up to the newest notification the panel shows, so one that
 * arrives meanwhile stays unread; the answer is the count, the rows up to it read as of now.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count, through) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      const readAt = clock.now().toISOString();
      changeListedNotifications(queryClient, (row) => (row.id <= through && row.readAt === null ? { ...row, readAt } : row));
    },
  });
}
