import { useParams } from 'react-router-dom';
import { LoadError } from '../../../components/ui/load-error';
import { isMethodNotFound, useMethod } from '../../../features/methods/api/get-method';
import { MethodDetailView } from '../../../features/methods/components/method-detail/method-detail-view';
import { MethodDetailSkeleton } from '../../../features/methods/components/method-detail/method-detail-skeleton';
import { MethodNotFound } from '../../../features/methods/components/method-detail/method-not-found';

/** /method/{id}: one method in full (docs/PRODUCT.md#method-detail), live. */
export default function MethodDetailPage() {
  const id = Number(useParams().id);
  const query = useMethod(id);

  if (query.isPending) return <MethodDetailSkeleton />;
  if (query.isError) {
    if (isMethodNotFound(query.error)) return <MethodNotFound />;
    return <LoadError title="We couldn't load this method." error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <MethodDetailView method={query.data} />;
}
