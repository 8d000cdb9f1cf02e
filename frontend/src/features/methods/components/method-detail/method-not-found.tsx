import { NotFoundMessage } from '../../../../components/ui/not-found-message';

/** A method that does not exist, or that the user may not see (docs/PRODUCT.md#empty-states). */
export function MethodNotFound() {
  return (
    <NotFoundMessage title="Method Not Found">
      The method you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to view it.
    </NotFoundMessage>
  );
}
