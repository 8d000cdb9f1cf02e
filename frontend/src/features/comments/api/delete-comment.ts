import { useMutation } from '@tanstack/react-query';
import type { TComment } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';

function deleteComment({ id, version }: Pick<TComment, 'id' | 'version'>) {
  return callApi(COMMENT_PATHS.deleteComment, { params: { id }, query: { version: String(version) } });
}

/**
 * DELETE /api/comments/{id}. The answer carries no comment: the thread takes the removal (or the
 * "Comment deleted" placeholder of one with replies) from the live event, as everyone's does.
 */
export function useDeleteComment() {
  return useMutation({
    mutationFn: deleteComment,
    meta: {
      successToast: { title: 'Comment deleted' },
      errorToast: (error) => ({ title: 'Failed to delete comment', message: describeError(error) }),
    },
  });
}
