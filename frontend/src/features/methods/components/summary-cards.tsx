import { PATHS, atRiskBarPercent, methodsOnTrackOf, overallCompletionOf, type TMethodStatusCounts } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { stackedCard } from '../../../components/ui/card';
import { AlertIcon, CheckSquareIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { media } from '../../../lib/theme/tokens';
import { useMethodsSummary } from '../api/get-methods-summary';

const SummaryGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};

  ${media.small} {
    grid-template-columns: 1fr;
  }
`;

const CardLink = styled(Link)`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  transition:
    border-color ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};

  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
    transform: translateY(-1px);
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const IconWrap = styled.span<{ $tone: 'success' | 'danger' }>`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.dangerSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.dangerText)};
`;

const Figure = styled.span`
  font-size: ${({ theme }) => theme.fontSize['3xl']};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: -0.02em;
  line-height: 1.1;
`;

const Caption = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SkeletonCard = styled.div`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[5]};
`;

/** Three placeholders while the counts load. */
function SummarySkeletons() {
  return (
    <SummaryGrid aria-busy="true" aria-label="Loading summary">
      {[0, 1, 2].map((i) => (
        <SkeletonCard key={i} data-testid="summary-skeleton">
          <Skeleton $width="45%" $height="14px" />
          <Skeleton $width="30%" $height="30px" />
          <Skeleton $height="8px" $radius="full" />
        </SkeletonCard>
      ))}
    </SummaryGrid>
  );
}

interface SummaryCardProps {
  label: string;
  tone: 'success' | 'danger';
  icon: ReactNode;
  figure: string;
  /** The bar's percentage. */
  percent: number;
  caption: ReactNode;
}

/** One figure with its bar, leading to the items list. */
function SummaryCard({ label, tone, icon, figure, percent, caption }: SummaryCardProps) {
  return (
    <CardLink to={PATHS.itemsList}>
      <Top>
        <Label>{label}</Label>
        <IconWrap $tone={tone} aria-hidden="true">
          {icon}
        </IconWrap>
      </Top>
      <Figure>{figure}</Figure>
      <ProgressBar value={percent} variant={tone} label={label} />
      <Caption>{caption}</Caption>
    </CardLink>
  );
}

/** 'Methods on Track' and 'At Risk Methods', both leading to the items list. */
function SummaryCards({ counts }: { counts: TMethodStatusCounts }) {
  const onTrack = methodsOnTrackOf(counts);
  const atRisk = counts.atRisk;
  const completion = overallCompletionOf(counts);
  return (
    <SummaryGrid>
      <SummaryCard
        label="Methods on Track"
        tone="success"
        icon={<CheckSquareIcon />}
        figure={`${onTrack.count} of ${onTrack.total}`}
        percent={onTrack.percentage}
        caption={`${onTrack.percentage}% on track · ${completion}% completed`}
      />
      <SummaryCard
        label="At Risk Methods"
        tone="danger"
        icon={<AlertIcon />}
        figure={`${atRisk} methods`}
        percent={atRiskBarPercent(atRisk)}
        caption={atRisk === 0 ? 'Nothing needs attention right now' : 'Need attention from their owners'}
      />
    </SummaryGrid>
  );
}

/** The dashboard's summary of every method, while it loads and if it fails. */
export function MethodsSummary() {
  const summary = useMethodsSummary();
  if (summary.isPending) return <SummarySkeletons />;
  if (summary.isError) {
    return (
      <SummaryGrid>
        <LoadError compact title="We couldn't load the methods." error={summary.error} onRetry={() => void summary.refetch()} />
      </SummaryGrid>
    );
  }
  return <SummaryCards counts={summary.data} />;
}
