import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TComment, TCommentChangedEvent, TCommentCounts, TThread, TThreadPage, TThreadSubject, TV2momCommentCounts } from '@v2mom/contracts';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

type ThreadData = InfiniteData<TThreadPage, string | null>;

/** Where the counts hold each kind of thread (a V2MOM's own counts hold its items' alike). */
const COUNTS_FIELD = { v2mom: 'v2moms', method: 'methods', obstacle: 'obstacles' } as const satisfies Record<TThreadSubject, keyof TCommentCounts>;

/** A comment goes where its thread shows it: a reply in its parent's page, a new top-level comment at the end of the newest. */
function pageFor(pages: readonly TThreadPage[], comment: TComment): number {
  if (comment.parentId === null) return 0;
  const index = pages.findIndex((page) => page.comments.some((held) => held.id === comment.parentId));
  return index === -1 ? 0 : index;
}

function upsert(pages: TThreadPage[], comment: TComment): TThreadPage[] {
  const held = pages.findIndex((page) => page.comments.some((candidate) => candidate.id === comment.id));
  if (held !== -1) {
    return pages.map((page, index) =>
      index !== held
        ? page
        : { ...page, comments: page.comments.map((candidate) => (candidate.id === comment.id && candidate.version <= comment.version ? comment : candidate)) },
    );
  }
  const target = pageFor(pages, comment);
  return pages.map((page, index) => (index === target ? { ...page, comments: [...page.comments, comment] } : page));
}

interface ThreadChange {
  /** The thread's head as it is now; kept as cached when absent (a mutation's answer is one comment). */
  thread?: TThread;
  comments?: readonly TComment[];
  removedIds?: readonly number[];
}

/**
 * Puts a write of the thread into its cached pages, where they are cached, without asking again
 * (docs/PRODUCT.md#comments): the head replaced, the comments put by id (an older version never
 * over a newer one), the removed ones dropped. Pages go on from cursors that name comments, so
 * nothing moves between pages. `comment:changed` comes here as it is.
 */
export function putThreadChange(queryClient: QueryClient, where: { subject: TThreadSubject; subjectId: number }, change: ThreadChange): void {
  const { thread, comments = [], removedIds = [] } = change;
  queryClient.setQueryData<ThreadData>(commentKeys.thread(where.subject, where.subjectId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const removed = new Set(removedIds);
    let pages = data.pages.map((page) => ({
      ...page,
      thread: thread ?? page.thread,
      comments: removed.size === 0 ? page.comments : page.comments.filter((comment) => !removed.has(comment.id)),
    }));
    for (const comment of comments) pages = upsert(pages, comment);
    return { ...data, pages };
  });
}

/** Counts by item id, with one thread's put in place. */
function withCount(counts: Readonly<Record<string, number>>, id: number, count: number): Record<string, number> {
  return { ...counts, [id]: count };
}

/** A thread's count, where its V2MOM's counts or every V2MOM's are cached. */
function putCount(queryClient: QueryClient, { subject, subjectId, v2momId, commentCount }: TThread): void {
  queryClient.setQueryData<TV2momCommentCounts>(commentKeys.counts(v2momId), (counts) => {
    if (!counts) return counts;
    if (subject === 'v2mom') return { ...counts, v2mom: commentCount };
    const field = COUNTS_FIELD[subject];
    return { ...counts, [field]: withCount(counts[field], subjectId, commentCount) };
  });
  queryClient.setQueryData<TCommentCounts>(commentKeys.allCounts(), (counts) => {
    if (!counts) return counts;
    const field = COUNTS_FIELD[subject];
    return { ...counts, [field]: withCount(counts[field], subjectId, commentCount) };
  });
}

/** `comment:changed` (docs/PRODUCT.md#live-events) as the live bridge receives it: the thread and its count. */
export function putCommentChanged(queryClient: QueryClient, event: TCommentChangedEvent): void {
  putThreadChange(queryClient, event.thread, event);
  putCount(queryClient, event.thread);
}
