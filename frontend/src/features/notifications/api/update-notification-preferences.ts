import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

function updateNotificationPreferences(preferences: TNotificationPreferences) {
  return callApi(NOTIFICATION_PATHS.updateNotificationPreferences, { body: preferences });
}

/**
 * PUT /api/notifications/preferences: the switch moves at once; a refusal puts it back as it
 * was and says so.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    meta: { errorToast: (error: unknown) => ({ title: 'Notification settings not saved', message: describeError(error) }) },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TNotificationPreferences>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
