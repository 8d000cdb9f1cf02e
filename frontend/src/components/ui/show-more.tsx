import { Button } from './button';

/** The next page of a list read a page at a time, while there is one. */
export function ShowMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  if (!hasNextPage) return null;
  return (
    <Button size="sm" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
      {isFetchingNextPage ? 'Loading…' : 'Show more'}
    </Button>
  );
}
