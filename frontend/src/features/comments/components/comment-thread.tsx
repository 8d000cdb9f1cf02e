import { canComment, canResolveObstacleThread, type TComment, type TThreadSubject, type TUserRef } from '@v2mom/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { StackList } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton, SkeletonPage } from '../../../components/ui/skeleton';
import { describeError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useCreateComment } from '../api/create-comment';
import { useResolveThread } from '../api/resolve-thread';
import { useThread } from '../api/get-thread';
import { describeTyping } from '../realtime/typing-people';
import { useTypingPeople, useTypingSignal } from '../realtime/use-thread-typing';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { willNotify } from './will-notify';

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const Replies = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0 0 0 ${({ theme }) => theme.space[4]};
  list-style: none;
  border-left: 2px solid ${({ theme }) => theme.colors.border};
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
  /** Active people, to mention. */
  people: readonly TUserRef[];
  /** A comment to scroll to and highlight (a `?comment=` link). */
  focusCommentId?: number;
}

/** Top-level comments in the order read, each with its replies. */
function arrange(pages: readonly { comments: TComment[] }[]) {
  const comments = [...pages].reverse().flatMap((page) => page.comments);
  const replies = new Map<number, TComment[]>();
  for (const comment of comments) {
    if (comment.parentId !== null) replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
  }
  return { comments, topLevel: comments.filter((comment) => comment.parentId === null), replies };
}

/**
 * A V2MOM's, method's or obstacle's thread (docs/PRODUCT.md#comments): the newest comments, earlier
 * ones on demand, one level of replies, and the box to write in; live through `comment:changed`.
 */
export function CommentThread({ subject, subjectId, owner, v2momOwnerId, people, focusCommentId }: CommentThreadProps) {
  const viewer = useSignedInUser();
  const query = useThread(subject, subjectId);
  const create = useCreateComment();
  const resolve = useResolveThread();
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const shownFocus = useRef<number | null>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { comments, topLevel, replies } = useMemo(() => arrange(data?.pages ?? []), [data]);
  const thread = data?.pages[0]?.thread;
  const mayComment = canComment(viewer);
  const onType = useTypingSignal(subject, subjectId, viewer);
  const typing = describeTyping(useTypingPeople(subject, subjectId, viewer.id));
  const notice = (text: string) => willNotify({ text, viewerId: viewer.id, owner, people, comments });

  // A linked comment: read back page by page until it shows, then brought into view once.
  const focusShown = focusCommentId !== undefined && comments.some((comment) => comment.id === focusCommentId);
  useEffect(() => {
    if (focusCommentId === undefined || shownFocus.current === focusCommentId || !data) return;
    if (!focusShown) {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      return;
    }
    shownFocus.current = focusCommentId;
    // At the next frame: a panel that opened with the thread moves focus into itself at its first frame.
    requestAnimationFrame(() => {
      const element = document.getElementById(`comment-${focusCommentId}`);
      element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      element?.focus({ preventScroll: true });
    });
  }, [focusCommentId, focusShown, data, hasNextPage, isFetchingNextPage, fetchNextPage]);

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
                people={people}
                highlighted={focusCommentId === comment.id}
                onType={onType}
                onReply={mayComment && !comment.deleted ? () => setReplyingTo(comment.id) : undefined}
              >
                {(replies.has(comment.id) || replyingTo === comment.id) && (
                  <Replies aria-label={`Replies to ${comment.author?.name ?? 'a deleted comment'}`}>
                    {replies.get(comment.id)?.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem comment={reply} viewer={viewer} people={people} highlighted={focusCommentId === reply.id} onType={onType} />
                      </li>
                    ))}
                    {replyingTo === comment.id && (
                      <li>
                        <CommentComposer
                          label={`Reply to ${comment.author?.name ?? 'comment'}`}
                          submitLabel="Post reply"
                          pending={create.isPending}
                          error={postError}
                          people={people}
                          notice={notice}
                          autoFocus
                          onType={onType}
                          onCancel={() => setReplyingTo(null)}
                          onSubmit={(text, done) => post(text, done, comment.id)}
                        />
                      </li>
                    )}
                  </Replies>
                )}
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
          people={people}
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
