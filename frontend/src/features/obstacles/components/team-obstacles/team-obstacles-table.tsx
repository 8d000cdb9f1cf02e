import { teamObstacleRow, type TObstacleListItem, type TTeamObstacleRow } from '@v2mom/contracts';
import { useMemo } from 'react';
import { ThreadButton } from '../../../../components/thread-opener';
import {
  linkedMethodColumn,
  obstacleTitleColumn,
  teamObstacleOwnerColumn,
  v2momColumn,
} from '../../../../components/ui/sortable-columns';
import { SortableTable, type SortableColumn, type SortableTableProps } from '../../../../components/ui/sortable-table';
import { changeKeys } from '../../../../lib/live/recent-changes';
import type { PagedList } from '../../../../lib/paged-list';
import { SharedObstacleCell } from './shared-obstacle-cell';

/** The obstacle's thread, where the page offers threads (docs/PRODUCT.md#comments). */
const commentsColumn: SortableColumn<TTeamObstacleRow> = {
  key: 'comments',
  header: 'Comments',
  cell: (row) => <ThreadButton subject="obstacle" id={row.obstacle.id} title={row.obstacle.description} />,
};

/** A shared obstacle's teams and co-owners (docs/PRODUCT.md#shared-obstacles). */
const sharedColumn: SortableColumn<TTeamObstacleRow> = {
  key: 'shared',
  header: 'Teams',
  cell: (row) => <SharedObstacleCell shared={row.shared} />,
};

const COLUMNS: ReadonlyArray<SortableColumn<TTeamObstacleRow>> = [
  obstacleTitleColumn('200px'),
  v2momColumn((row) => row.v2mom),
  linkedMethodColumn,
  teamObstacleOwnerColumn,
  sharedColumn,
  commentsColumn,
];

const rowKey = (row: TTeamObstacleRow) => row.obstacle.id;
const changeKey = (row: TTeamObstacleRow) => changeKeys.item('obstacle', row.obstacle.id);

export interface TeamObstaclesTableProps {
  /** The obstacles, paged by the server. */
  list: PagedList<TObstacleListItem>;
  /** The order the server gives them, from the columns. */
  order: NonNullable<SortableTableProps<TTeamObstacleRow>['serverOrder']>;
}

/** Every obstacle of every V2MOM, a page at a time (docs/PRODUCT.md#team-obstacles). */
export function TeamObstaclesTable({ list, order }: TeamObstaclesTableProps) {
  const rows = useMemo(() => list.rows?.map(teamObstacleRow), [list.rows]);
  return (
    <SortableTable
      label="Team obstacles"
      columns={COLUMNS}
      query={list.query}
      rows={rows}
      more={list.more}
      serverOrder={order}
      rowKey={rowKey}
      changeKey={changeKey}
      errorTitle="We couldn't load the team's obstacles."
      emptyMessage="No obstacles found across team V2MOMs."
      loadingMessage="Loading obstacles across all team V2MOMs..."
    />
  );
}
