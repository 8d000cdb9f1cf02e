import type { QueryClient } from '@tanstack/react-query';
import { ZNotificationsChangedEventSchema, type TUnreadCount } from '@v2mom/contracts';
import { notificationKeys } from '../../lib/query-keys/notification-keys';
import { v2momKeys } from '../../lib/query-keys/v2mom-keys';

/**
 * `notifications:changed` carries the person's unread count as it is now (docs/PRODUCT.md#notifications):
 * it is put in place, never asked for. A count that rose brought a notification, so an open panel
 * reads its list again; otherwise the list is only marked stale for the next time it opens.
 */
export function putUnreadCount(queryClient: QueryClient, payload: unknown): void {
  const parsed = ZNotificationsChangedEventSchema.safeParse(payload);
  if (!parsed.success) return;
  const before = queryClient.getQueryData<TUnreadCount>(notificationKeys.unreadCount());
  queryClient.setQueryData<TUnreadCount>(notificationKeys.unreadCount(), { unread: parsed.data.unread });
  const arrived = before === undefined || parsed.data.unread > before.unread;
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list(), refetchType: arrived ? 'active' : 'none' });
  // A parent's change may be among them (docs/PRODUCT.md#parent-changes).
  void queryClient.invalidateQueries({ queryKey: notificationKeys.parentChangesAll(), refetchType: arrived ? 'active' : 'none' });
  // The alignment map marks each V2MOM's parent changes not reviewed: one arrived or was reviewed (docs/PRODUCT.md#alignment-map).
  void queryClient.invalidateQueries({ queryKey: v2momKeys.alignment() });
}
