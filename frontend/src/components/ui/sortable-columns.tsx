import { pathTo, type TTeamObstacleRow } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../live/changed-by-note';
import type { SortableColumn } from './sortable-table';
import type { SortValue } from './sortable-table-sort';
import { personName } from '../../lib/person-name';

/** The columns several `SortableTable`s show alike (the Items List's tabs, Team Obstacles). */

const Title = styled.span<{ $minWidth: string }>`
  display: block;
  min-width: ${({ $minWidth }) => $minWidth};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const CellLink = styled(Link)`
  overflow-wrap: anywhere;
`;

/** The row's title (the card's heading on a phone), then who just changed the row. */
export function titleColumn<T>({
  key = 'description',
  header = 'Description',
  sortValue,
  title,
  minWidth = '180px',
}: {
  key?: string;
  header?: string;
  sortValue: (row: T) => SortValue;
  title: (row: T) => ReactNode;
  minWidth?: string;
}): SortableColumn<T> {
  return {
    key,
    header,
    primary: true,
    sortValue,
    cell: (row, change) => (
      <>
        <Title $minWidth={minWidth}>{title(row)}</Title>
        <ChangedByNote change={change} />
      </>
    ),
  };
}

/** An obstacle's description as the title column. */
export const obstacleTitleColumn = <T extends { obstacle: { description: string } },>(minWidth?: string): SortableColumn<T> =>
  titleColumn<T>({ sortValue: (row) => row.obstacle.description, title: (row) => row.obstacle.description, minWidth });

export const v2momColumn = <T,>(v2mom: (row: T) => { id: number; title: string }): SortableColumn<T> => ({
  key: 'v2mom',
  header: 'V2MOM',
  sortValue: (row) => v2mom(row).title,
  cell: (row) => <CellLink to={pathTo.v2mom(v2mom(row).id)}>{v2mom(row).title}</CellLink>,
});

export const ownerColumn = <T,>(owner: (row: T) => string | null): SortableColumn<T> => ({
  key: 'owner',
  header: 'Owner',
  sortValue: owner,
  cell: (row) => owner(row) ?? 'Unassigned',
});

/** A team obstacle's first linked method, cut to 50 characters (docs/PRODUCT.md#team-obstacles). */
export const linkedMethodColumn: SortableColumn<TTeamObstacleRow> = {
  key: 'linkedMethod',
  header: 'Linked Method',
  sortValue: (row) => row.linkedMethod?.description ?? null,
  cell: (row) =>
    row.linkedMethod ? (
      <CellLink to={pathTo.method(row.linkedMethod.id)} title={row.linkedMethod.description}>
        {row.linkedMethodText}
      </CellLink>
    ) : (
      <Muted>No linked method</Muted>
    ),
};

export const teamObstacleOwnerColumn = ownerColumn<TTeamObstacleRow>((row) => (row.obstacle.owner ? personName(row.obstacle.owner) : null));
