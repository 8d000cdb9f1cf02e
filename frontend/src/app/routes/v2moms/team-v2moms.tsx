import {
  TEAM_STATUS_FILTER_OPTIONS,
  V2MOM_STATUS_LABELS,
  pathTo,
  quarterLabel,
  teamTableStatusLabel,
  v2momStatusTone,
  type TV2mom,
} from '@v2mom/contracts';
import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, badgeToneOf } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressFigure } from '../../../components/ui/progress-figure';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { QueryTable } from '../../../components/ui/query-table';
import { CellMuted, CellSubtext, RowViewLink, Td, Tr } from '../../../components/ui/table';
import { changeKeys, useRecentChange } from '../../../lib/live/recent-changes';
import { media } from '../../../lib/theme/tokens';
import { useDepartments } from '../../../features/users/api/get-departments';
import { useV2moms } from '../../../features/v2moms/api/get-v2moms';
import { ChangedByNote } from '../../../components/live/changed-by-note';
import { filterTeamV2moms, NO_TEAM_FILTERS, type TeamV2momFilters } from '../../../features/v2moms/components/team-v2moms-filter';
import { personName } from '../../../lib/person-name';

const FiltersCard = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const FilterGrid = styled.form`
  display: grid;
  grid-template-columns: minmax(200px, 2fr) minmax(160px, 1fr) minmax(160px, 1fr) auto;
  align-items: end;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};

  ${media.mobile} {
    grid-template-columns: 1fr 1fr;
    > :first-child {
      grid-column: 1 / -1;
    }
    > :last-child {
      grid-column: 1 / -1;
    }
  }

  @media (max-width: 400px) {
    grid-template-columns: 1fr;
  }
`;

const TitleCell = styled.div`
  min-width: 180px;
`;

const V2momTitle = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  overflow-wrap: anywhere;
`;

const Owner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  text-align: left;
  min-width: 0;
`;

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface RowProps {
  v2mom: TV2mom;
  onOpen: (id: number) => void;
}

/** Memoised: typing in the search, or a live change to one V2MOM, re-renders only the rows concerned. */
const TeamV2momRow = memo(function TeamV2momRow({ v2mom, onOpen }: RowProps) {
  const ownerName = v2mom.owner.name ? personName(v2mom.owner) : 'Unknown';
  const change = useRecentChange(changeKeys.withinV2mom(v2mom.id));
  return (
    <Tr $clickable $flash={change?.serial} onClick={() => onOpen(v2mom.id)} data-testid="team-v2mom-row">
      <Td data-primary>
        <TitleCell>
          <V2momTitle>{v2mom.title}</V2momTitle>
          <CellSubtext>
            {quarterLabel(v2mom.quarter)} {v2mom.year}
            {v2mom.carriedInto ? ` · Closed, carried into ${v2mom.carriedInto.year}` : null}
          </CellSubtext>
          <ChangedByNote change={change} />
        </TitleCell>
      </Td>
      <Td data-label="Owner">
        <Owner>
          <Avatar name={ownerName} src={v2mom.owner.avatarUrl} size={32} />
          <div>
            <span>{ownerName}</span>
            <CellSubtext>{v2mom.owner.department}</CellSubtext>
          </div>
        </Owner>
      </Td>
      <Td data-label="Status">
        <Badge tone={badgeToneOf(v2momStatusTone(v2mom.status))}>{teamTableStatusLabel(v2mom.status)}</Badge>
      </Td>
      <Td data-label="Progress">
        <ProgressFigure percent={v2mom.overallProgress} label={`Progress of ${v2mom.title}`} figureWidth="3.2em">
          {v2mom.overallProgress}%
        </ProgressFigure>
      </Td>
      <Td data-label="Last Updated">
        <CellMuted>
          <RelativeTime value={v2mom.lastUpdated} />
        </CellMuted>
      </Td>
      <Td $align="right">
        <RowViewLink to={pathTo.v2mom(v2mom.id)} target={v2mom.title} />
      </Td>
    </Tr>
  );
});

const COLUMNS = ['V2MOM Title', 'Owner', 'Status', 'Progress', 'Last Updated'];
const SKELETON_CELLS = [
  <Skeleton $width="180px" />,
  <Skeleton $width="140px" />,
  <Skeleton $width="80px" $height="22px" $radius="full" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="80px" />,
  null,
];

/** Every V2MOM of the team, with live filters (docs/PRODUCT.md#screens). */
export default function TeamV2momsPage() {
  const v2moms = useV2moms();
  const departments = useDepartments();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<TeamV2momFilters>(NO_TEAM_FILTERS);
  // Typing stays responsive on big lists: the table catches up with the search a beat later.
  const deferredFilters = useDeferredValue(filters);
  const ids = { search: useId(), department: useId(), status: useId() };

  const open = useCallback((id: number) => void navigate(pathTo.v2mom(id)), [navigate]);
  const setFilter = (key: keyof TeamV2momFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const visible = useMemo(() => filterTeamV2moms(v2moms.data ?? [], deferredFilters), [v2moms.data, deferredFilters]);

  return (
    <>
      <PageHeader title="Team V2MOMs" subtitle="Browse and track every V2MOM across the team" />

      <FiltersCard aria-labelledby="team-filters-title">
        <CardTitle id="team-filters-title">Filters</CardTitle>
        {/* Filtering is live; 'Apply Filters' submits nothing new. */}
        <FilterGrid role="search" onSubmit={(event) => event.preventDefault()}>
          <Field htmlFor={ids.search} label="Search">
            <Input
              id={ids.search}
              type="search"
              placeholder="Search title or owner..."
              value={filters.search}
              onChange={(event) => setFilter('search')(event.target.value)}
            />
          </Field>
          <Field htmlFor={ids.department} label="Department">
            <Select id={ids.department} value={filters.department} onChange={(event) => setFilter('department')(event.target.value)}>
              <option value="">All Departments</option>
              {departments.data?.map((d) => (
                <option key={d.id} value={d.name}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field htmlFor={ids.status} label="Status">
            <Select id={ids.status} value={filters.status} onChange={(event) => setFilter('status')(event.target.value)}>
              <option value="">All Statuses</option>
              {TEAM_STATUS_FILTER_OPTIONS.map((status) => (
                <option key={status} value={status}>
                  {V2MOM_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="primary">
            Apply Filters
          </Button>
        </FilterGrid>
      </FiltersCard>

      {v2moms.data ? (
        <Count aria-live="polite">
          {visible.length === v2moms.data.length
            ? `${v2moms.data.length} V2MOMs`
            : `${visible.length} of ${v2moms.data.length} V2MOMs`}
        </Count>
      ) : null}

      <QueryTable
        name={{ label: 'Team V2MOMs' }}
        columns={COLUMNS}
        query={v2moms}
        skeletonCells={SKELETON_CELLS}
        errorTitle="We couldn't load the team's V2MOMs."
        emptyMessage="No V2MOMs found matching your criteria"
      >
        {visible.map((v2mom) => (
          <TeamV2momRow key={v2mom.id} v2mom={v2mom} onOpen={open} />
        ))}
      </QueryTable>
    </>
  );
}
