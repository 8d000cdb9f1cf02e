import type { TWorkStatus } from '@v2mom/contracts';
import { memo } from 'react';
import styled, { useTheme } from 'styled-components';
import { workStatusColor } from './status-color';

/** A trend line's size in px: small enough for a card's progress row at 390 px wide. */
const TREND_LINE_SIZE = { width: 72, height: 20 } as const;
/** Room for the last point's dot and the stroke inside the box. */
const INSET = 3;

export interface TrendPoint {
  progress: number;
  status: TWorkStatus;
}

/** '62 % → 70 % over 13 weeks': what the line shows, in words. */
function describeTrend(points: readonly TrendPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No trend';
  const weeks = points.length === 1 ? '1 week' : `${points.length} weeks`;
  return `${Math.round(first.progress)} % → ${Math.round(last.progress)} % over ${weeks}`;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Where each point sits in the box: weeks evenly spaced left to right, 0 % at the bottom, 100 % at the top. */
function trendCoordinates(points: readonly TrendPoint[]): Array<{ x: number; y: number }> {
  const { width, height } = TREND_LINE_SIZE;
  const step = points.length > 1 ? (width - 2 * INSET) / (points.length - 1) : 0;
  return points.map((point, index) => ({
    x: round(points.length > 1 ? INSET + index * step : width / 2),
    y: round(INSET + (1 - Math.min(100, Math.max(0, point.progress)) / 100) * (height - 2 * INSET)),
  }));
}

/** The line through the points as an SVG path ('M3 10L9 8…'). */
export function trendPath(points: readonly TrendPoint[]): string {
  return trendCoordinates(points)
    .map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`)
    .join('');
}

const Svg = styled.svg`
  display: block;
  flex: none;
  overflow: visible;
`;

/** Where a trend line will be, the same size, while it loads. */
export const TrendLinePlaceholder = styled.span.attrs({ 'aria-hidden': true })`
  display: block;
  flex: none;
  width: ${TREND_LINE_SIZE.width}px;
  height: ${TREND_LINE_SIZE.height}px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.skeleton};
`;

/**
 * Progress over the last weeks, one point a week, the last one coloured by its status; its
 * accessible name says the same in words. One path and one circle however many weeks, so a
 * screen of two hundred cards stays light.
 */
export const TrendLine = memo(function TrendLine({ points }: { points: readonly TrendPoint[] }) {
  const theme = useTheme();
  const coordinates = trendCoordinates(points);
  const last = coordinates.at(-1);
  const { width, height } = TREND_LINE_SIZE;
  return (
    <Svg role="img" aria-label={describeTrend(points)} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <path
        d={trendPath(points)}
        fill="none"
        stroke={theme.colors.textSubtle}
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
      {last ? (
        <circle cx={last.x} cy={last.y} r={2.5} fill={workStatusColor(theme, points.at(-1)?.status ?? null)} stroke={theme.colors.surface} strokeWidth={1} />
      ) : null}
    </Svg>
  );
});
