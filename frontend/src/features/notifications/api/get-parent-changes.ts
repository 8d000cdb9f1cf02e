import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TParentChanges } from '@v2mom/contracts';
import { NOTIFICATION_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notification-keys';

/** GET /api/v2moms/{id}/parent-changes: what the V2MOM is aligned to changed, not yet reviewed (docs/PRODUCT.md#parent-changes). */
const parentChangesQueryOptions = (v2momId: number) =>
  queryOptions({
    queryKey: notificationKeys.parentChanges(v2momId),
    queryFn: ({ signal }): Promise<TParentChanges> => callApi(NOTIFICATION_PATHS.getParentChanges, { params: { id: v2momId }, signal }),
    meta: { errorToast: false }, // a notice the page does without
  });

export function useParentChanges(v2momId: number) {
  return useQuery(parentChangesQueryOptions(v2momId));
}
