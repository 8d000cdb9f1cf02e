import type { TWorkStatus } from '@v2mom/contracts';
import { memo, useMemo } from 'react';
import { TrendLine, TrendLinePlaceholder } from '../../../components/ui/trend-line';
import type { TMethodTrend } from '../api/get-method-trends';

export interface MethodTrendProps {
  trend: TMethodTrend;
  /** The method's values now: the last point is now, so a live change moves it without asking again. */
  progress: number;
  status: TWorkStatus;
}

/** A method card's trend line: a quiet placeholder while it loads, nothing when it cannot be had. */
export const MethodTrend = memo(function MethodTrend({ trend, progress, status }: MethodTrendProps) {
  const points = useMemo(
    () => (trend !== 'loading' && trend !== null && trend.length > 0 ? [...trend.slice(0, -1), { progress, status }] : null),
    [trend, progress, status],
  );
  if (trend === 'loading') return <TrendLinePlaceholder data-testid="trend-placeholder" />;
  return points ? <TrendLine points={points} /> : null;
});
