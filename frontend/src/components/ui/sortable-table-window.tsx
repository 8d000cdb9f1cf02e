import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { media } from '../../lib/theme/tokens';
import { useIsPhone } from '../../lib/theme/use-is-phone';
import type { SortableColumn, SortableTableProps } from './sortable-table';
import { NO_CHANGE_KEY, Row } from './sortable-table-row';

const ROW_ESTIMATE = 53;
const PHONE_ROW_ESTIMATE = 180;
const PHONE_ROW_GAP = 12;

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

interface WindowedRowsProps<T> {
  rows: readonly T[];
  columns: ReadonlyArray<SortableColumn<T>>;
  rowKey: (row: T) => number | string;
  changeKey: ((row: T) => string) | undefined;
  openRow: SortableTableProps<T>['openRow'];
}

/** Only the rows near the viewport, with spacers keeping the scroll height of the rest. */
export default function WindowedRows<T>({ rows, columns, rowKey, changeKey, openRow }: WindowedRowsProps<T>) {
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
