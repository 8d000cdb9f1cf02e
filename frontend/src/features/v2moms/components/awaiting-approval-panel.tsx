import { pathTo } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { CardQuietLine, CardRowLink, CardRows, DashboardCard, DashboardCardTitle } from '../../../components/ui/dashboard-card';
import { Button } from '../../../components/ui/button';
import { MoreRows } from '../../../components/ui/more-rows';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { UserText } from '../../../components/ui/user-text';
import { usePagedList } from '../../../lib/paged-list';
import { useAwaitingApproval } from '../api/get-awaiting-approval';

const RowTitle = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The dashboard's `Awaiting your approval` (docs/PRODUCT.md#approval): the V2MOMs submitted to the
 * signed-in person, the longest waiting first, each linked to it. Hidden from whoever approves nobody.
 */
export function AwaitingApprovalPanel() {
  const titleId = useId();
  const query = useAwaitingApproval();
  const list = usePagedList(query);
  const { rows } = list;
  const approvesAnyone = query.data?.pages[0]?.approvesAnyone;
  if (query.isSuccess && !approvesAnyone) return null;
  return (
    <DashboardCard aria-labelledby={titleId}>
      <DashboardCardTitle id={titleId}>Awaiting your approval</DashboardCardTitle>
      {query.isPending ? (
        <Skeleton $height="72px" />
      ) : query.isError ? (
        <CardQuietLine role="status">
          We couldn&apos;t load what awaits your approval.
          <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        </CardQuietLine>
      ) : rows && rows.length > 0 ? (
        <>
          <CardRows>
            {rows.map((row) => (
              <li key={row.id}>
                <CardRowLink to={pathTo.v2mom(row.id)}>
                  <RowTitle>
                    <UserText>{row.title}</UserText>
                  </RowTitle>
                  <Meta>
                    <UserText>{row.owner.name}</UserText> · submitted <RelativeTime value={row.submittedAt} />
                  </Meta>
                </CardRowLink>
              </li>
            ))}
          </CardRows>
          <MoreRows more={list.more} label="V2MOMs awaiting your approval" />
        </>
      ) : (
        <CardQuietLine>Nothing awaits your approval.</CardQuietLine>
      )}
    </DashboardCard>
  );
}
