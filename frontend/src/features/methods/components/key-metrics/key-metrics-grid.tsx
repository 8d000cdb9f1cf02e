import { PATHS, type TMethodListItem } from '@v2mom/contracts';
import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { LinkButton } from '../../../../components/ui/button';
import { CardGrid, stackedCard } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ChartIcon } from '../../../../components/ui/icons';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ProgressiveCardGrid } from '../../../../components/ui/progressive-card-grid';
import { useCooTrackedMethods } from '../../api/get-coo-tracked-methods';
import { useMethodTrends } from '../../api/get-method-trends';
import { hasKeyMetric } from './has-key-metric';
import { KeyMetricCard } from './key-metric-card';

const SkeletonCard = styled.li`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[4]};
`;

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;


const CARD_MIN = '280px';
/** A card with both measures and a one-line description, in px. */
const CARD_HEIGHT_ESTIMATE = 250;

const methodId = (method: TMethodListItem) => method.id;

/** The Key Metrics screen's cards in each state of the COO-tracking list (docs/PRODUCT.md#key-metrics). */
export function KeyMetricsGrid() {
  const query = useCooTrackedMethods();
  const shown = useMemo(() => (query.data ?? []).filter(hasKeyMetric), [query.data]);
  const trendOf = useMethodTrends(shown);
  const renderCard = useCallback((method: TMethodListItem) => <KeyMetricCard method={method} trend={trendOf(method.id)} />, [trendOf]);

  if (query.isPending) {
    return (
      <CardGrid $min={CARD_MIN} aria-busy="true" aria-label="Loading key metrics">
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonCard key={i}>
            <Skeleton $width="30%" $height="20px" $radius="full" />
            <Skeleton $height="36px" />
            <Skeleton $height="60px" />
            <Skeleton $height="8px" $radius="full" />
          </SkeletonCard>
        ))}
      </CardGrid>
    );
  }
  if (query.isError) {
    return <LoadError title="We couldn't load the key metrics." error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<ChartIcon />}
        title="No COO Tracking Methods"
        description="No method is marked for COO tracking yet. Owners mark them in their V2MOMs."
        action={
          <LinkButton to={PATHS.dashboard} variant="primary">
            Go to Dashboard
          </LinkButton>
        }
      />
    );
  }
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={<ChartIcon />}
        title="No Methods Found"
        description="None of the methods marked for COO tracking has a measure or a current measure yet."
      />
    );
  }
  return (
    <>
      <Count>{shown.length === 1 ? '1 method' : `${shown.length} methods`}</Count>
      <ProgressiveCardGrid
        items={shown}
        itemKey={methodId}
        renderItem={renderCard}
        min={CARD_MIN}
        estimateHeight={CARD_HEIGHT_ESTIMATE}
        aria-label="Key metrics"
      />
    </>
  );
}
