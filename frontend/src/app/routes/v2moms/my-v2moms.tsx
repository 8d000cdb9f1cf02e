import {
  PATHS,
  canEditV2mom,
  pathTo,
  personalListStatusLabel,
  progressColor,
  quarterLabel,
  v2momStatusTone,
  type TV2mom,
} from '@v2mom/contracts';
import { memo } from 'react';
import styled from 'styled-components';
import { Badge, badgeToneOf } from '../../../components/ui/badge';
import { ApprovalBadges } from '../../../features/v2moms/components/approval-bar';
import { LinkButton } from '../../../components/ui/button';
import { Card, CardGrid } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { StartMyV2mom } from '../../../features/v2moms/components/start-my-v2mom';
import { DocumentIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { liveFlash } from '../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../lib/live/recent-changes';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useUserV2moms } from '../../../features/v2moms/api/get-user-v2moms';
import { ChangedByNote } from '../../../components/live/changed-by-note';

const V2momCard = styled(Card).attrs({ as: 'article' })<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  height: 100%;
  ${({ $flash }) => liveFlash($flash)}
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Vision = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  min-height: calc(2 * 1.5em);
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};

  > * {
    flex: 1;
  }
`;

const SkeletonStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Memoised: a live change to one V2MOM (someone else's edit, say) re-renders only its card. */
const MyV2momCard = memo(function MyV2momCard({ v2mom, mayEdit }: { v2mom: TV2mom; mayEdit: boolean }) {
  const titleId = `v2mom-${v2mom.id}-title`;
  const change = useRecentChange(changeKeys.withinV2mom(v2mom.id));
  return (
    <li>
      <V2momCard aria-labelledby={titleId} $flash={change?.serial}>
        <Head>
          <div>
            <Title id={titleId}>{v2mom.title}</Title>
            <Meta>
              {quarterLabel(v2mom.quarter)} {v2mom.year} · Last updated <RelativeTime value={v2mom.lastUpdated} />
            </Meta>
            <ChangedByNote change={change} />
            {v2mom.approval ? (
              <Meta>
                <ApprovalBadges approval={v2mom.approval} />
              </Meta>
            ) : null}
          </div>
          <Badge tone={badgeToneOf(v2momStatusTone(v2mom.status))}>{personalListStatusLabel(v2mom.status)}</Badge>
        </Head>
        <Vision title={v2mom.vision}>{v2mom.vision}</Vision>
        <Progress>
          <ProgressBar value={v2mom.overallProgress} variant={progressColor(v2mom.overallProgress)} label={`Overall completion of ${v2mom.title}`} />
          <span>Overall completion: {v2mom.overallProgress}%</span>
        </Progress>
        <Actions>
          <LinkButton to={pathTo.v2mom(v2mom.id)} aria-label={`View ${v2mom.title}`}>
            View
          </LinkButton>
          {mayEdit ? (
            <LinkButton to={pathTo.editV2mom(v2mom.id)} aria-label={`Edit ${v2mom.title}`}>
              Edit
            </LinkButton>
          ) : null}
        </Actions>
      </V2momCard>
    </li>
  );
});

function MyV2momSkeleton() {
  return (
    <li>
      <V2momCard aria-hidden="true" data-testid="v2mom-card-skeleton">
        <SkeletonStack>
          <Skeleton $width="60%" $height="20px" />
          <Skeleton $width="40%" $height="14px" />
        </SkeletonStack>
        <SkeletonStack>
          <Skeleton />
          <Skeleton $width="80%" />
        </SkeletonStack>
        <Skeleton $height="8px" $radius="full" />
        <Skeleton $height="36px" />
      </V2momCard>
    </li>
  );
}

/** The signed-in user's V2MOMs as cards (docs/PRODUCT.md#screens). */
export default function MyV2momsPage() {
  const user = useSignedInUser();
  const v2moms = useUserV2moms(user.id);

  let body;
  if (v2moms.isPending) {
    body = (
      <CardGrid $min="320px" aria-busy="true" aria-label="Loading your V2MOMs">
        <MyV2momSkeleton />
        <MyV2momSkeleton />
      </CardGrid>
    );
  } else if (v2moms.isError) {
    body = (
      <Card>
        <LoadError title="We couldn't load your V2MOMs." error={v2moms.error} onRetry={() => void v2moms.refetch()} />
      </Card>
    );
  } else if (v2moms.data.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={<DocumentIcon />}
          title="No V2MOMs Created Yet"
          description="A V2MOM sets out your vision, values, methods, obstacles and measures for the quarter."
          action={
            <LinkButton to={PATHS.createV2mom} variant="primary">
              Create Your First V2MOM
            </LinkButton>
          }
        />
      </Card>
    );
  } else {
    body = (
      <CardGrid $min="320px">
        {v2moms.data.map((v2mom) => (
          <MyV2momCard key={v2mom.id} v2mom={v2mom} mayEdit={canEditV2mom(user, v2mom)} />
        ))}
      </CardGrid>
    );
  }

  return (
    <>
      <PageHeader
        title="My V2MOMs"
        actions={
          <>
            <StartMyV2mom />
            <LinkButton to={PATHS.createV2mom} variant="primary">
              Create New V2MOM
            </LinkButton>
          </>
        }
      />
      {body}
    </>
  );
}
