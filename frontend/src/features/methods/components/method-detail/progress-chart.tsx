import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { CONFIDENCE_RANGE, quarterLabel, workStatusLabel, type TObstacleEvent, type TWorkStatus } from '@v2mom/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import { workStatusColor } from '../../../../components/ui/status-color';
import { formatDate } from '../../../../lib/dates';
import type { FiscalYear } from './fiscal-year';
import { obstacleMarkColor } from './obstacle-timeline';
import { useElementWidth } from './use-element-width';

/** One check-in on the chart. */
export interface ChartPoint {
  id: number;
  /** ISO date-time. */
  at: string;
  author: string | null;
  progress: number;
  status: TWorkStatus | null;
  /** The owner's confidence, 1 to 10, after the check-in; null when none was given yet. */
  confidence: number | null;
}

/** '7/10': a confidence in words. */
export const confidenceText = (confidence: number) => `${confidence}/${CONFIDENCE_RANGE.max}`;

/** '5 Jan 2026 · Morgan Diaz · 40% · In Progress · Confidence 7/10': a point in words. */
function describePoint(point: ChartPoint): string {
  const status = point.status === null ? 'Status not recorded' : workStatusLabel(point.status);
  const confidence = point.confidence === null ? [] : [`Confidence ${confidenceText(point.confidence)}`];
  return [formatDate(point.at), point.author ?? 'Author not recorded', `${Math.round(point.progress)}%`, status, ...confidence].join(' · ');
}

const HEIGHT = 220;
const MARGIN = { top: 22, right: 32, bottom: 26, left: 44 };
/** Before the first measure, and in a test's page that lays nothing out. */
const FALLBACK_WIDTH = 640;
const FONT_SIZE = 11;
/** Under the axis, one lane per obstacle, at most `OBSTACLE_LANES` (then they share them in turn). */
const OBSTACLE_LANE = 12;
const OBSTACLE_LANES = 4;

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Plot = styled.div`
  min-width: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: default;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  svg {
    display: block;
  }
`;

/** The chosen point in words; its line is always reserved so choosing one moves nothing. */
const PointLabel = styled.p`
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ProgressChartProps {
  /** Oldest first, each within the year. */
  points: readonly ChartPoint[];
  /** Last year's method's check-ins, moved a year on: a dashed line beside this year's (docs/PRODUCT.md#next-year). */
  lastYear?: readonly ChartPoint[];
  /** The obstacles that stood in the year: a span from added to resolved (or now) under the axis. */
  obstacles: readonly TObstacleEvent[];
  year: FiscalYear;
  now: Date;
  /** The chart's accessible name. */
  label: string;
}

const monthOf = (date: Date) => date.toLocaleString('en-US', { month: 'short' });

/**
 * A method's progress over its fiscal year (docs/PRODUCT.md#method-detail): the four quarters as
 * bands, a line through the check-ins and each check-in a point in its status's colour, its
 * confidence beside it as squares on a scale of its own (docs/PRODUCT.md#confidence), last
 * year's line dashed beside it for a method carried from last year. One tab
 * stop: the arrow keys move between the points (Home and End to the first and the last), the
 * chosen one is said in words under the chart, Esc lets it go.
 */
export function ProgressChart({ points, lastYear = [], obstacles, year, now, label }: ProgressChartProps) {
  const theme = useTheme();
  const labelId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleTime<number>({ domain: [year.start, year.end], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  const xOf = (point: ChartPoint) => x(new Date(point.at));
  const yOf = (point: ChartPoint) => y(Math.min(100, Math.max(0, point.progress)));
  // Confidence on its own scale, against the right-hand axis: 0 at the foot, so 1 stands off it.
  const yConfidence = scaleLinear<number>({ domain: [0, CONFIDENCE_RANGE.max], range: [innerHeight, 0] });
  const confident = points.filter((point): point is ChartPoint & { confidence: number } => point.confidence !== null);
  const confidenceColor = theme.colors.info;
  const chosen = active === null ? undefined : points[active];
  const last = points.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Partial<Record<string, number>> = {
      ArrowLeft: Math.max(0, (active ?? last + 1) - 1),
      ArrowDown: Math.max(0, (active ?? last + 1) - 1),
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowUp: Math.min(last, (active ?? -1) + 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined && last >= 0) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape' && active !== null) {
      event.preventDefault();
      setActive(null);
    }
  };

  const muted = theme.colors.textMuted;
  const tickLabel = { fill: muted, fontSize: FONT_SIZE, fontFamily: theme.font.sans };
  const nowX = x(now);
  const clampX = (date: Date) => Math.min(innerWidth, Math.max(0, x(date)));
  const lanes = Math.min(obstacles.length, OBSTACLE_LANES);
  const height = HEIGHT + (lanes > 0 ? lanes * OBSTACLE_LANE + 4 : 0);

  return (
    <Frame>
      <Plot
        ref={ref}
        tabIndex={0}
        role="group"
        aria-label={label}
        aria-describedby={labelId}
        aria-keyshortcuts="ArrowLeft ArrowRight Home End Escape"
        data-testid="progress-chart"
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          setActive((current) => current ?? (last >= 0 ? last : null));
        }}
        onBlur={() => {
          setFocused(false);
          setActive(null);
        }}
        onMouseLeave={() => {
          if (!focused) setActive(null);
        }}
      >
        <svg width={width} height={height} aria-hidden="true">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {year.quarters.map((span, index) => {
              const left = x(span.start);
              const bandWidth = x(span.end) - left;
              return (
                <Group key={span.quarter}>
                  {index % 2 === 0 ? <Bar x={left} y={0} width={bandWidth} height={innerHeight} fill={theme.colors.neutralSoft} /> : null}
                  <text x={left + bandWidth / 2} y={-8} textAnchor="middle" fill={muted} fontSize={FONT_SIZE} fontWeight={600}>
                    {quarterLabel(span.quarter)}
                  </text>
                </Group>
              );
            })}
            {[50, 100].map((value) => (
              <line key={value} x1={0} x2={innerWidth} y1={y(value)} y2={y(value)} stroke={theme.colors.border} strokeDasharray="2 3" />
            ))}
            {nowX > 0 && nowX < innerWidth ? (
              <line x1={nowX} x2={nowX} y1={0} y2={innerHeight} stroke={theme.colors.borderStrong} strokeDasharray="4 3" />
            ) : null}
            <AxisLeft
              scale={y}
              tickValues={[0, 50, 100]}
              tickFormat={(value) => `${String(value)}%`}
              stroke={theme.colors.borderStrong}
              tickStroke={theme.colors.borderStrong}
              tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.33em' }}
            />
            {confident.length > 0 ? (
              <AxisRight
                left={innerWidth}
                scale={yConfidence}
                tickValues={[CONFIDENCE_RANGE.min, 5, CONFIDENCE_RANGE.max]}
                stroke={theme.colors.borderStrong}
                tickStroke={theme.colors.borderStrong}
                tickLabelProps={{ ...tickLabel, fill: confidenceColor, textAnchor: 'start', dx: 4, dy: '0.33em' }}
              />
            ) : null}
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={year.quarters.map((span) => span.start)}
              tickFormat={(value) => (value instanceof Date ? monthOf(value) : '')}
              stroke={theme.colors.borderStrong}
              tickStroke={theme.colors.borderStrong}
              tickLabelProps={{ ...tickLabel, textAnchor: 'start', dx: 2 }}
            />
            {obstacles.map((obstacle, index) => {
              const laneY = innerHeight + MARGIN.bottom + (index % OBSTACLE_LANES) * OBSTACLE_LANE + OBSTACLE_LANE / 2;
              const added = new Date(obstacle.addedAt);
              const start = clampX(added);
              const end = clampX(obstacle.resolvedAt === null ? now : new Date(obstacle.resolvedAt));
              const addedColor = obstacleMarkColor(theme, 'added');
              return (
                <Group key={obstacle.id} data-testid="obstacle-mark">
                  <line x1={start} x2={end} y1={laneY} y2={laneY} stroke={addedColor} strokeOpacity={0.45} strokeWidth={3} strokeLinecap="round" />
                  {added >= year.start ? (
                    <rect x={start - 4} y={laneY - 4} width={8} height={8} transform={`rotate(45 ${start} ${laneY})`} fill={addedColor} stroke={theme.colors.surface} />
                  ) : null}
                  {obstacle.resolvedAt === null ? null : (
                    <circle cx={end} cy={laneY} r={4} fill={obstacleMarkColor(theme, 'resolved')} stroke={theme.colors.surface} strokeWidth={1.5} />
                  )}
                </Group>
              );
            })}
            {lastYear.length > 0 ? (
              <Group data-testid="last-year-line">
                <LinePath data={[...lastYear]} x={xOf} y={yOf} stroke={muted} strokeWidth={2} strokeDasharray="5 4" strokeLinejoin="round" />
                {lastYear.map((point) => (
                  <circle key={point.id} cx={xOf(point)} cy={yOf(point)} r={3} fill={muted} />
                ))}
              </Group>
            ) : null}
            {confident.length > 0 ? (
              <Group data-testid="confidence-line">
                {confident.length > 1 ? (
                  <LinePath data={confident} x={xOf} y={(point) => yConfidence(point.confidence)} stroke={confidenceColor} strokeWidth={1.5} strokeDasharray="1 3" strokeLinecap="round" />
                ) : null}
                {confident.map((point) => (
                  <rect key={point.id} x={xOf(point) - 3} y={yConfidence(point.confidence) - 3} width={6} height={6} fill={confidenceColor} />
                ))}
              </Group>
            ) : null}
            {points.length > 1 ? (
              <LinePath data={[...points]} x={xOf} y={yOf} stroke={theme.colors.primaryText} strokeWidth={2} strokeLinejoin="round" />
            ) : null}
            {points.map((point, index) => (
              <circle
                key={point.id}
                cx={xOf(point)}
                cy={yOf(point)}
                r={index === active ? 6 : 4}
                fill={workStatusColor(theme, point.status)}
                stroke={index === active ? theme.colors.focusRing : theme.colors.surface}
                strokeWidth={index === active ? 2.5 : 1.5}
                data-active={index === active ? '' : undefined}
                onMouseEnter={() => setActive(index)}
              />
            ))}
          </Group>
        </svg>
      </Plot>
      {lastYear.length > 0 ? <Hint>Dashed: last year, a year on</Hint> : null}
      {confident.length > 0 ? <Hint>Squares, dotted: confidence, 1 to 10 on the right</Hint> : null}
      <PointLabel id={labelId} aria-live="polite">
        {chosen ? describePoint(chosen) : focused ? <Hint>Arrow keys move between the check-ins; Esc lets go.</Hint> : null}
      </PointLabel>
    </Frame>
  );
}
