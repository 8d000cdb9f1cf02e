import { hasKeyMetric, PATHS, pathTo, type TCooTrackingCounts, type TMethodListItem } from '@v2mom/contracts';
import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useQuarterOutcomesHook } from '../../../../components/quarter-outcomes';
import { StaleOnlySwitch } from '../../../../components/stale-marks';
import { LinkButton } from '../../../../components/ui/button';
import { CardGrid, stackedCard } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ChartIcon } from '../../../../components/ui/icons';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { MoreRows } from '../../../../components/ui/more-rows';
import { ProgressiveCardGrid } from '../../../../components/ui/progressive-card-grid';
import { useCooTrackingCounts } from '../../api/get-coo-tracking-counts';
import { cooTrackedView, useMethodPages } from '../../api/get-method-page';
import { useMethodTrends } from '../../api/get-method-trends';
import { PastQuarterCard } from '../past-quarter-card';
import { QuarterPicker, useQuarterKeys, useSelectedQuarter } from '../quarter-picker';
import { KeyMetricCard } from './key-metric-card';
import { AsOfBar } from '../../../../components/as-of/as-of-bar';
import { AsOfMoves } from '../../../../components/as-of/as-of-moves';
import { isPast, methodsAsOf, useAsOfContext, usePagesOfDayShown } from '../../../../components/as-of/as-of-view';

const SkeletonCard = styled.li`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[4]};
`;

const CountRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const DayBar = styled(AsOfBar)`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Count = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;


const CARD_MIN = '280px';
/** A card with both measures and a one-line description, in px. */
const CARD_HEIGHT_ESTIMATE = 250;

const methodId = (method: TMethodListItem) => method.id;

const DetailsFooter = styled.div`
  margin-top: auto;
`;

/** `View Details`, as on the card of the current quarter. */
function DetailsLink({ method }: { method: TMethodListItem }) {
  return (
    <DetailsFooter>
      <LinkButton to={pathTo.method(method.id)} variant="secondary" size="sm">
        View Details<VisuallyHidden> of {method.description}</VisuallyHidden>
      </LinkButton>
    </DetailsFooter>
  );
}
const methodsCount = (count: number) => (count === 1 ? '1 method' : `${count} methods`);

/** The count line: every key metric, or how many of them are stale while only those show. */
function countText(counts: TCooTrackingCounts | undefined, staleOnly: boolean): string {
  if (!counts) return '';
  return staleOnly ? `${counts.staleKeyMetrics} of ${methodsCount(counts.keyMetrics)}, stale` : methodsCount(counts.keyMetrics);
}

/** Skeleton cards while the cards are on their way. */
function LoadingCards() {
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

/**
 * The Key Metrics screen's cards in each state of the COO-tracking list (docs/PRODUCT.md#key-metrics),
 * for the quarter chosen: one that has ended shows what was true at its end, as the COO View does.
 * The server pages the cards and counts them; `Stale only` asks it for the stale ones.
 */
export function KeyMetricsGrid() {
  const [staleOnly, setStaleOnly] = useState(false);
  // A past day shows the methods as they were then; today's view stays live (docs/PRODUCT.md#as-of).
  const asOf = useAsOfContext();
  const past = isPast(asOf);
  // A past day's key metrics are the tracked methods that had one then, whatever they hold now.
  const stale = staleOnly || undefined;
  const list = useMethodPages(past ? cooTrackedView({ stale }) : cooTrackedView({ withKeyMetric: true, stale }));
  const { query } = list;
  const countsQuery = useCooTrackingCounts();
  const counts = countsQuery.data;
  // One list per answer and day, so the cards (memoised on their method) re-render only when it changes.
  const shown = useMemo(() => (methodsAsOf(list.rows, asOf) ?? []).filter(hasKeyMetric), [list.rows, asOf]);
  // Those of a past day may be on pages not held yet: they are asked for until the cards fill a page or they run out.
  const fillingDay = usePagesOfDayShown(list, asOf, shown.length);
  const [quarter, setQuarter] = useSelectedQuarter();
  useQuarterKeys(setQuarter);
  // Asked for the cards held, each page once as it comes, as the COO View asks.
  const outcomes = useQuarterOutcomesHook()(quarter, past ? undefined : list.pages);
  // The trend lines of the cards held, page by page; no trend lines on a past day: nothing is asked for them.
  const trendOf = useMethodTrends(past ? undefined : list.pages);
  const then = asOf?.methods;
  const compare = asOf?.compare ?? null;
  const renderCard = useCallback(
    (method: TMethodListItem) => {
      const outcome = outcomes?.get(method.id);
      if (outcome) return <PastQuarterCard method={method} quarter={quarter} outcome={outcome} footer={<DetailsLink method={method} />} />;
      const moved = compare === null ? undefined : then?.get(method.id);
      return (
        <KeyMetricCard
          method={method}
          trend={past ? null : trendOf(method.id)}
          quarter={quarter}
          moves={moved && compare !== null ? <AsOfMoves method={moved} since={compare} /> : undefined}
        />
      );
    },
    [trendOf, outcomes, quarter, past, then, compare],
  );

  if (query.isPending || asOf?.pending || countsQuery.isPending) return <LoadingCards />;
  if (query.isError) {
    return <LoadError title="We couldn't load the key metrics." error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (asOf?.error) {
    return <LoadError title="We couldn't load the key metrics as of that day." error={asOf.error} onRetry={asOf.refetch} />;
  }
  if (counts?.tracked === 0) {
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
  if (shown.length === 0 && past) {
    return (
      <>
        {asOf ? <DayBar view={asOf} label="Key Metrics" /> : null}
        {fillingDay ? (
          <LoadingCards />
        ) : (
          <EmptyState icon={<ChartIcon />} title="No key metrics that day" description="None of the methods tracked then had a measure or a current measure." />
        )}
      </>
    );
  }
  if (!staleOnly && shown.length === 0) {
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
      {asOf ? <DayBar view={asOf} label="Key Metrics" /> : null}
      <CountRow>
        <Count>{countText(counts, staleOnly)}</Count>
        <Controls>
          <QuarterPicker quarter={quarter} onChange={setQuarter} />
          <StaleOnlySwitch checked={staleOnly} onChange={setStaleOnly} count={counts?.staleKeyMetrics} />
        </Controls>
      </CountRow>
      {shown.length === 0 ? (
        <EmptyState compact title="No stale methods" description="Every method here has had a check-in in the last two check-in periods." />
      ) : (
        <>
          <ProgressiveCardGrid
            items={shown}
            itemKey={methodId}
            renderItem={renderCard}
            min={CARD_MIN}
            estimateHeight={CARD_HEIGHT_ESTIMATE}
            aria-label="Key metrics"
          />
          <MoreRows more={list.more} label="key metrics" />
        </>
      )}
    </>
  );
}
