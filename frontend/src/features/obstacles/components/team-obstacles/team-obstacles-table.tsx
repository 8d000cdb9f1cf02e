import { pathTo, type TTeamObstacleRow } from '@v2mom/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { SortableTable, type SortableColumn } from '../../../../components/ui/sortable-table';
import { changeKeys } from '../../../../lib/live/recent-changes';

const Description = styled.span`
  display: block;
  min-width: 200px;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CellLink = styled(Link)`
  overflow-wrap: anywhere;
`;

/** The owner of the obstacle, or 'Unassigned'. */
const ownerOf = (row: TTeamObstacleRow) => row.obstacle.owner?.name ?? 'Unassigned';

const COLUMNS: ReadonlyArray<SortableColumn<TTeamObstacleRow>> = [
  {
    key: 'description',
    header: 'Description',
    primary: true,
    sortValue: (row) => row.obstacle.description,
    cell: (row, change) => (
      <>
        <Description>{row.obstacle.description}</Description>
        <ChangedByNote change={change} />
      </>
    ),
  },
  {
    key: 'v2mom',
    header: 'V2MOM',
    sortValue: (row) => row.v2mom.title,
    cell: (row) => <CellLink to={pathTo.v2mom(row.v2mom.id)}>{row.v2mom.title}</CellLink>,
  },
  {
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
  },
  { key: 'owner', header: 'Owner', sortValue: (row) => row.obstacle.owner?.name ?? null, cell: ownerOf },
];

const rowKey = (row: TTeamObstacleRow) => row.obstacle.id;
const changeKey = (row: TTeamObstacleRow) => changeKeys.item('obstacle', row.obstacle.id);

export interface TeamObstaclesTableProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly TTeamObstacleRow[] | undefined;
}

/** Every obstacle of every V2MOM (docs/PRODUCT.md#team-obstacles). */
export function TeamObstaclesTable({ query, rows }: TeamObstaclesTableProps) {
  return (
    <SortableTable
      label="Team obstacles"
      columns={COLUMNS}
      query={query}
      rows={rows}
      rowKey={rowKey}
      changeKey={changeKey}
      errorTitle="We couldn't load the team's obstacles."
      emptyMessage="No obstacles found across team V2MOMs."
      loadingMessage="Loading obstacles across all team V2MOMs..."
    />
  );
}
