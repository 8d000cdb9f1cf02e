import { pathTo, roundedPercentage, type TDepartment, type TTeamProgressRow, type TTeamProgressSort, type TTeamProgressView } from '@v2mom/contracts';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { ProgressFigure } from '../../../components/ui/progress-figure';
import { RelativeTime } from '../../../components/ui/relative-time';
import { SortableTable, type SortableColumn, type TableSort } from '../../../components/ui/sortable-table';
import { ChangedByNote } from '../../../components/live/changed-by-note';
import { CellMuted, RowViewLink } from '../../../components/ui/table';
import { changeKeys } from '../../../lib/live/recent-changes';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { FIRST_TEAM_PROGRESS_VIEW, useTeamProgressPages } from '../api/get-team-progress';
import { Section } from '../../../components/ui/section';
import { personName } from '../../../lib/person-name';

const ALL_DEPARTMENTS = '';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 100%;

  select,
  input {
    flex: 1 1 160px;
    min-width: 0;
    max-width: 200px;
    height: 32px;
  }
`;

const Strong = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

/** The server sorts (docs/PRODUCT.md#paged-lists): a column's sort value only marks it sortable. */
const SERVER_SORTED = () => null;

const COLUMNS: ReadonlyArray<SortableColumn<TTeamProgressRow>> = [
  {
    key: 'person',
    header: 'Person',
    primary: true,
    sortValue: SERVER_SORTED,
    cell: (row, change) => (
      <>
        <Strong>{personName(row.user)}</Strong>
        <ChangedByNote change={change} />
      </>
    ),
  },
  { key: 'department', header: 'Department', sortValue: SERVER_SORTED, cell: (row) => row.user.department },
  {
    key: 'progress',
    header: 'Methods on Track',
    sortValue: SERVER_SORTED,
    cell: (row) => (
      <ProgressFigure
        percent={roundedPercentage(row.methodsOnTrack, row.totalMethods)}
        label={`Methods on track for ${row.user.name}`}
      >{`${row.methodsOnTrack} out of ${row.totalMethods}`}</ProgressFigure>
    ),
  },
  {
    key: 'lastUpdated',
    header: 'Last Updated',
    sortValue: SERVER_SORTED,
    cell: (row) => (
      <CellMuted>
        <RelativeTime value={row.lastUpdated} fallback="Never" />
      </CellMuted>
    ),
  },
  {
    key: 'view',
    header: 'Actions',
    actions: true,
    cell: (row) => (row.v2momId != null ? <RowViewLink to={pathTo.v2mom(row.v2momId)} target={`V2MOM of ${row.user.name}`} /> : null),
  },
];

const rowKey = (row: TTeamProgressRow) => row.user.id;
// Someone else's change in the row's V2MOM flashes the row and says who ('': nothing is recorded under it).
const changeKey = (row: TTeamProgressRow) => (row.v2momId != null ? changeKeys.withinV2mom(row.v2momId) : '');

/** The table's sort as the view's order; none is the first order, by name. */
function orderOf(sort: TableSort | undefined): Pick<TTeamProgressView, 'sort' | 'dir'> {
  if (!sort) return FIRST_TEAM_PROGRESS_VIEW;
  return { sort: sort.key as TTeamProgressSort, dir: sort.direction === 'descending' ? 'desc' : 'asc' };
}

/**
 * Dashboard: each team member's methods on track, a page at a time as the reader scrolls, searched
 * by person or department, filtered by one of `departments` and sorted by the server.
 */
export function TeamProgressTable({ departments }: { departments: readonly TDepartment[] | undefined }) {
  const [department, setDepartment] = useState(ALL_DEPARTMENTS);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TableSort | undefined>();
  const q = useDeferredValue(search.trim());
  const view = useMemo<TTeamProgressView>(
    () => ({ ...orderOf(sort), q: q === '' ? undefined : q, department: department === ALL_DEPARTMENTS ? undefined : department }),
    [sort, q, department],
  );
  const progress = useTeamProgressPages(view);
  const selectId = useId();
  const navigate = useNavigate();
  const openRow = useCallback(
    (row: TTeamProgressRow) => {
      const { v2momId } = row;
      return v2momId != null ? () => void navigate(pathTo.v2mom(v2momId)) : undefined;
    },
    [navigate],
  );

  return (
    <Section
      id="team-progress-title"
      title="Team Progress"
      actions={
        <Controls>
          <Input type="search" aria-label="Search team members" placeholder="Person or department" value={search} onChange={(event) => setSearch(event.target.value)} />
          <VisuallyHidden as="label" htmlFor={selectId}>
            Department
          </VisuallyHidden>
          <Select id={selectId} value={department} onChange={(event) => setDepartment(event.target.value)}>
            <option value={ALL_DEPARTMENTS}>All Departments</option>
            {departments?.map((d) => (
              <option key={d.id} value={d.name}>
                {d.name}
              </option>
            ))}
          </Select>
          <Button size="sm">Filter</Button>
        </Controls>
      }
    >
      <SortableTable
        label="Team Progress"
        columns={COLUMNS}
        query={progress.query}
        rows={progress.rows}
        rowKey={rowKey}
        changeKey={changeKey}
        openRow={openRow}
        serverOrder={{ sort, onSort: setSort }}
        more={progress.more}
        errorTitle="We couldn't load team progress."
        emptyMessage="No team members found"
      />
    </Section>
  );
}
