import { pathTo, roundedPercentage, type TDepartment, type TTeamProgressRow } from '@v2mom/contracts';
import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { ProgressFigure } from '../../../components/ui/progress-figure';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { QueryTable } from '../../../components/ui/query-table';
import { ChangedByNote } from '../../../components/live/changed-by-note';
import { CellMuted, CellSubtext, RowViewLink, Td, Tr } from '../../../components/ui/table';
import { changeKeys, useRecentChange } from '../../../lib/live/recent-changes';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useTeamProgress } from '../api/get-team-progress';
import { Section } from '../../../components/ui/section';
import { personName } from '../../../lib/person-name';

const ALL_DEPARTMENTS = '';
/** About a screenful: what the first render with data shows of a large organisation. */
const FIRST_ROWS = 25;

const Controls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};

  select {
    width: 200px;
    height: 32px;
  }
`;

const Strong = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

interface RowProps {
  row: TTeamProgressRow;
  onOpen: (v2momId: number) => void;
}

const TeamProgressTableRow = memo(function TeamProgressTableRow({ row, onOpen }: RowProps) {
  const { v2momId } = row;
  // Someone else's change in the row's V2MOM flashes the row and says who.
  const change = useRecentChange(v2momId != null ? changeKeys.withinV2mom(v2momId) : ''); // '': nothing is recorded under it
  return (
    <Tr $clickable={v2momId != null} $flash={change?.serial} onClick={v2momId != null ? () => onOpen(v2momId) : undefined}>
      <Td data-primary>
        <Strong>{row.user.department}</Strong>
        <CellSubtext>{personName(row.user)}</CellSubtext>
        <ChangedByNote change={change} />
      </Td>
      <Td data-label="Methods on Track">
        <ProgressFigure
          percent={roundedPercentage(row.methodsOnTrack, row.totalMethods)}
          label={`Methods on track for ${row.user.name}`}
        >{`${row.methodsOnTrack} out of ${row.totalMethods}`}</ProgressFigure>
      </Td>
      <Td data-label="Last Updated">
        <CellMuted>
          <RelativeTime value={row.lastUpdated} fallback="Never" />
        </CellMuted>
      </Td>
      <Td $align="right">{v2momId != null ? <RowViewLink to={pathTo.v2mom(v2momId)} target={`V2MOM of ${row.user.name}`} /> : null}</Td>
    </Tr>
  );
});

const COLUMNS = ['Department', 'Methods on Track', 'Last Updated'];
const NO_ROWS: readonly TTeamProgressRow[] = [];
const SKELETON_CELLS = [<Skeleton $width="120px" />, <Skeleton $width="160px" />, <Skeleton $width="80px" />, null];

/** Dashboard: each team member's methods on track, filtered by one of `departments`. */
export function TeamProgressTable({ departments }: { departments: readonly TDepartment[] | undefined }) {
  const progress = useTeamProgress();
  const [department, setDepartment] = useState(ALL_DEPARTMENTS);
  const selectId = useId();
  const navigate = useNavigate();
  const open = useCallback((v2momId: number) => void navigate(pathTo.v2mom(v2momId)), [navigate]);

  const rows = useMemo(
    () => (progress.data ?? []).filter((row) => department === ALL_DEPARTMENTS || row.user.department === department),
    [progress.data, department],
  );
  // Hundreds of rows take longer to render than everything else on the dashboard: when the table
  // first fills, the first screenful shows at once and the rest follows in a background render
  // that yields to input. Afterwards the rows on screen stay until their replacement is ready.
  // The initial value makes that hold when the rows are already cached as the table mounts (its
  // code arriving after the data): without one, React renders the whole list at once on mount.
  const deferredRows = useDeferredValue(rows, NO_ROWS);
  const shownRows = deferredRows.length > 0 || rows.length === 0 ? deferredRows : rows.slice(0, FIRST_ROWS);

  return (
    <Section
      id="team-progress-title"
      title="Team Progress"
      actions={
        <Controls>
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
      <QueryTable
        name={{ labelledBy: 'team-progress-title' }}
        columns={COLUMNS}
        query={progress}
        skeletonCells={SKELETON_CELLS}
        skeletonRows={4}
        errorTitle="We couldn't load team progress."
        emptyMessage="No team members found"
      >
        {shownRows.map((row) => (
          <TeamProgressTableRow key={row.user.id} row={row} onOpen={open} />
        ))}
      </QueryTable>
    </Section>
  );
}
