import type { ReactNode } from 'react';
import { CardGrid } from './card';
import { LoadError } from './load-error';
import { SkeletonCard } from './skeleton';
import { VisuallyHidden } from './visually-hidden';

/** The columns' least width: two cards side by side on a laptop, one on a phone. */
const CARD_MIN = '380px';

export interface QueryCardGridProps<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data: readonly T[] | undefined; refetch: () => unknown };
  /** Said to screen readers while loading, e.g. 'Loading your tasks...'. */
  loadingText: string;
  /** The placeholder lines of each of the two loading cards. */
  skeleton: ReactNode;
  skeletonTestId: string;
  /** What failed, e.g. "We couldn't load your tasks." */
  errorTitle: string;
  /** Shown when the query answers no rows. */
  empty: ReactNode;
  itemKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
}

/** A grid of cards in each state of its query: placeholder cards, a retryable error, the empty state, or the cards. */
export function QueryCardGrid<T>({ query, loadingText, skeleton, skeletonTestId, errorTitle, empty, itemKey, renderItem }: QueryCardGridProps<T>) {
  if (query.isPending) {
    return (
      <>
        <VisuallyHidden role="status">{loadingText}</VisuallyHidden>
        <CardGrid $min={CARD_MIN} aria-busy="true">
          {[0, 1].map((index) => (
            <SkeletonCard as="li" key={index} aria-hidden="true" data-testid={skeletonTestId}>
              {skeleton}
            </SkeletonCard>
          ))}
        </CardGrid>
      </>
    );
  }
  if (query.isError || !query.data) {
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} compact />;
  }
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <CardGrid $min={CARD_MIN}>
      {query.data.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </CardGrid>
  );
}
