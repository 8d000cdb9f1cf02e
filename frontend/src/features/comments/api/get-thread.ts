import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TThreadPage, TThreadSubject } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

function getThread(subject: TThreadSubject, id: number, cursor: string | null, signal?: AbortSignal): Promise<TThreadPage> {
  return callApi(COMMENT_PATHS.listThreadComments, { params: { subject, id }, query: cursor === null ? {} : { cursor }, signal });
}

/**
 * GET /api/threads/{subject}/{id}/comments (docs/PRODUCT.md#comments): the newest page first,
 * earlier ones on demand. While the thread is open (use-thread-room.ts), `comment:changed` keeps
 * it current in place (thread-cache.ts).
 */
const threadQueryOptions = (subject: TThreadSubject, id: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.thread(subject, id),
    queryFn: ({ pageParam, signal }) => getThread(subject, id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: false, pollWhileOffline: true }, // the thread shows its own error
  });

export function useThread(subject: TThreadSubject, id: number) {
  return useInfiniteQuery(threadQueryOptions(subject, id));
}
