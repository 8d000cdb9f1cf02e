import type { TComment, TThreadSubject } from '@v2mom/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { useCommentReplies } from '../api/get-replies';

const Replies = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0 0 0 ${({ theme }) => theme.space[4]};
  list-style: none;
  border-left: 2px solid ${({ theme }) => theme.colors.border};
`;

const More = styled.div`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0 0 0 ${({ theme }) => theme.space[2]};
`;

export interface CommentRepliesProps {
  subject: TThreadSubject;
  subjectId: number;
  /** The top-level comment they answer. */
  comment: TComment;
  /** Its replies the thread's page shows: the newest few, and those posted since. */
  shown: readonly TComment[];
  /** Where its older replies start (the page's `moreReplies`); null: from the newest. */
  cursor: string | null;
  renderReply: (reply: TComment) => ReactNode;
  /** The reply box, under the replies, while the viewer answers this comment. */
  composer?: ReactNode;
  /** A linked reply to read back to, however old; `onRevealed` once it shows. */
  reveal?: number;
  onRevealed?: () => void;
}

/** Replies oldest first, each once by id. */
function inOrder(...lists: ReadonlyArray<readonly TComment[]>): TComment[] {
  const byId = new Map<number, TComment>();
  for (const list of lists) for (const reply of list) byId.set(reply.id, reply);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A comment's replies (docs/PRODUCT.md#comments): the newest its thread's page shows, and above
 * them `Show {n} more replies`, which reads the older ones a page at a time and then moves focus
 * to the oldest it brought, where a keyboard user reads on.
 */
export function CommentReplies({ subject, subjectId, comment, shown, cursor, renderReply, composer, reveal, onRevealed }: CommentRepliesProps) {
  const [asked, setAsked] = useState(false);
  // A linked reply among the older ones reads them without a click.
  const wanted = asked || reveal !== undefined;
  const older = useCommentReplies(subject, subjectId, comment.id, cursor, wanted);
  const loadedPages = older.data?.pages;
  const replies = useMemo(() => inOrder(loadedPages?.flatMap((page) => page.comments) ?? [], shown), [loadedPages, shown]);
  const hidden = Math.max(0, comment.replyCount - replies.length);
  // Kept while the first page loads or after it failed, so a click can ask again.
  const canShowMore = hidden > 0 && (!wanted || !older.data || older.hasNextPage);
  const focusOnLoad = useRef(false);

  // The oldest reply of the page that just came, once it shows.
  const oldestLoaded = loadedPages?.at(-1)?.comments[0]?.id;
  useEffect(() => {
    if (!focusOnLoad.current || oldestLoaded === undefined) return;
    focusOnLoad.current = false;
    document.getElementById(`comment-${oldestLoaded}`)?.focus();
  }, [oldestLoaded]);

  const revealShown = reveal !== undefined && replies.some((reply) => reply.id === reveal);
  const { hasNextPage, isFetching, fetchNextPage } = older;
  useEffect(() => {
    if (reveal === undefined) return;
    if (revealShown) onRevealed?.();
    else if (hasNextPage && !isFetching) void fetchNextPage();
  }, [reveal, revealShown, onRevealed, hasNextPage, isFetching, fetchNextPage]);

  const showMore = () => {
    focusOnLoad.current = true;
    if (!wanted) setAsked(true);
    else if (older.data) void fetchNextPage();
    else void older.refetch();
  };

  if (replies.length === 0 && !canShowMore && !composer) return null;
  const whose = comment.author?.name ?? 'a deleted comment';
  const more = `Show ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}`;
  return (
    <>
      {canShowMore && (
        <More>
          <Button size="sm" variant="ghost" loading={older.isFetching} onClick={showMore} aria-label={`${more} to ${whose}`}>
            {more}
          </Button>
        </More>
      )}
      {(replies.length > 0 || composer) && (
        <Replies aria-label={`Replies to ${whose}`}>
          {replies.map((reply) => (
            <li key={reply.id}>{renderReply(reply)}</li>
          ))}
          {composer && <li>{composer}</li>}
        </Replies>
      )}
    </>
  );
}
