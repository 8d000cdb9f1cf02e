import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationPage } from '@v2mom/contracts';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

/** Rewrites the cached panel's rows that `change` returns a new row for, leaving the others as they are. */
export function changeListedNotifications(queryClient: QueryClient, change: (row: TNotification) => TNotification): void {
  queryClient.setQueryData<InfiniteData<TNotificationPage>>(notificationKeys.list(), (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(change) })),
    },
  );
}
