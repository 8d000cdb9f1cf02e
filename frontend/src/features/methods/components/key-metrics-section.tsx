import {
  PATHS,
  pathTo,
  progressColor,
  workStatusLabel,
  workStatusTone,
  type TMethodListItem,
} from '@v2mom/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, badgeToneOf } from '../../../components/ui/badge';
import { LinkButton } from '../../../components/ui/button';
import { CardGrid, stackedCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChartIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCooTrackedMethods } from '../api/get-coo-tracked-methods';
import { Section } from '../../../components/ui/section';

/** How many COO-tracked methods the dashboard previews; the rest are on /key-metrics. */
const KEY_METRICS_PREVIEW = 4;

const Item = styled.li`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[4]};
`;

const Description = styled(Link)`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  line-height: ${({ theme }) => theme.lineHeight.tight};

  &:hover {
    text-decoration: underline;
  }
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Measure = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    text-align: right;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: auto;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function KeyMetricCard({ method }: { method: TMethodListItem }) {
  return (
    <Item>
      <div>
        <Badge tone={badgeToneOf(workStatusTone(method.status))} dot>
          {workStatusLabel(method.status)}
        </Badge>
      </div>
      <div>
        <Description to={pathTo.method(method.id)}>{method.description}</Description>
        <Meta>
          {method.v2mom.title} · {method.owner?.name ?? 'Unassigned'}
        </Meta>
      </div>
      <Measure>
        <span>Current</span>
        <strong>{method.currentMeasure ?? 'Not measured'}</strong>
      </Measure>
      <Row>
        <ProgressBar value={method.progress} size="sm" variant={progressColor(method.progress)} label={`Progress of ${method.description}`} />
        <span>{method.progress}%</span>
      </Row>
    </Item>
  );
}

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
          <KeyMetricCard key={method.id} method={method} />
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
