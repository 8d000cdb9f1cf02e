import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TUpdateComment } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putThreadChange } from './thread-cache';

function updateComment({ id, body }: { id: number; body: TUpdateComment }): Promise<TComment> {
  return callApi(COMMENT_PATHS.updateComment, { params: { id }, body });
}

/** PATCH /api/comments/{id}: its author's new text; a stale version is a 409 the edit form shows. */
export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    meta: { errorToast: false },
    onSuccess: (saved) => putThreadChange(queryClient, saved, { comments: [saved] }),
  });
}
