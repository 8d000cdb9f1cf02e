import { CHECK_IN_PARAM } from '@v2mom/contracts';
import { Suspense, type ComponentProps } from 'react';
import { useParams } from 'react-router-dom';
import { useUrlParams } from '../../../lib/use-url-params';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import type { CommentsSection as LoadedCommentsSection } from '../../../features/comments/components/comments-section';
import { isMethodNotFound, useMethod } from '../../../features/methods/api/get-method';
import { MethodDetailView } from '../../../features/methods/components/method-detail/method-detail-view';
import { MethodDetailSkeleton } from '../../../features/methods/components/method-detail/method-detail-skeleton';
import { MethodNotFound } from '../../../features/methods/components/method-detail/method-not-found';
import { QuarterReviewSection } from '../../../features/quarter-reviews/components/quarter-review-section';
import { useActiveUserSearch } from '../../../features/users/api/search-users';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { preloadable } from '../../../lib/preloadable';

// The thread and its Markdown renderer come after the method: the page shows without them.
const CommentsSection = preloadable<ComponentProps<typeof LoadedCommentsSection>>(() =>
  import('../../../features/comments/components/comments-section').then(({ CommentsSection }) => ({ default: CommentsSection })),
);

/**
 * /method/{id}: one method in full (docs/PRODUCT.md#method-detail), live, with its thread (`?comment=`
 * shows one); `?check-in` holds its check-in open, so a reminder's link opens it.
 */
export default function MethodDetailPage() {
  const id = Number(useParams().id);
  const [searchParams, updateParams] = useUrlParams();
  const focusComment = Number(searchParams.get('comment')) || undefined;
  const checkingIn = searchParams.has(CHECK_IN_PARAM);
  const setCheckingIn = (open: boolean) =>
    updateParams((params) => (open ? params.set(CHECK_IN_PARAM, '') : params.delete(CHECK_IN_PARAM)));
  const query = useMethod(id);
  const user = useSignedInUser();

  if (query.isPending) return <MethodDetailSkeleton />;
  if (query.isError) {
    if (isMethodNotFound(query.error)) return <MethodNotFound />;
    return <LoadError title="We couldn't load this method." error={query.error} onRetry={() => void query.refetch()} />;
  }
  const method = query.data;
  return (
    <>
      <QuarterReviewSection methods={[method]} actor={user} />
      <MethodDetailView
        method={method}
        actor={user}
        checkingIn={checkingIn}
        onCheckingInChange={setCheckingIn}
        comments={
          <Suspense fallback={<Skeleton $height="160px" />}>
            <CommentsSection
              subject="method"
              subjectId={id}
              owner={method.owner}
              v2momOwnerId={method.v2mom.owner?.id ?? null}
              useMentionResults={useActiveUserSearch}
              focusCommentId={focusComment}
            />
          </Suspense>
        }
      />
    </>
  );
}
