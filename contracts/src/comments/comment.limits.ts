// Comments' bounds and mention tokens: apart from their schemas, so a screen that writes or shows
// comments does not load zod for them.

/**
 * What one comment and one page of a thread may hold (docs/PRODUCT.md#comments): a page's
 * top-level comments, the newest replies it shows under each (`inlineReplies`), and a page of
 * the older replies one comment's "Show more replies" asks for. With a page's budget of bytes,
 * they bound what one answer weighs (comment.bounds.ts).
 */
export const COMMENT_LIMITS = {
  text: 5_000,
  /** People one comment may mention (a comment that tells a whole department): every answer that carries it names each of them. */
  mentions: 200,
  page: { default: 20, max: 50 },
  inlineReplies: 3,
  replies: { default: 20, max: 50 },
} as const;

/** Comments one person may post or edit in a minute, together, before the next is a 429 (docs/PRODUCT.md#comments). */
export const COMMENT_POSTS_PER_MINUTE = 20;

/** What a thread belongs to: a V2MOM itself, or one of its methods or obstacles. */
export const THREAD_SUBJECTS = ['v2mom', 'method', 'obstacle'] as const;
export type TThreadSubject = (typeof THREAD_SUBJECTS)[number];

/**
 * A mention in a comment's text is the person's id in `<@…>`: names change, ids do not. Answers
 * name every person a comment mentions, so a screen shows `@Morgan Diaz` in its place.
 */
export function mentionToken(userId: number): string {
  return `<@${userId}>`;
}

/** The ids a text mentions, each once, in the order they first appear. */
export function mentionedIds(text: string): number[] {
  return [...new Set(Array.from(text.matchAll(/<@(\d{1,10})>/g), (match) => Number(match[1])))];
}
