import { PATHS } from '@v2mom/contracts';
import styled from 'styled-components';
import { LinkButton } from '../../../components/ui/button';
import { CardGrid, stackedCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChartIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCooTrackedMethods } from '../api/get-coo-tracked-methods';
import { Section } from '../../../components/ui/section';
import { KeyMetricCard } from './key-metrics/key-metric-card';

/** How many COO-tracked methods the dashboard previews; the rest are on /key-metrics. */
const KEY_METRICS_PREVIEW = 4;

const Item = styled.li`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[4]};
`;

/** A preview of the COO-tracked methods, with 'View All' to the key-metrics page. */
export function KeyMetricsSection() {
  const query = useCooTrackedMethods();

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
  } else if (query.data.length === 0) {
    body = (
      <EmptyState compact icon={<ChartIcon />} title="No COO Tracking Methods" description="Methods flagged for COO tracking appear here." />
    );
  } else {
    body = (
      <CardGrid $min="210px">
        {query.data.slice(0, KEY_METRICS_PREVIEW).map((method) => (
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
          View All
        </LinkButton>
      }
    >
      {body}
    </Section>
  );
}
