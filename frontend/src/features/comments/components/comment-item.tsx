import { canDeleteComment, canEditComment, type TComment, type TUser } from '@v2mom/contracts';
import { useState, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { ApiError, describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDeleteComment } from '../api/delete-comment';
import { useUpdateComment } from '../api/update-comment';
import { CommentComposer } from './comment-composer';
import { CommentText } from './comment-text';
import type { MentionSearch } from './mention-picker';

const flash = keyframes`
  from { background: var(--comment-highlight); }
  to { background: transparent; }
`;

const Article = styled.article<{ $highlighted: boolean }>`
  --comment-highlight: ${({ theme }) => theme.colors.warningSoft};
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[2]};
  margin: 0 -${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  scroll-margin-top: 96px;
  ${({ $highlighted }) =>
    $highlighted &&
    css`
      animation: ${flash} 4s ease-out;
      outline: 2px solid ${({ theme }) => theme.colors.warning};
      outline-offset: -2px;
    `}
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Deleted = styled.p`
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
  margin-left: -${({ theme }) => theme.space[2]};
`;

/** A stale edit: the comment changed since the box opened (docs/PRODUCT.md#comments). */
const CHANGED_ELSEWHERE = 'This comment changed elsewhere since you started editing. Its latest text is above; copy your words, cancel, and edit again.';

export interface CommentItemProps {
  comment: TComment;
  viewer: TUser;
  /** Finds the people a mention may name, as one types. */
  useMentionResults: MentionSearch;
  highlighted: boolean;
  /** Reply, on a top-level comment whose viewer may comment. */
  onReply?: () => void;
  /** Replies and the reply box, under the comment. */
  children?: ReactNode;
  /** Says the viewer is typing, as they edit it. */
  onType?: (text: string) => void;
}

/** One comment: who and when, its text (or "Comment deleted"), and what the viewer may do with it. */
export function CommentItem({ comment, viewer, useMentionResults, highlighted, onReply, children, onType }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const authorId = comment.author?.id ?? null;
  const mayEdit = !comment.deleted && canEditComment(viewer, { authorId });
  const mayDelete = !comment.deleted && canDeleteComment(viewer, { authorId });
  const editError = update.error instanceof ApiError && update.error.status === 409 ? CHANGED_ELSEWHERE : update.error && describeError(update.error);

  return (
    <Article id={`comment-${comment.id}`} tabIndex={-1} aria-label={comment.deleted ? 'Comment deleted' : `Comment by ${comment.author?.name ?? 'a former user'}`} $highlighted={highlighted}>
      {comment.deleted ? (
        <Deleted>Comment deleted</Deleted>
      ) : (
        <>
          <Byline>
            <strong>{comment.author?.name ?? 'Former user'}</strong>
            <RelativeTime value={comment.createdAt} />
            {comment.editedAt && <span title={`Edited ${formatDateTime(comment.editedAt)}`}>edited</span>}
          </Byline>
          {editing ? (
            <CommentComposer
              label="Edit comment"
              submitLabel="Save"
              initialText={comment.text ?? ''}
              initialMentions={comment.mentions}
              pending={update.isPending}
              error={editError}
              useMentionResults={useMentionResults}
              autoFocus
              onType={onType}
              onCancel={() => {
                update.reset();
                setEditing(false);
              }}
              onSubmit={(text) =>
                update.mutate({ id: comment.id, body: { text, version: comment.version } }, { onSuccess: () => setEditing(false) })
              }
            />
          ) : (
            <CommentText text={comment.text ?? ''} mentions={comment.mentions} />
          )}
          {!editing && (onReply || mayEdit || mayDelete) && (
            <Actions>
              {onReply && (
                <Button size="sm" variant="ghost" onClick={onReply}>
                  Reply
                </Button>
              )}
              {mayEdit && (
                <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              {mayDelete && (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              )}
            </Actions>
          )}
        </>
      )}
      {children}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title="Delete this comment?"
        description="A comment with replies leaves “Comment deleted” in its place. This cannot be undone."
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate({ id: comment.id, version: comment.version }, { onSettled: () => setConfirming(false) })}
            >
              Delete
            </Button>
          </>
        }
      />
    </Article>
  );
}
