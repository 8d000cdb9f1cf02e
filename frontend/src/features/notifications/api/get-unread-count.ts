import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnreadCount } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

function getUnreadCount(signal?: AbortSignal): Promise<TUnreadCount> {
  return callApi(NOTIFICATION_PATHS.getUnreadCount, { signal });
}

/** The bell's count: asked once, then kept by `notifications:changed` (app/live/live-notifications.ts). */
const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: Infinity,
    meta: { errorToast: false, pollWhileOffline: true }, // the bell stays quiet; the panel shows errors
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
