import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { liveFlash } from '../../lib/live/live-flash';
import { useRecentChange, type RecentChange } from '../../lib/live/recent-changes';
import { media } from '../../lib/theme/tokens';
import { useIsPhone } from '../../lib/theme/use-is-phone';
import type { PagedList } from '../../lib/paged-list';
import { Select } from './field';
import { MoreRows } from './more-rows';
import { Table, TableCard, TableErrorRow, TableMessageRow, TBody, Td, Th, THead, Tr } from './table';
import { compareSortValues, type SortDirection, type SortValue } from './sortable-table-sort';

export interface SortableColumn<T> {
  key: string;
  header: string;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => SortValue;
  cell: (row: T, change: RecentChange | undefined) => ReactNode;
  /** The row's title on phones, where each row becomes a card. */
  primary?: boolean;
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
const ROW_ESTIMATE = 53;
const PHONE_ROW_ESTIMATE = 180;
const PHONE_ROW_GAP = 12;

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

/** The space of the rows that are not in the page, above or below the window. */
const Spacer = styled.tr`
  &&&& {
    display: table-row;
    padding: 0;
    border: 0;
    background: none;
  }
  ${media.mobile} {
    &&&& {
      display: block;
    }
  }
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

const FlashTr = styled(Tr)<{ $flash?: number | undefined }>`
  ${({ $flash }) => liveFlash($flash)}
`;

function sortMark(direction: SortDirection | undefined) {
  if (direction === 'ascending') return '▲';
  if (direction === 'descending') return '▼';
  return '↕';
}

interface RowProps<T> {
  row: T;
  columns: ReadonlyArray<SortableColumn<T>>;
  changeKey: string;
  openRow: SortableTableProps<T>['openRow'];
  index?: number;
  measure?: (node: HTMLTableRowElement | null) => void;
}

/** Memoised: sorting, filtering and live changes re-render only the rows concerned. */
const Row = memo(function Row<T>({ row, columns, changeKey, openRow, index, measure }: RowProps<T>) {
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
      {columns.map((column) => (
        <Td key={column.key} data-primary={column.primary || undefined} data-label={column.primary ? undefined : column.header}>
          {column.cell(row, change)}
        </Td>
      ))}
    </FlashTr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

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
    body = <WindowedRows rows={visible} columns={columns} rowKey={rowKey} changeKey={changeKey} openRow={openRow} />;
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

/** A key nothing is recorded under: rows without live highlighting. */
const NO_CHANGE_KEY = '';

interface WindowedRowsProps<T> {
  rows: readonly T[];
  columns: ReadonlyArray<SortableColumn<T>>;
  rowKey: (row: T) => number | string;
  changeKey: ((row: T) => string) | undefined;
  openRow: SortableTableProps<T>['openRow'];
}

/** Only the rows near the viewport, with spacers keeping the scroll height of the rest. */
function WindowedRows<T>({ rows, columns, rowKey, changeKey, openRow }: WindowedRowsProps<T>) {
  const anchor = useRef<HTMLTableRowElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const isPhone = useIsPhone();

  // Where the rows start in the page; content above (the filter's count line) moves it as rows change.
  useLayoutEffect(() => {
    const node = anchor.current;
    if (!node) return;
    const top = Math.round(node.getBoundingClientRect().top + window.scrollY);
    setScrollMargin((current) => (current === top ? current : top));
  }, [rows]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (isPhone ? PHONE_ROW_ESTIMATE : ROW_ESTIMATE),
    gap: isPhone ? PHONE_ROW_GAP : 0,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rowKey(rows[index] as T),
  });

  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? (items[0]?.start ?? 0) - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.end ?? 0) - scrollMargin) : 0;

  return (
    <>
      <Spacer ref={anchor} aria-hidden="true" style={{ height: Math.max(0, before) }} />
      {items.map((item) => {
        const row = rows[item.index] as T;
        return (
          <Row
            key={item.key}
            row={row}
            columns={columns}
            changeKey={changeKey?.(row) ?? NO_CHANGE_KEY}
            openRow={openRow}
            index={item.index}
            measure={virtualizer.measureElement}
          />
        );
      })}
      <Spacer aria-hidden="true" style={{ height: Math.max(0, after) }} />
    </>
  );
}
