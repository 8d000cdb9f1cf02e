import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PagedList } from '../../lib/paged-list';
import { Card, StackList } from './card';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { MoreRows } from './more-rows';

const EmptyCard = styled(Card)`
  padding: 0;
`;

const Waiting = styled.p`
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PagedCardsProps<T extends { id: number }> {
  list: PagedList<T>;
  /** The list's accessible name. */
  label: string;
  /** What the rows are: `Loading {noun}...`, `Load more {noun}`. */
  noun: string;
  errorTitle: string;
  /** The text of a list with no rows. */
  empty: string;
  render: (row: T) => ReactNode;
}

/**
 * A list of cards the server pages (docs/PRODUCT.md#paged-lists): its first page's wait and
 * failure, its empty state, then its rows, the next page coming as the reader nears the end.
 */
export function PagedCards<T extends { id: number }>({ list, label, noun, errorTitle, empty, render }: PagedCardsProps<T>) {
  if (list.query.isError) {
    return (
      <Card>
        <LoadError title={errorTitle} error={list.query.error} onRetry={() => void list.query.refetch()} />
      </Card>
    );
  }
  if (!list.rows) return <Waiting role="status">{`Loading ${noun}...`}</Waiting>;
  if (list.rows.length === 0) {
    return (
      <EmptyCard>
        <EmptyState compact title={empty} />
      </EmptyCard>
    );
  }
  return (
    <>
      <StackList aria-label={label}>
        {list.rows.map((row) => (
          <li key={row.id}>{render(row)}</li>
        ))}
      </StackList>
      <MoreRows more={list.more} label={noun} />
    </>
  );
}
