import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { RecentChange } from '../../lib/live/recent-changes';
import { media } from '../../lib/theme/tokens';
import type { PagedList } from '../../lib/paged-list';
import { Select } from './field';
import { MoreRows } from './more-rows';
import { Table, TableCard, TableErrorRow, TableMessageRow, TBody, Th, THead, Tr } from './table';
import { VisuallyHidden } from './visually-hidden';
import { NO_CHANGE_KEY, Row } from './sortable-table-row';
import type LoadedWindowedRows from './sortable-table-window';
import { compareSortValues, type SortDirection, type SortValue } from './sortable-table-sort';

export interface SortableColumn<T> {
  key: string;
  header: string;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => SortValue;
  cell: (row: T, change: RecentChange | undefined) => ReactNode;
  /** The row's title on phones, where each row becomes a card. */
  primary?: boolean;
  /** The row's links or buttons: an `ActionsTd`, its header named only to screen readers; it does not sort. */
  actions?: boolean;
}

export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface SortableTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<SortableColumn<T>>;
  /** The query the rows come from. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The rows; undefined while loading. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => number | string;
  /** The live-change key of what a row shows, so someone else's change highlights it. */
  changeKey?: (row: T) => string;
  /** What a click on a row opens, if anything: the row is then clickable (keep it stable, e.g. useCallback). */
  openRow?: (row: T) => (() => void) | undefined;
  /** Rows whose text does not hold every word of this (case-insensitive) are hidden. */
  filter?: string;
  /** The text a row is filtered by. */
  filterText?: (row: T) => string;
  initialSort?: TableSort;
  errorTitle: string;
  emptyMessage: string;
  /** What shows while loading, beside the placeholder rows (read by screen readers). */
  loadingMessage?: string;
  /**
   * The server sorts and filters the rows (a paged list, docs/PRODUCT.md#paged-lists): the table
   * shows `sort`, asks `onSort` for another and shows the rows as they come; `filter` is not its.
   */
  serverOrder?: { sort: TableSort | undefined; onSort: (sort: TableSort | undefined) => void };
  /** More rows follow: asked for as the table's end nears the viewport. */
  more?: PagedList<unknown>['more'];
}

/** Above this many rows only those near the viewport are in the page. */
const WINDOW_FROM = 80;

/**
 * The window and @tanstack/react-virtual load when a table first holds more than WINDOW_FROM rows
 * (a first page holds fewer): until they are here, every row is in the page.
 */
// `lazy` keeps no type parameter: the loaded component's own type is restored.
const WindowedRows = lazy(() => import('./sortable-table-window')) as unknown as typeof LoadedWindowedRows;
const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: -4px -6px;
  padding: 4px 6px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const SortMark = styled.span<{ $active: boolean }>`
  opacity: ${({ $active }) => ($active ? 1 : 0.45)};
  font-size: 0.9em;
`;

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** On phones the header row is hidden (rows are cards): the order is chosen here instead. */
const PhoneSort = styled.label`
  display: none;

  ${media.mobile} {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    margin-bottom: ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};

    select {
      flex: 1;
    }
  }
`;

const LoadingRowText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function sortMark(direction: SortDirection | undefined) {
  if (direction === 'ascending') return '▲';
  if (direction === 'descending') return '▼';
  return '↕';
}

/**
 * A data table that sorts by its column headers (a button in each, `aria-sort` on the header),
 * filters by text, and keeps only the rows near the viewport in the page once it is long, so
 * typing or sorting stays quick on thousands of rows. It is `aria-busy` until its rows show;
 * on phones each row becomes a card.
 */
export function SortableTable<T>({
  label,
  columns,
  query,
  rows,
  rowKey,
  changeKey,
  openRow,
  filter = '',
  filterText,
  initialSort,
  errorTitle,
  emptyMessage,
  loadingMessage,
  serverOrder,
  more,
}: SortableTableProps<T>) {
  const [ownSort, setOwnSort] = useState<TableSort | undefined>(initialSort);
  const sort = serverOrder ? serverOrder.sort : ownSort;
  const setSort = serverOrder ? serverOrder.onSort : setOwnSort;

  const haystacks = useMemo(() => {
    if (!rows || !filterText || serverOrder) return undefined;
    return new Map(rows.map((row) => [row, filterText(row).toLocaleLowerCase()]));
  }, [rows, filterText, serverOrder]);

  const sorted = useMemo(() => {
    if (!rows) return [];
    const column = sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
    if (!sort || !column?.sortValue || serverOrder) return rows;
    const sortValue = column.sortValue;
    const keyed = rows.map((row) => ({ row, value: sortValue(row) }));
    keyed.sort((a, b) => compareSortValues(a.value, b.value, sort.direction));
    return keyed.map(({ row }) => row);
  }, [rows, columns, sort, serverOrder]);

  const visible = useMemo(() => {
    const words = filter.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0 || !haystacks) return sorted;
    return sorted.filter((row) => {
      const text = haystacks.get(row) ?? '';
      return words.every((word) => text.includes(word));
    });
  }, [sorted, filter, haystacks]);

  const toggleSort = (key: string) =>
    setSort(sort?.key === key && sort.direction === 'ascending' ? { key, direction: 'descending' } : { key, direction: 'ascending' });

  const span = columns.length;
  const showRows = !query.isPending && !query.isError && visible.length > 0;
  const windowed = showRows && visible.length > WINDOW_FROM;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <TableMessageRow span={span}>
        <LoadingRowText>{loadingMessage ?? 'Loading...'}</LoadingRowText>
      </TableMessageRow>
    );
  } else if (query.isError) {
    body = <TableErrorRow span={span} title={errorTitle} query={query} />;
  } else if (visible.length === 0) {
    body = <TableMessageRow span={span}>{emptyMessage}</TableMessageRow>;
  } else if (windowed) {
    const everyRow = visible.map((row, index) => (
      <Row key={rowKey(row)} row={row} columns={columns} changeKey={changeKey?.(row) ?? NO_CHANGE_KEY} openRow={openRow} index={index} />
    ));
    body = (
      <Suspense fallback={everyRow}>
        <WindowedRows rows={visible} columns={columns} rowKey={rowKey} changeKey={changeKey} openRow={openRow} />
      </Suspense>
    );
  } else {
    body = visible.map((row) => <Row key={rowKey(row)} row={row} columns={columns} changeKey={changeKey?.(row) ?? NO_CHANGE_KEY} openRow={openRow} />);
  }

  const sortable = columns.filter((column) => column.sortValue);
  const phoneSortValue = sort ? `${sort.key}:${sort.direction}` : '';

  return (
    <>
      {sortable.length > 0 ? (
        <PhoneSort>
          Sort by
          <Select
            value={phoneSortValue}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':') as [string, SortDirection | undefined];
              setSort(key && direction ? { key, direction } : undefined);
            }}
          >
            <option value="">As listed</option>
            {sortable.flatMap((column) => [
              <option key={`${column.key}:ascending`} value={`${column.key}:ascending`}>
                {column.header} (ascending)
              </option>,
              <option key={`${column.key}:descending`} value={`${column.key}:descending`}>
                {column.header} (descending)
              </option>,
            ])}
          </Select>
        </PhoneSort>
      ) : null}
      {rows && filter.trim() !== '' && !serverOrder ? (
        <Count aria-live="polite">{`${visible.length} of ${rows.length} rows`}</Count>
      ) : null}
      <TableCard $stackOnMobile>
        <Table
          $stackOnMobile
          aria-label={label}
          aria-busy={query.isPending ? 'true' : undefined}
          aria-rowcount={windowed ? visible.length + 1 : undefined}
        >
          <THead>
            <Tr aria-rowindex={windowed ? 1 : undefined}>
              {columns.map((column) => {
                if (column.actions) {
                  return (
                    <Th key={column.key} $align="right">
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    </Th>
                  );
                }
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <Th key={column.key} aria-sort={column.sortValue ? (direction ?? 'none') : undefined}>
                    {column.sortValue ? (
                      <SortButton type="button" onClick={() => toggleSort(column.key)}>
                        {column.header}
                        <SortMark aria-hidden="true" $active={direction !== undefined}>
                          {sortMark(direction)}
                        </SortMark>
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </Th>
                );
              })}
            </Tr>
          </THead>
          <TBody>{body}</TBody>
        </Table>
      </TableCard>
      {more && showRows ? <MoreRows more={more} label="rows" /> : null}
    </>
  );
}
