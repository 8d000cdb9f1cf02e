import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TOutboxPage } from '@v2mom/contracts';
import { EMAIL_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getEmailOutbox(cursor: string | undefined, signal?: AbortSignal): Promise<TOutboxPage> {
  return callApi(EMAIL_PATHS.listEmailOutbox, { query: { cursor }, signal });
}

/** The outbox, newest first, a page at a time (docs/PRODUCT.md#email-tab). */
const emailOutboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.emailOutbox(),
    queryFn: ({ pageParam, signal }) => getEmailOutbox(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false }, // the table shows its own error row
  });

export function useEmailOutbox() {
  return useInfiniteQuery(emailOutboxQueryOptions());
}
