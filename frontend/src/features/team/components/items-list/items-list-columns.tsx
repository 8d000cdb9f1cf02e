import { pathTo, workStatusLabel, type TMethodListItem, type TTeamObstacleRow } from '@v2mom/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { StaleMark } from '../../../../components/stale-marks';
import { Badge, WorkStatusBadge } from '../../../../components/ui/badge';
import { ProgressFigure } from '../../../../components/ui/progress-figure';
import {
  CellLink,
  linkedMethodColumn,
  Muted,
  obstacleTitleColumn,
  ownerColumn,
  teamObstacleOwnerColumn,
  titleColumn,
  v2momColumn,
} from '../../../../components/ui/sortable-columns';
import type { SortableColumn } from '../../../../components/ui/sortable-table';
import type { AnyItem, ObstacleItem } from './items-list-rows';
import { personName } from '../../../../lib/person-name';

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: inherit;
  gap: ${({ theme }) => theme.space[1]};
`;

/** Optional text, or a dash for screen and reader alike ('not set'). */
function Optional({ value }: { value: string | null }) {
  return value?.trim() ? <>{value}</> : <Muted aria-label="Not set">—</Muted>;
}

export const ALL_ITEMS_COLUMNS: ReadonlyArray<SortableColumn<AnyItem>> = [
  titleColumn({
    sortValue: (row) => row.description,
    title: (row) => (row.kind === 'method' ? <CellLink to={pathTo.method(row.id)}>{row.description}</CellLink> : row.description),
  }),
  {
    key: 'kind',
    header: 'Type',
    sortValue: (row) => row.kind,
    cell: (row) =>
      row.kind === 'method' ? (
        <Badges>
          <Badge tone="primary">Method</Badge>
          <StaleMark method={row.method} />
        </Badges>
      ) : (
        <Badge tone="warning">Obstacle</Badge>
      ),
  },
  v2momColumn((row) => row.v2mom),
  ownerColumn((row) => row.owner),
];

export const METHOD_COLUMNS: ReadonlyArray<SortableColumn<TMethodListItem>> = [
  titleColumn({ sortValue: (row) => row.description, title: (row) => <CellLink to={pathTo.method(row.id)}>{row.description}</CellLink> }),
  v2momColumn((row) => row.v2mom),
  ownerColumn((row) => (row.owner ? personName(row.owner) : null)),
  {
    key: 'status',
    header: 'Status',
    sortValue: (row) => workStatusLabel(row.status),
    cell: (row) => (
      <Badges>
        <WorkStatusBadge status={row.status} dot={false} />
        <StaleMark method={row} />
      </Badges>
    ),
  },
  {
    key: 'progress',
    header: 'Progress',
    sortValue: (row) => row.progress,
    cell: (row) => (
      <ProgressFigure percent={row.progress} label={`Progress of ${row.description}`} figureWidth="3.2em">
        {Math.round(row.progress)}%
      </ProgressFigure>
    ),
  },
];

export const OBSTACLE_COLUMNS: ReadonlyArray<SortableColumn<ObstacleItem>> = [
  obstacleTitleColumn(),
  v2momColumn((row) => row.v2mom),
  ownerColumn((row) => (row.obstacle.owner ? personName(row.obstacle.owner) : null)),
  {
    key: 'relatedMethods',
    header: 'Related Methods',
    sortValue: (row) => row.relatedMethods[0]?.description ?? null,
    cell: (row) =>
      row.relatedMethods.length === 0 ? (
        <Muted>None</Muted>
      ) : (
        <Badges>
          {row.relatedMethods.map((method) => (
            <Link key={method.id} to={pathTo.method(method.id)} title={method.description}>
              <Badge>{method.label}</Badge>
            </Link>
          ))}
        </Badges>
      ),
  },
];

export const TEAM_OBSTACLE_COLUMNS: ReadonlyArray<SortableColumn<TTeamObstacleRow>> = [
  obstacleTitleColumn(),
  linkedMethodColumn,
  teamObstacleOwnerColumn,
];

const measureColumn = (key: 'currentMeasure' | 'q1Measure' | 'q2Measure' | 'q3Measure' | 'q4Measure', header: string): SortableColumn<TMethodListItem> => ({
  key,
  header,
  sortValue: (row) => row[key]?.trim() || null,
  cell: (row) => <Optional value={row[key]} />,
});

export const MEASURE_COLUMNS: ReadonlyArray<SortableColumn<TMethodListItem>> = [
  titleColumn({ key: 'measure', header: 'Main Measure', sortValue: (row) => row.measure?.trim() || null, title: (row) => <Optional value={row.measure} /> }),
  {
    key: 'method',
    header: 'Method',
    sortValue: (row) => row.description,
    cell: (row) => (
      <>
        <CellLink to={pathTo.method(row.id)}>{row.description}</CellLink> <StaleMark method={row} />
      </>
    ),
  },
  measureColumn('currentMeasure', 'Current Measure'),
  measureColumn('q1Measure', 'Q1 Measure'),
  measureColumn('q2Measure', 'Q2 Measure'),
  measureColumn('q3Measure', 'Q3 Measure'),
  measureColumn('q4Measure', 'Q4 Measure'),
  v2momColumn((row) => row.v2mom),
];
