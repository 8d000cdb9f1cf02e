import type { TThreadSubject } from '@v2mom/contracts';

/** Threads of comments (see v2mom-keys.ts for why there is one factory per feature). */
export const commentKeys = {
  all: ['comments'] as const,
  /** Every cached thread (prefix of thread). */
  threads: () => [...commentKeys.all, 'thread'] as const,
  /** GET /api/threads/{subject}/{id}/comments, page after page */
  thread: (subject: TThreadSubject, id: number) => [...commentKeys.threads(), subject, id] as const,
  /** Every page of older replies loaded in a thread (prefix of replies): they go stale with it. */
  threadReplies: (subject: TThreadSubject, id: number) => [...commentKeys.thread(subject, id), 'replies'] as const,
  /** GET /api/comments/{id}/replies from `cursor` (the thread's page's `moreReplies`), page after page */
  replies: (subject: TThreadSubject, id: number, commentId: number, cursor: string | null) => [...commentKeys.threadReplies(subject, id), commentId, cursor] as const,
  /** GET /api/v2moms/{id}/comment-counts */
  counts: (v2momId: number) => [...commentKeys.all, 'counts', v2momId] as const,
  /** GET /api/comment-counts: every V2MOM's */
  allCounts: () => [...commentKeys.all, 'all-counts'] as const,
  /** GET /api/comments/{id} */
  comment: (id: number) => [...commentKeys.all, 'comment', id] as const,
};
