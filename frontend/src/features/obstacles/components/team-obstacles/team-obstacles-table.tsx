import type { TTeamObstacleRow } from '@v2mom/contracts';
import { ThreadButton } from '../../../../components/thread-opener';
import {
  linkedMethodColumn,
  obstacleTitleColumn,
  teamObstacleOwnerColumn,
  v2momColumn,
} from '../../../../components/ui/sortable-columns';
import { SortableTable, type SortableColumn } from '../../../../components/ui/sortable-table';
import { changeKeys } from '../../../../lib/live/recent-changes';

/** The obstacle's thread, where the page offers threads (docs/PRODUCT.md#comments). */
const commentsColumn: SortableColumn<TTeamObstacleRow> = {
  key: 'comments',
  header: 'Comments',
  cell: (row) => <ThreadButton subject="obstacle" id={row.obstacle.id} title={row.obstacle.description} />,
};

const COLUMNS: ReadonlyArray<SortableColumn<TTeamObstacleRow>> = [
  obstacleTitleColumn('200px'),
  v2momColumn((row) => row.v2mom),
  linkedMethodColumn,
  teamObstacleOwnerColumn,
  commentsColumn,
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
