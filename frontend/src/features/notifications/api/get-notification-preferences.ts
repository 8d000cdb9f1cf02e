import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

function getNotificationPreferences(signal?: AbortSignal): Promise<TNotificationPreferences> {
  return callApi(NOTIFICATION_PATHS.getNotificationPreferences, { signal });
}

const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    meta: { errorToast: false }, // the section shows its own error state
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
