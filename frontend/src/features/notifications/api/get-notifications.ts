import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TNotificationPage } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

function getNotifications(cursor: string | undefined, signal?: AbortSignal): Promise<TNotificationPage> {
  return callApi(NOTIFICATION_PATHS.listNotifications, { query: { cursor }, signal });
}

/** The panel's list, newest first, a page at a time (docs/PRODUCT.md#notifications). */
const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false }, // the panel shows its own error line
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
