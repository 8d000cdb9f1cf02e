import { PATHS, atRiskBarPercent, atRiskCount, methodsOnTrack, overallCompletion, type TMethodListItem } from '@v2mom/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AlertIcon, CheckSquareIcon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { media } from '../../../lib/theme/tokens';

export const SummaryGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};

  ${media.small} {
    grid-template-columns: 1fr;
  }
`;

const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
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
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

/** Spec section 2: three placeholders while the methods load. */
export function SummarySkeletons() {
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

/** 'Methods on Track' and 'At Risk Methods', both leading to the items list. */
export function SummaryCards({ methods }: { methods: readonly TMethodListItem[] }) {
  const onTrack = methodsOnTrack(methods);
  const atRisk = atRiskCount(methods);
  const completion = overallCompletion(methods);
  return (
    <SummaryGrid>
      <CardLink to={PATHS.itemsList}>
        <Top>
          <Label>Methods on Track</Label>
          <IconWrap $tone="success" aria-hidden="true">
            <CheckSquareIcon />
          </IconWrap>
        </Top>
        <Figure>{`${onTrack.count} of ${onTrack.total}`}</Figure>
        <ProgressBar value={onTrack.percentage} variant="success" label="Methods on track" />
        <Caption>
          {onTrack.percentage}% on track · {completion}% completed
        </Caption>
      </CardLink>
      <CardLink to={PATHS.itemsList}>
        <Top>
          <Label>At Risk Methods</Label>
          <IconWrap $tone="danger" aria-hidden="true">
            <AlertIcon />
          </IconWrap>
        </Top>
        <Figure>{`${atRisk} methods`}</Figure>
        <ProgressBar value={atRiskBarPercent(atRisk)} variant="danger" label="At risk methods" />
        <Caption>{atRisk === 0 ? 'Nothing needs attention right now' : 'Need attention from their owners'}</Caption>
      </CardLink>
    </SummaryGrid>
  );
}
