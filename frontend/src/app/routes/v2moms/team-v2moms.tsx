import {
  TEAM_STATUS_FILTER_OPTIONS,
  V2MOM_STATUS_LABELS,
  pathTo,
  quarterLabel,
  teamTableStatusLabel,
  v2momStatusTone,
  type TV2mom,
  type TV2momListView,
  type TV2momStatus,
} from '@v2mom/contracts';
import { memo, useCallback, useId } from 'react';
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
import { MoreRows } from '../../../components/ui/more-rows';
import { QueryTable } from '../../../components/ui/query-table';
import { ActionsTd, CellMuted, CellSubtext, RowViewLink, Td, Tr } from '../../../components/ui/table';
import { changeKeys, useRecentChange } from '../../../lib/live/recent-changes';
import { media } from '../../../lib/theme/tokens';
import { useDepartments } from '../../../features/users/api/get-departments';
import { useV2momPages } from '../../../features/v2moms/api/get-v2mom-page';
import { ApprovalBadges } from '../../../features/v2moms/components/approval-bar';
import { ChangedByNote } from '../../../components/live/changed-by-note';
import { personName } from '../../../lib/person-name';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../../features/sheets/components/export-menu';

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

/** The status, then where a person's V2MOM stands on its way to approval (docs/PRODUCT.md#approval). */
const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

const Owner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  text-align: left;
  min-width: 0;
`;

interface RowProps {
  v2mom: TV2mom;
  onOpen: (id: number) => void;
}

/** Memoised: another page, or a live change to one V2MOM, re-renders only the rows concerned. */
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
        <Badges>
          <Badge tone={badgeToneOf(v2momStatusTone(v2mom.status))}>{teamTableStatusLabel(v2mom.status)}</Badge>
          {v2mom.approval ? <ApprovalBadges approval={v2mom.approval} /> : null}
        </Badges>
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
      <ActionsTd>
        <RowViewLink to={pathTo.v2mom(v2mom.id)} target={v2mom.title} />
      </ActionsTd>
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

/** The status filter's value from the URL: one the filter offers, else any. */
function statusOf(value: string | null): TV2momStatus | undefined {
  return TEAM_STATUS_FILTER_OPTIONS.find((status) => status === value);
}

/**
 * Every V2MOM of the team, with live filters kept in the URL (`?q=`, `?department=`, `?status=`):
 * a paged list the server searches, filters and sorts by title, the next page asked for as the
 * table's end nears (docs/PRODUCT.md#screens, docs/PRODUCT.md#paged-lists).
 */
export default function TeamV2momsPage() {
  const departments = useDepartments();
  const navigate = useNavigate();
  const { searchParams, q, text, setText, setParam } = useUrlFilters<'department' | 'status'>();
  const department = searchParams.get('department') || undefined;
  const status = statusOf(searchParams.get('status'));
  const ids = { search: useId(), department: useId(), status: useId() };

  const view: TV2momListView = { q: q.trim() || undefined, department, status, sort: 'title', dir: 'asc' };
  const v2moms = useV2momPages(view);
  const open = useCallback((id: number) => void navigate(pathTo.v2mom(id)), [navigate]);
  const rows = v2moms.rows ?? [];

  return (
    <>
      <PageHeader
        title="Team V2MOMs"
        subtitle="Browse and track every V2MOM across the team"
        actions={<ExportMenu download={{ route: SHEET_PATHS.exportV2moms, query: view }} />}
      />

      <FiltersCard aria-labelledby="team-filters-title">
        <CardTitle id="team-filters-title">Filters</CardTitle>
        {/* Filtering is live; 'Apply Filters' submits nothing new. */}
        <FilterGrid role="search" onSubmit={(event) => event.preventDefault()}>
          <Field htmlFor={ids.search} label="Search">
            <Input
              id={ids.search}
              type="search"
              placeholder="Search title or owner..."
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Field>
          <Field htmlFor={ids.department} label="Department">
            <Select id={ids.department} value={department ?? ''} onChange={(event) => setParam('department', event.target.value)}>
              <option value="">All Departments</option>
              {departments.data?.map((d) => (
                <option key={d.id} value={d.name}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field htmlFor={ids.status} label="Status">
            <Select id={ids.status} value={status ?? ''} onChange={(event) => setParam('status', event.target.value)}>
              <option value="">All Statuses</option>
              {TEAM_STATUS_FILTER_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {V2MOM_STATUS_LABELS[option]}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="primary">
            Apply Filters
          </Button>
        </FilterGrid>
      </FiltersCard>

      <QueryTable
        name={{ label: 'Team V2MOMs' }}
        columns={COLUMNS}
        query={v2moms.query}
        skeletonCells={SKELETON_CELLS}
        errorTitle="We couldn't load the team's V2MOMs."
        emptyMessage="No V2MOMs found matching your criteria"
      >
        {rows.map((v2mom) => (
          <TeamV2momRow key={v2mom.id} v2mom={v2mom} onOpen={open} />
        ))}
      </QueryTable>
      {rows.length > 0 ? <MoreRows more={v2moms.more} label="V2MOMs" /> : null}
    </>
  );
}
