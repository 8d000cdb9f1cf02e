import { pathTo, progressColor, roundedPercentage, type TTeamProgressRow } from '@v2mom/contracts';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableCard, TableMessage, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useTeamProgress } from '../../team/api/get-team-progress';
import { useDepartments } from '../../users/api/get-departments';
import { DashboardSection } from './section';

export const ALL_DEPARTMENTS = '';

const Controls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};

  select {
    width: 200px;
    height: 32px;
  }
`;

const Person = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Strong = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const OnTrack = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 180px;
  font-variant-numeric: tabular-nums;

  > span {
    flex: none;
    white-space: nowrap;
  }
  > div {
    flex: 1;
    min-width: 60px;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const ViewLink = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

interface RowProps {
  row: TTeamProgressRow;
  onOpen: (v2momId: number) => void;
}

const TeamProgressTableRow = memo(function TeamProgressTableRow({ row, onOpen }: RowProps) {
  const { v2momId } = row;
  const percent = roundedPercentage(row.methodsOnTrack, row.totalMethods);
  return (
    <Tr $clickable={v2momId != null} onClick={v2momId != null ? () => onOpen(v2momId) : undefined}>
      <Td data-primary>
        <Strong>{row.user.department}</Strong>
        <Person>{row.user.name}</Person>
      </Td>
      <Td data-label="Methods on Track">
        <OnTrack>
          <span>{`${row.methodsOnTrack} out of ${row.totalMethods}`}</span>
          <ProgressBar
            value={percent}
            size="sm"
            variant={progressColor(percent)}
            label={`Methods on track for ${row.user.name}`}
          />
        </OnTrack>
      </Td>
      <Td data-label="Last Updated">
        <Muted>
          <RelativeTime value={row.lastUpdated} fallback="Never" />
        </Muted>
      </Td>
      <Td $align="right">
        {v2momId != null ? (
          <ViewLink to={pathTo.v2mom(v2momId)} onClick={(event) => event.stopPropagation()}>
            View<VisuallyHidden> V2MOM of {row.user.name}</VisuallyHidden>
          </ViewLink>
        ) : null}
      </Td>
    </Tr>
  );
});

/** Dashboard: each team member's methods on track, filtered by department. */
export function TeamProgressTable() {
  const progress = useTeamProgress();
  const departments = useDepartments();
  const [department, setDepartment] = useState(ALL_DEPARTMENTS);
  const selectId = useId();
  const navigate = useNavigate();
  const open = useCallback((v2momId: number) => void navigate(pathTo.v2mom(v2momId)), [navigate]);

  const rows = useMemo(
    () => (progress.data ?? []).filter((row) => department === ALL_DEPARTMENTS || row.user.department === department),
    [progress.data, department],
  );

  let body;
  if (progress.isPending) {
    body = Array.from({ length: 4 }, (_, i) => (
      <Tr key={i}>
        <Td data-primary>
          <Skeleton $width="120px" />
        </Td>
        <Td>
          <Skeleton $width="160px" />
        </Td>
        <Td>
          <Skeleton $width="80px" />
        </Td>
        <Td />
      </Tr>
    ));
  } else if (progress.isError) {
    body = (
      <tr role="row">
        <td role="cell" colSpan={4}>
          <LoadError compact title="We couldn't load team progress." error={progress.error} onRetry={() => void progress.refetch()} />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr role="row">
        <TableMessage colSpan={4}>No team members found</TableMessage>
      </tr>
    );
  } else {
    body = rows.map((row) => <TeamProgressTableRow key={row.user.id} row={row} onOpen={open} />);
  }

  return (
    <DashboardSection
      id="team-progress-title"
      title="Team Progress"
      actions={
        <Controls>
          <VisuallyHidden as="label" htmlFor={selectId}>
            Department
          </VisuallyHidden>
          <Select id={selectId} value={department} onChange={(event) => setDepartment(event.target.value)}>
            <option value={ALL_DEPARTMENTS}>All Departments</option>
            {departments.data?.map((d) => (
              <option key={d.id} value={d.name}>
                {d.name}
              </option>
            ))}
          </Select>
          <Button size="sm">Filter</Button>
        </Controls>
      }
    >
      <TableCard $stackOnMobile>
        <Table $stackOnMobile aria-labelledby="team-progress-title" aria-busy={progress.isPending || undefined}>
          <THead>
            <tr role="row">
              <Th>Department</Th>
              <Th>Methods on Track</Th>
              <Th>Last Updated</Th>
              <Th $align="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Th>
            </tr>
          </THead>
          <TBody>{body}</TBody>
        </Table>
      </TableCard>
    </DashboardSection>
  );
}
