import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { StackList } from '../../../../components/ui/card';
import { Button } from '../../../../components/ui/button';

/** A department of a large organisation holds hundreds of items: a page of them at a time. */
const PAGE_SIZE = 20;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[3]};
`;

export interface PagedListProps<T> {
  items: readonly T[];
  label: string;
  keyOf: (item: T) => number;
  render: (item: T) => ReactNode;
}

/** The first page of `items`, and 'Show more' for the next one while any are left. */
export function PagedList<T>({ items, label, keyOf, render }: PagedListProps<T>) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const left = items.length - shown;
  return (
    <>
      <StackList aria-label={label}>
        {items.slice(0, shown).map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </StackList>
      {left > 0 ? (
        <More>
          <Button onClick={() => setShown((count) => count + PAGE_SIZE)}>{`Show more (${left} more)`}</Button>
        </More>
      ) : null}
    </>
  );
}
