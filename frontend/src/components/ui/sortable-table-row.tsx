import { memo, type ReactNode } from 'react';
import styled from 'styled-components';
import { liveFlash } from '../../lib/live/live-flash';
import { useRecentChange } from '../../lib/live/recent-changes';
import type { SortableColumn, SortableTableProps } from './sortable-table';
import { ActionsTd, Td, Tr } from './table';

/** A key nothing is recorded under: rows without live highlighting. */
export const NO_CHANGE_KEY = '';

const FlashTr = styled(Tr)<{ $flash?: number | undefined }>`
  ${({ $flash }) => liveFlash($flash)}
`;

interface RowProps<T> {
  row: T;
  columns: ReadonlyArray<SortableColumn<T>>;
  changeKey: string;
  openRow: SortableTableProps<T>['openRow'];
  index?: number;
  measure?: (node: HTMLTableRowElement | null) => void;
}

/** Memoised: sorting, filtering and live changes re-render only the rows concerned. */
export const Row = memo(function Row<T>({ row, columns, changeKey, openRow, index, measure }: RowProps<T>) {
  const change = useRecentChange(changeKey);
  const open = openRow?.(row);
  return (
    <FlashTr
      ref={measure}
      data-index={index}
      aria-rowindex={index === undefined ? undefined : index + 2}
      $flash={change?.serial}
      $clickable={open !== undefined}
      onClick={open}
    >
      {columns.map((column) =>
        column.actions ? (
          <ActionsTd key={column.key}>{column.cell(row, change)}</ActionsTd>
        ) : (
          <Td key={column.key} data-primary={column.primary || undefined} data-label={column.primary ? undefined : column.header}>
            {column.cell(row, change)}
          </Td>
        ),
      )}
    </FlashTr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;
