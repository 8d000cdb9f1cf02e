import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCreateComment, TThreadSubject } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putThreadChange } from './thread-cache';

interface CreateCommentInput {
  subject: TThreadSubject;
  subjectId: number;
  body: TCreateComment;
}

function createComment({ subject, subjectId, body }: CreateCommentInput): Promise<TComment> {
  return callApi(COMMENT_PATHS.createComment, { params: { subject, id: subjectId }, body });
}

/**
 * POST /api/threads/{subject}/{id}/comments: a comment or a reply. The new comment goes into the
 * thread's pages; the thread's count comes with the live event. The compose box shows a refusal
 * itself (a 429 says when to try again).
 */
export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    meta: { errorToast: false },
    onSuccess: (created) => putThreadChange(queryClient, created, { comments: [created] }),
  });
}
