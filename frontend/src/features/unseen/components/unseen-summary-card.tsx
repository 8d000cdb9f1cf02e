import { pathTo, type TUnseenSummary } from '@v2mom/contracts';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { WorkStatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardQuietLine, CardRowLink, CardRows, DashboardCard, DashboardCardTitle } from '../../../components/ui/dashboard-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useUnseenSummary } from '../api/get-unseen-summary';

/** Rows a group shows before `Show n more`. */
const ROWS_SHOWN = 3;

/** Where a row leads: its V2MOM, focused on the change that put the row there. */
function changeLink(row: { v2momId: number; changeId: number }): string {
  return `${pathTo.v2mom(row.v2momId)}?${new URLSearchParams({ change: String(row.changeId) })}`;
}

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[6]};
`;

const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const GroupTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Line = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Description = styled.span`
  min-width: 0;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  overflow-wrap: anywhere;
`;

const Change = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

/** An arrow to the eye, `to` to a screen reader: the link's name is its visible text in words. */
const Arrow = () => (
  <>
    <span aria-hidden="true">→</span>
    <VisuallyHidden> to </VisuallyHidden>
  </>
);

/** What every row of the summary has: where it is, what it is, and the change that put it there. */
interface SummaryRowData {
  v2momId: number;
  v2momTitle: string;
  changeId: number;
  description: string;
}

/** One item, leading to its change; `change` says how it changed, when the group shows that. */
function SummaryRow({ row, change }: { row: SummaryRowData; change?: ReactNode }) {
  return (
    <li>
      <CardRowLink to={changeLink(row)}>
        <Line>
          <Description>{row.description}</Description>
          {change ? <Change>{change}</Change> : null}
        </Line>
        <Muted>
          <VisuallyHidden>in </VisuallyHidden>
          {row.v2momTitle}
        </Muted>
      </CardRowLink>
    </li>
  );
}

/** One titled group; the first rows show, the rest on request. */
function SummaryGroup({ title, rows }: { title: string; rows: ReactNode[] }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  if (rows.length === 0) return null;
  const hidden = rows.length - ROWS_SHOWN;
  return (
    <Group aria-labelledby={id}>
      <GroupTitle id={id}>
        {title} <VisuallyHidden>({rows.length})</VisuallyHidden>
      </GroupTitle>
      <CardRows>{expanded ? rows : rows.slice(0, ROWS_SHOWN)}</CardRows>
      {hidden > 0 && !expanded ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setExpanded(true)}>
            Show {hidden} more
          </Button>
        </div>
      ) : null}
    </Group>
  );
}

function SummaryGroups({ summary }: { summary: TUnseenSummary }) {
  const statusRows = summary.statusChanges.map((row) => (
    <SummaryRow
      key={row.methodId}
      row={row}
      change={
        <>
          <WorkStatusBadge status={row.from} dot={false} />
          <Arrow />
          <WorkStatusBadge status={row.to} />
        </>
      }
    />
  ));
  const progressRows = summary.progressMoves.map((row) => (
    <SummaryRow
      key={row.methodId}
      row={row}
      change={
        <Muted>
          {row.from}% <Arrow /> {row.to}%
        </Muted>
      }
    />
  ));
  const obstacleRows = summary.newObstacles.map((row) => <SummaryRow key={row.obstacleId} row={row} />);
  return (
    <Groups>
      <SummaryGroup title="Status changed" rows={statusRows} />
      <SummaryGroup title="Moved most" rows={progressRows} />
      <SummaryGroup title="New obstacles" rows={obstacleRows} />
    </Groups>
  );
}

const isEmpty = (summary: TUnseenSummary) =>
  summary.statusChanges.length === 0 && summary.progressMoves.length === 0 && summary.newObstacles.length === 0;

function SummarySkeleton() {
  return (
    <Groups>
      {[0, 1, 2].map((index) => (
        <Group key={index}>
          <Skeleton $width="40%" $height="14px" />
          <Skeleton $width="85%" $height="18px" />
          <Skeleton $width="55%" $height="14px" />
        </Group>
      ))}
    </Groups>
  );
}

/**
 * What others changed in the V2MOMs the person has visited, since they last looked
 * (docs/PRODUCT.md#since-you-last-looked): status changes, the largest progress moves and new
 * obstacles, each leading to the change. It never holds up the page: while it loads it keeps its
 * place with a skeleton, and a failure is a quiet line with a retry.
 */
export function UnseenSummaryCard() {
  const id = useId();
  const query = useUnseenSummary();

  let body: ReactNode;
  if (query.isPending) {
    body = <SummarySkeleton />;
  } else if (query.isError) {
    body = (
      <CardQuietLine role="status">
        We couldn't load what changed since you last looked.
        <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </CardQuietLine>
    );
  } else if (isEmpty(query.data)) {
    body = <CardQuietLine>Nothing new since you last looked.</CardQuietLine>;
  } else {
    body = <SummaryGroups summary={query.data} />;
  }

  return (
    <DashboardCard aria-labelledby={id} aria-busy={query.isPending}>
      <DashboardCardTitle id={id}>Since you last looked</DashboardCardTitle>
      {body}
    </DashboardCard>
  );
}
