import { pathTo } from '@v2mom/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { stackedCard } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { MoreRows } from '../../../components/ui/more-rows';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { UserText } from '../../../components/ui/user-text';
import { usePagedList } from '../../../lib/paged-list';
import { media } from '../../../lib/theme/tokens';
import { useAwaitingApproval } from '../api/get-awaiting-approval';

const Root = styled.section`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[5]};
  margin-bottom: ${({ theme }) => theme.space[6]};

  ${media.small} {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const RowLink = styled(Link)`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[2]};
  margin: 0 -${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 0;
  }
`;

const RowTitle = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
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
    <Root aria-labelledby={titleId}>
      <Title id={titleId}>Awaiting your approval</Title>
      {query.isPending ? (
        <Skeleton $height="72px" />
      ) : query.isError ? (
        <LoadError compact title="We couldn't load what awaits your approval." error={query.error} onRetry={() => void query.refetch()} />
      ) : rows && rows.length > 0 ? (
        <>
          <Rows>
            {rows.map((row) => (
              <li key={row.id}>
                <RowLink to={pathTo.v2mom(row.id)}>
                  <RowTitle>
                    <UserText>{row.title}</UserText>
                  </RowTitle>
                  <Meta>
                    <UserText>{row.owner.name}</UserText> · submitted <RelativeTime value={row.submittedAt} />
                  </Meta>
                </RowLink>
              </li>
            ))}
          </Rows>
          <MoreRows more={list.more} label="V2MOMs awaiting your approval" />
        </>
      ) : (
        <Empty>Nothing awaits your approval.</Empty>
      )}
    </Root>
  );
}
