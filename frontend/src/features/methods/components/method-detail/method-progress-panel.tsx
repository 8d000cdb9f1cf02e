import { quarterLabel, fiscalQuarterOf, workStatusLabel, type TCheckInPage, type TMethodDetail } from '@v2mom/contracts';
import { useMemo } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../../components/ui/badge';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { EmptyText, TextOr } from '../../../../components/ui/text-or';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { formatDate } from '../../../../lib/dates';
import { useCheckInsSince } from '../../api/get-check-ins';
import { useObstacleHistory } from '../../api/get-obstacle-history';
import { DetailPanel } from '../../../../components/ui/detail-panel';
import { fiscalYearOf, type FiscalYear } from './fiscal-year';
import { ObstacleTimeline, obstaclesIn } from './obstacle-timeline';
import { ProgressChart, confidenceText, type ChartPoint } from './progress-chart';
import { clock } from '../../../../lib/clock';

const Span = styled.p`
  margin-top: -${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Goals = styled.ol`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (max-width: 720px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Goal = styled.li<{ $current: boolean }>`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-top: 3px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const GoalHead = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Months = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ChartSkeleton = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const monthName = (date: Date) => date.toLocaleString('en-US', { month: 'short' });
const yearSpan = (year: FiscalYear) => `${monthName(year.start)} ${year.start.getFullYear()} – ${monthName(new Date(year.end.getTime() - 1))} ${year.end.getFullYear()}`;

/** The year's dated check-ins with a progress, oldest first: the chart's points. */
function pointsOf(history: { pages: readonly TCheckInPage[] } | undefined, year: FiscalYear): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const checkIn of history?.pages.flatMap((page) => page.checkIns) ?? []) {
    if (checkIn.at === null || checkIn.progress === null) continue;
    const time = Date.parse(checkIn.at);
    if (time < year.start.getTime() || time >= year.end.getTime()) continue;
    points.push({ id: checkIn.id, at: checkIn.at, author: checkIn.author?.name ?? null, progress: checkIn.progress, status: checkIn.status, confidence: checkIn.confidence });
  }
  return points.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
}

/**
 * Last year's line (docs/PRODUCT.md#next-year): the check-ins of the method this one was carried
 * from, in the fiscal year before `year`, each moved a year on so the two lines meet month by month.
 */
function useLastYearPoints(method: TMethodDetail, year: FiscalYear): ChartPoint[] {
  const lastYear = useMemo(() => fiscalYearOf(new Date(year.start.getTime() - 1)), [year]);
  const carriedFrom = method.carriedFrom?.id;
  const history = useCheckInsSince(carriedFrom ?? method.id, lastYear.start, carriedFrom !== undefined);
  return useMemo(() => {
    if (carriedFrom === undefined) return [];
    return pointsOf(history.data, lastYear).map((point) => {
      const at = new Date(point.at);
      at.setFullYear(at.getFullYear() + 1);
      return { ...point, at: at.toISOString() };
    });
  }, [carriedFrom, history.data, lastYear]);
}

/** The chart's text equivalent: each check-in as a row. */
function PointsTable({ points }: { points: readonly ChartPoint[] }) {
  return (
    // Hidden from a wrapper: a table's own box ignores the clip, and its rows would widen a phone's page.
    <VisuallyHidden as="div">
      <table>
        <caption>Check-ins this fiscal year, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">By</th>
            <th scope="col">Progress</th>
            <th scope="col">Status</th>
            <th scope="col">Confidence</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.id}>
              <td>{formatDate(point.at)}</td>
              <td>{point.author ?? 'Author not recorded'}</td>
              <td>{Math.round(point.progress)}%</td>
              <td>{point.status === null ? 'Status not recorded' : workStatusLabel(point.status)}</td>
              <td>{point.confidence === null ? 'Not given' : confidenceText(point.confidence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** Each quarter of the year with the method's goal for it, today's marked. */
function QuarterGoals({ method, year, now }: { method: TMethodDetail; year: FiscalYear; now: Date }) {
  const current = fiscalQuarterOf(now);
  return (
    <Goals aria-label="Quarter goals">
      {year.quarters.map((span) => (
        <Goal key={span.quarter} $current={span.quarter === current}>
          <GoalHead>
            {quarterLabel(span.quarter)} goal
            <Months>
              {monthName(span.start)}–{monthName(new Date(span.end.getTime() - 1))}
            </Months>
            {span.quarter === current ? <Badge tone="primary">Current quarter</Badge> : null}
          </GoalHead>
          <TextOr value={method[`${span.quarter}Goal`]} empty="No goal set" />
        </Goal>
      ))}
    </Goals>
  );
}

/**
 * The method's progress over the fiscal year (docs/PRODUCT.md#method-detail): a chart of its
 * check-ins and, on the same time line, its obstacles from added to resolved (docs/PRODUCT.md#check-ins),
 * their text equivalents, and the quarter goals under it. Live: a check-in that arrives with the
 * method's event is a new point; an obstacle's event refetches the obstacles.
 */
export function MethodProgressPanel({ method }: { method: TMethodDetail }) {
  const now = useMemo(() => clock.now(), []);
  const year = useMemo(() => fiscalYearOf(now), [now]);
  const history = useCheckInsSince(method.id, year.start);
  const points = useMemo(() => pointsOf(history.data, year), [history.data, year]);
  const obstacleHistory = useObstacleHistory(method.id);
  const obstacles = useMemo(() => obstaclesIn(obstacleHistory.data?.obstacles ?? [], year), [obstacleHistory.data, year]);
  const lastYear = useLastYearPoints(method, year);

  let chart;
  if (history.error) {
    chart = <LoadError compact title="We couldn't load the check-ins." error={history.error} onRetry={() => void history.refetch()} />;
  } else if (history.isPending || !history.isComplete) {
    chart = (
      <ChartSkeleton role="status" aria-label="Loading the progress chart" data-testid="progress-chart-skeleton">
        <Skeleton $height="220px" />
        <Skeleton $width="50%" $height="14px" />
      </ChartSkeleton>
    );
  } else if (points.length === 0 && lastYear.length === 0) {
    const none = (history.data?.pages ?? []).every((page) => page.checkIns.length === 0);
    chart = <EmptyText>{none ? 'No check-ins yet' : 'No check-ins this fiscal year'}</EmptyText>;
  } else {
    chart = (
      <>
        <ProgressChart
          points={points}
          lastYear={lastYear}
          obstacles={obstacles}
          year={year}
          now={now}
          label={`Progress this fiscal year, ${points.length === 1 ? '1 check-in' : `${points.length} check-ins`}${lastYear.length === 0 ? '' : `, beside last year's line (${lastYear.length === 1 ? '1 check-in' : `${lastYear.length} check-ins`})`}${obstacles.length === 0 ? '' : `, ${obstacles.length === 1 ? '1 obstacle' : `${obstacles.length} obstacles`} (listed below)`}: arrow keys move between the check-ins${points.some((point) => point.confidence !== null) ? '; confidence, 1 to 10, beside progress' : ''}`}
        />
        <PointsTable points={points} />
      </>
    );
  }

  return (
    <DetailPanel titleId={`method-${method.id}-progress`} title="Progress this fiscal year">
      <Span>{yearSpan(year)}</Span>
      {chart}
      {obstacleHistory.error ? (
        <LoadError compact title="We couldn't load the obstacles." error={obstacleHistory.error} onRetry={() => void obstacleHistory.refetch()} />
      ) : obstacles.length > 0 ? (
        <ObstacleTimeline obstacles={obstacles} />
      ) : null}
      <QuarterGoals method={method} year={year} now={now} />
    </DetailPanel>
  );
}
