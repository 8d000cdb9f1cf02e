import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { TQuarter, TRoomView } from '@v2mom/contracts';
import { ROOM_PATHS } from '@v2mom/contracts/paths';
import { useCallback, useMemo } from 'react';
import { callApi } from '../../../lib/api-client';
import type { PagedList } from '../../../lib/paged-list';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function getRoomView(token: string, quarter: TQuarter, cursor: string | null, signal?: AbortSignal): Promise<TRoomView> {
  return callApi(ROOM_PATHS.getRoomView, { query: { quarter, cursor: cursor ?? undefined }, signal, bearer: token });
}

/** Where the page after `page` starts: a COO View's cards come a page at a time, a V2MOM's at once. */
const nextCursorOf = (page: TRoomView) => (page.view.kind === 'v2mom' ? null : page.view.nextCursor);

/** The view a room's screen shows: its first page's, with the cards of every page held. */
export type TShownRoomView = TRoomView & { view: { kind: 'coo-view' | 'v2mom' } };

/**
 * GET /api/room with the link's token and the quarter the screen shows: the room's one view (a
 * COO View's past quarter as it ended), its cards a page at a time as the screen nears their end,
 * every page held read again whenever its socket says it changed.
 */
function roomViewQueryOptions(token: string, quarter: TQuarter) {
  return infiniteQueryOptions({
    queryKey: roomKeys.viewOf(quarter),
    queryFn: ({ pageParam, signal }) => getRoomView(token, quarter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    // Another quarter keeps the cards on screen until its own view arrives.
    placeholderData: keepPreviousData,
    // The screen says itself when its link has ended; a 401 here is no session of anyone's.
    meta: { errorToast: false, expectsUnauthorized: true },
  });
}

/** The view's pages as one: the first page's view, with a COO View's cards and past quarter of every page held. */
function joinedView(data: InfiniteData<TRoomView> | undefined): TShownRoomView | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!first || first.view.kind === 'coo-view-cards') return undefined;
  if (first.view.kind === 'v2mom') return { ...first, view: first.view };
  const later = rest.flatMap((page) => (page.view.kind === 'coo-view-cards' ? [page.view] : []));
  const { pastQuarter } = first.view;
  return {
    ...first,
    view: {
      ...first.view,
      methods: [first.view.methods, ...later.map((view) => view.methods)].flat(),
      pastQuarter: pastQuarter && { ...pastQuarter, methods: [pastQuarter.methods, ...later.map((view) => view.pastQuarter?.methods ?? [])].flat() },
    },
  };
}

/** The room's view, and how to ask for its next page of cards. */
export function useRoomView(token: string, quarter: TQuarter) {
  const result = useInfiniteQuery(roomViewQueryOptions(token, quarter));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = result;
  const view = useMemo(() => joinedView(data), [data]);
  const load = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const more: PagedList<unknown>['more'] = { hasMore: hasNextPage, loading: isFetchingNextPage, failed: isFetchNextPageError, load };
  return { ...result, data: view, more };
}
