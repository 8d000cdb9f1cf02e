import { PATHS } from '@v2mom/contracts';
import styled from 'styled-components';
import { LinkButton } from '../../../components/ui/button';
import { CardGrid, stackedCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChartIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCooTrackingCounts } from '../api/get-coo-tracking-counts';
import { KEY_METRICS_PREVIEW, KEY_METRICS_PREVIEW_VIEW, useMethodPages } from '../api/get-method-page';
import { Section } from '../../../components/ui/section';
import { KeyMetricCard } from './key-metrics/key-metric-card';

const Item = styled.li`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[4]};
`;

/** A preview of the COO-tracked methods, with 'View All' (and how many there are) to the key-metrics page. */
export function KeyMetricsSection() {
  const list = useMethodPages(KEY_METRICS_PREVIEW_VIEW);
  const { query } = list;
  const tracked = useCooTrackingCounts().data?.tracked;

  let body;
  if (query.isPending) {
    body = (
      <CardGrid $min="210px" aria-busy="true" aria-label="Loading key metrics">
        {Array.from({ length: KEY_METRICS_PREVIEW }, (_, i) => (
          <Item key={i}>
            <Skeleton $width="30%" $height="20px" $radius="full" />
            <Skeleton $height="32px" />
            <Skeleton $height="8px" $radius="full" />
          </Item>
        ))}
      </CardGrid>
    );
  } else if (query.isError) {
    body = <LoadError compact title="We couldn't load the key metrics." error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!list.rows || list.rows.length === 0) {
    body = (
      <EmptyState compact icon={<ChartIcon />} title="No COO Tracking Methods" description="Methods flagged for COO tracking appear here." />
    );
  } else {
    body = (
      <CardGrid $min="210px">
        {list.rows.slice(0, KEY_METRICS_PREVIEW).map((method) => (
          <li key={method.id}>
            <KeyMetricCard method={method} preview />
          </li>
        ))}
      </CardGrid>
    );
  }

  return (
    <Section
      id="key-metrics-title"
      title="Key Metrics"
      actions={
        <LinkButton to={PATHS.keyMetrics} variant="ghost" size="sm">
          {tracked === undefined ? 'View All' : `View All (${tracked})`}
        </LinkButton>
      }
    >
      {body}
    </Section>
  );
}
