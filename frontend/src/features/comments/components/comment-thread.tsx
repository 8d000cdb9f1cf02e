import { canComment, canResolveObstacleThread, type TComment, type TThreadPage, type TThreadSubject, type TUserRef } from '@v2mom/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { StackList } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton, SkeletonPage } from '../../../components/ui/skeleton';
import { describeError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useCreateComment } from '../api/create-comment';
import { useLinkedComment } from '../api/get-comment';
import { useResolveThread } from '../api/resolve-thread';
import { useThread } from '../api/get-thread';
import { describeTyping } from '../realtime/typing-people';
import { useThreadRoom } from '../realtime/use-thread-room';
import { useTypingPeople, useTypingSignal } from '../realtime/use-thread-typing';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { CommentReplies } from './comment-replies';
import { willNotify } from './will-notify';
import type { MentionSearch } from './mention-picker';

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Holds its line while nobody types, so the box under it does not jump as someone starts. */
const Typing = styled.p`
  min-height: ${({ theme }) => theme.lineHeight.normal}em;
  margin: -${({ theme }) => theme.space[2]} 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ResolvedBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface CommentThreadProps {
  subject: TThreadSubject;
  subjectId: number;
  /** The item's owner, told of each comment. */
  owner: TUserRef | null;
  /** The V2MOM's owner: with structure holders, who may resolve an obstacle's thread. */
  v2momOwnerId: number | null;
  /** Finds active people to mention, as one types. */
  useMentionResults: MentionSearch;
  /** A comment to scroll to and highlight (a `?comment=` link). */
  focusCommentId?: number;
}

const NO_REPLIES: readonly TComment[] = [];

/** Top-level comments in the order read, each with the replies its page shows and where its older ones start. */
function arrange(pages: readonly TThreadPage[]) {
  const comments = [...pages].reverse().flatMap((page) => page.comments);
  const replies = new Map<number, TComment[]>();
  for (const comment of comments) {
    if (comment.parentId !== null) replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
  }
  const olderReplies = new Map<number, string>();
  for (const page of pages) for (const [id, cursor] of Object.entries(page.moreReplies)) olderReplies.set(Number(id), cursor);
  return { comments, topLevel: comments.filter((comment) => comment.parentId === null), replies, olderReplies };
}

/**
 * A V2MOM's, method's or obstacle's thread (docs/PRODUCT.md#comments): the newest comments, earlier
 * ones on demand, one level of replies, and the box to write in; live through `comment:changed`.
 */
export function CommentThread({ subject, subjectId, owner, v2momOwnerId, useMentionResults, focusCommentId }: CommentThreadProps) {
  const viewer = useSignedInUser();
  const query = useThread(subject, subjectId);
  const create = useCreateComment();
  const resolve = useResolveThread();
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const shownFocus = useRef<number | null>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { comments, topLevel, replies, olderReplies } = useMemo(() => arrange(data?.pages ?? []), [data]);
  const thread = data?.pages[0]?.thread;
  const mayComment = canComment(viewer);
  const onType = useTypingSignal(subject, subjectId, viewer);
  const typing = describeTyping(useTypingPeople(subject, subjectId, viewer.id));
  const notice = (text: string, named: readonly TUserRef[]) => willNotify({ text, viewerId: viewer.id, owner, people: named, comments });
  useThreadRoom(subject, subjectId);

  // A linked comment: read back page by page until it shows (a reply older than those its page
  // shows: until its comment does, whose replies then read back to it), then brought into view once.
  const linkedParentId = useLinkedComment(focusCommentId).data?.parentId ?? null;
  const [revealedId, setRevealedId] = useState<number | null>(null);
  const revealReply = useCallback(() => setRevealedId(focusCommentId ?? null), [focusCommentId]);
  const focusShown = focusCommentId !== undefined && (revealedId === focusCommentId || comments.some((comment) => comment.id === focusCommentId));
  const parentShown = linkedParentId !== null && comments.some((comment) => comment.id === linkedParentId);
  useEffect(() => {
    if (focusCommentId === undefined || shownFocus.current === focusCommentId || !data) return;
    if (!focusShown) {
      if (!parentShown && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      return;
    }
    shownFocus.current = focusCommentId;
    // At the next frame, once the comment is laid out to scroll to.
    requestAnimationFrame(() => {
      const element = document.getElementById(`comment-${focusCommentId}`);
      element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      element?.focus({ preventScroll: true });
    });
  }, [focusCommentId, focusShown, parentShown, data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <SkeletonPage label="Loading comments...">
        <Skeleton $height="48px" />
        <Skeleton $height="48px" />
      </SkeletonPage>
    );
  }
  if (query.isError) return <LoadError compact title="We couldn't load the comments." error={query.error} onRetry={() => void query.refetch()} />;

  const post = (text: string, done: () => void, parentId?: number) =>
    create.mutate(
      { subject, subjectId, body: parentId === undefined ? { text } : { text, parentId } },
      {
        onSuccess: () => {
          done();
          setReplyingTo(null);
        },
      },
    );
  const postError = create.error && describeError(create.error);
  const resolvable = subject === 'obstacle' && v2momOwnerId !== null && canResolveObstacleThread(viewer, { userId: v2momOwnerId });

  return (
    <Root>
      {subject === 'obstacle' && (thread?.resolvedAt || resolvable) && (
        <ResolvedBar>
          <span>{thread?.resolvedAt ? `Resolved by ${thread.resolvedBy?.name ?? 'a former user'}` : 'Open'}</span>
          {resolvable && (
            <Button size="sm" loading={resolve.isPending} onClick={() => resolve.mutate({ obstacleId: subjectId, resolved: !thread?.resolvedAt })}>
              {thread?.resolvedAt ? 'Reopen' : 'Resolve'}
            </Button>
          )}
        </ResolvedBar>
      )}
      {hasNextPage && (
        <div>
          <Button size="sm" variant="ghost" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show earlier comments
          </Button>
        </div>
      )}
      {topLevel.length === 0 ? (
        <Muted>No comments yet.{mayComment ? ' Start the conversation below.' : ''}</Muted>
      ) : (
        <StackList as="ol" aria-label="Comments">
          {topLevel.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                viewer={viewer}
                useMentionResults={useMentionResults}
                highlighted={focusCommentId === comment.id}
                onType={onType}
                onReply={mayComment && !comment.deleted ? () => setReplyingTo(comment.id) : undefined}
              >
                <CommentReplies
                  subject={subject}
                  subjectId={subjectId}
                  comment={comment}
                  shown={replies.get(comment.id) ?? NO_REPLIES}
                  cursor={olderReplies.get(comment.id) ?? null}
                  {...(comment.id === linkedParentId && focusCommentId !== undefined ? { reveal: focusCommentId, onRevealed: revealReply } : {})}
                  renderReply={(reply) => <CommentItem comment={reply} viewer={viewer} useMentionResults={useMentionResults} highlighted={focusCommentId === reply.id} onType={onType} />}
                  composer={
                    replyingTo === comment.id && (
                      <CommentComposer
                        label={`Reply to ${comment.author?.name ?? 'comment'}`}
                        submitLabel="Post reply"
                        pending={create.isPending}
                        error={postError}
                        useMentionResults={useMentionResults}
                        notice={notice}
                        autoFocus
                        onType={onType}
                        onCancel={() => setReplyingTo(null)}
                        onSubmit={(text, done) => post(text, done, comment.id)}
                      />
                    )
                  }
                />
              </CommentItem>
            </li>
          ))}
        </StackList>
      )}
      <Typing aria-live="polite">
        {typing}
      </Typing>
      {mayComment ? (
        <CommentComposer
          label="Write a comment"
          submitLabel="Post"
          pending={create.isPending && replyingTo === null}
          error={replyingTo === null ? postError : null}
          useMentionResults={useMentionResults}
          notice={notice}
          onType={onType}
          onSubmit={(text, done) => post(text, done)}
        />
      ) : (
        <Muted>Read-only accounts can read comments but not write them.</Muted>
      )}
    </Root>
  );
}
