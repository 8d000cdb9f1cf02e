import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  TComment,
  TCommentChangedEvent,
  TCommentCounts,
  TRepliesPage,
  TThread,
  TThreadCountedEvent,
  TThreadPage,
  TThreadSubject,
  TV2momCommentCounts,
} from '@v2mom/contracts';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

type ThreadData = InfiniteData<TThreadPage, string | null>;
type RepliesData = InfiniteData<TRepliesPage, string | null>;

/** Where the counts hold each kind of thread (a V2MOM's own counts hold its items' alike). */
const COUNTS_FIELD = { v2mom: 'v2moms', method: 'methods', obstacle: 'obstacles' } as const satisfies Record<TThreadSubject, keyof TCommentCounts>;

const isHeld = (page: TThreadPage, id: number) => page.comments.some((held) => held.id === id);

/**
 * The page a comment its pages do not hold belongs in, or -1 when it belongs to a page not loaded
 * (or among replies not shown). Pages hold ranges of top-level comments, newest first: a new
 * top-level comment goes in the newest page. A reply goes with its comment among the newest
 * replies shown, unless it is older than all of them and older ones are not shown.
 */
function pageFor(pages: readonly TThreadPage[], comment: TComment): number {
  if (comment.parentId === null) {
    const index = pages.findIndex((page) => page.comments.some((held) => held.parentId === null && held.id < comment.id));
    if (index !== -1) return index;
    const last = pages.length - 1;
    return pages[last]?.nextCursor === null ? last : -1;
  }
  const { parentId } = comment;
  const index = pages.findIndex((page) => isHeld(page, parentId));
  const page = pages[index];
  if (!page) return -1;
  const shown = page.comments.filter((held) => held.parentId === parentId).map((held) => held.id);
  const olderHidden = page.moreReplies[parentId] !== undefined && shown.length > 0 && comment.id < Math.min(...shown);
  return olderHidden ? -1 : index;
}

/** Where a comment goes in a page's list: a top-level one before the first newer one, a reply after its comment and its older replies. */
function insertAt(comments: readonly TComment[], comment: TComment): number {
  if (comment.parentId === null) {
    const index = comments.findIndex((held) => held.parentId === null && held.id > comment.id);
    return index === -1 ? comments.length : index;
  }
  let index = comments.findIndex((held) => held.id === comment.parentId) + 1;
  while (index < comments.length && comments[index]?.parentId === comment.parentId && (comments[index]?.id ?? 0) < comment.id) index += 1;
  return index;
}

/** The change's comment by this id when it is as new as the held one (an older version never replaces a newer). */
function newest(held: TComment, changed: readonly TComment[]): TComment {
  const comment = changed.find((candidate) => candidate.id === held.id);
  return comment && comment.version >= held.version ? comment : held;
}

function upsert(pages: TThreadPage[], comment: TComment): TThreadPage[] {
  const held = pages.findIndex((page) => isHeld(page, comment.id));
  if (held !== -1) return pages.map((page, index) => (index !== held ? page : { ...page, comments: page.comments.map((candidate) => newest(candidate, [comment])) }));
  const target = pageFor(pages, comment);
  return pages.map((page, index) => {
    if (index !== target) return page;
    const comments = [...page.comments];
    comments.splice(insertAt(comments, comment), 0, comment);
    return { ...page, comments };
  });
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
 * over a newer one) where their pages show them, the removed ones dropped; older replies loaded
 * with "Show more replies" the same way. Pages go on from cursors that name comments, so nothing
 * moves between pages. `comment:changed` comes here as it is.
 */
export function putThreadChange(queryClient: QueryClient, where: { subject: TThreadSubject; subjectId: number }, change: ThreadChange): void {
  const { thread, comments = [], removedIds = [] } = change;
  const removed = new Set(removedIds);
  const kept = (page: { comments: TComment[] }) => (removed.size === 0 ? page.comments : page.comments.filter((comment) => !removed.has(comment.id)));
  queryClient.setQueryData<ThreadData>(commentKeys.thread(where.subject, where.subjectId), (data) => {
    if (!data || data.pages.length === 0) return data;
    let pages = data.pages.map((page) => ({ ...page, thread: thread ?? page.thread, comments: kept(page) }));
    for (const comment of comments) pages = upsert(pages, comment);
    return { ...data, pages };
  });
  for (const { queryKey } of queryClient.getQueryCache().findAll({ queryKey: commentKeys.threadReplies(where.subject, where.subjectId) })) {
    queryClient.setQueryData<RepliesData>(queryKey, (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, comments: kept(page).map((held) => newest(held, comments)) })) },
    );
  }
}

/** Counts by item id, with one thread's put in place. */
function withCount(counts: Readonly<Record<string, number>>, id: number, count: number): Record<string, number> {
  return { ...counts, [id]: count };
}

/** A thread's count, where its V2MOM's counts or every V2MOM's are cached. */
function putCount(queryClient: QueryClient, { subject, subjectId, v2momId, commentCount }: TThreadCountedEvent): void {
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

/** `comment:changed` (docs/PRODUCT.md#live-events) as the live bridge receives it: the open thread and its count. */
export function putCommentChanged(queryClient: QueryClient, event: TCommentChangedEvent): void {
  putThreadChange(queryClient, event.thread, event);
  putCount(queryClient, event.thread);
}

/**
 * `thread:counted` as the live bridge receives it: the counts lists and badges show. A thread not
 * open has no cached head to keep: it is read again as it opens (use-thread-room.ts).
 */
export function putThreadCounted(queryClient: QueryClient, event: TThreadCountedEvent): void {
  putCount(queryClient, event);
}
