import type { ReactNode } from 'react';
import { Table, TableCard, TableErrorRow, TableMessageRow, TBody, Td, Th, THead, Tr } from './table';
import { VisuallyHidden } from './visually-hidden';

export interface QueryTableProps {
  /** The table's accessible name, in words or as the id of the heading that names it. */
  name: { label: string } | { labelledBy: string };
  /** Column headers; a last, unlabelled column holds each row's links or actions, unless `actions` is false. */
  columns: readonly string[];
  actions?: boolean;
  /** Narrower gaps between columns, for a table of many columns beside the sidebar. */
  dense?: boolean;
  /** The query the rows come from. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** One placeholder per column while loading (null leaves the cell empty), the first one primary. */
  skeletonCells: ReadonlyArray<ReactNode>;
  skeletonRows?: number;
  /** What failed, e.g. "We couldn't load team progress." */
  errorTitle: string;
  /** Shown when there are no rows to show. */
  emptyMessage: string;
  /** The rows; none means empty. */
  children: ReactNode[];
}

/**
 * A data table in each state of its query: skeleton rows, a retryable error, the empty text, or
 * the rows. On phones each row becomes a card (`$stackOnMobile`).
 */
export function QueryTable({
  name,
  columns,
  actions = true,
  dense,
  query,
  skeletonCells,
  skeletonRows = 5,
  errorTitle,
  emptyMessage,
  children,
}: QueryTableProps) {
  const span = columns.length + (actions ? 1 : 0);
  let body: ReactNode;
  if (query.isPending) {
    body = Array.from({ length: skeletonRows }, (_, row) => (
      <Tr key={row}>
        {skeletonCells.map((cell, column) => (
          <Td key={column} data-primary={column === 0 || undefined}>
            {cell}
          </Td>
        ))}
      </Tr>
    ));
  } else if (query.isError) {
    body = <TableErrorRow span={span} title={errorTitle} query={query} />;
  } else if (children.length === 0) {
    body = <TableMessageRow span={span}>{emptyMessage}</TableMessageRow>;
  } else {
    body = children;
  }

  return (
    <TableCard $stackOnMobile>
      <Table
        $stackOnMobile
        $dense={dense}
        aria-label={'label' in name ? name.label : undefined}
        aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
        aria-busy={query.isPending || undefined}
      >
        <THead>
          <Tr>
            {columns.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
            {actions ? (
              <Th $align="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Th>
            ) : null}
          </Tr>
        </THead>
        <TBody>{body}</TBody>
      </Table>
    </TableCard>
  );
}
