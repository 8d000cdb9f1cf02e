import { isRolledUp, pathTo, PROGRESS_FROM_LABELS, type TMethodDetail, type TSupporter } from '@v2mom/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { ShowMore } from '../../../../components/ui/show-more';
import { StackList } from '../../../../components/ui/card';
import { DetailPanel } from '../../../../components/ui/detail-panel';
import { LoadError } from '../../../../components/ui/load-error';
import { EmptyText } from '../../../../components/ui/text-or';
import { PersonName, UserText } from '../../../../components/ui/user-text';
import { useMethodSupporters } from '../../api/get-method-supporters';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Source = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function SupporterRow({ supporter }: { supporter: TSupporter }) {
  return (
    <Row>
      <Link to={pathTo.method(supporter.id)}>
        <UserText>{supporter.description}</UserText>
      </Link>
      <Meta>
        <UserText>{supporter.v2mom.title}</UserText>
        {' · '}
        <PersonName person={supporter.owner} missing="No owner" />
        {` · ${Math.round(supporter.progress)}% `}
        <WorkStatusBadge status={supporter.status} />
      </Meta>
    </Row>
  );
}

/**
 * The methods that support this one, a page at a time, and where its progress comes from when it
 * rolls up (docs/PRODUCT.md#roll-up).
 */
export function SupportersPanel({ method }: { method: Pick<TMethodDetail, 'id' | 'progressFrom'> }) {
  const { data, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } = useMethodSupporters(method.id);
  const supporters = data?.pages.flatMap((page) => page.supporters) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  return (
    <DetailPanel titleId={useId()} title={total > 0 ? `Supported by (${total})` : 'Supported by'}>
      {isRolledUp(method.progressFrom) ? <Source>Progress from {lowerFirst(PROGRESS_FROM_LABELS[method.progressFrom])}</Source> : null}
      {error ? (
        <LoadError compact title="We couldn't load the methods that support this one." error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Meta>Loading…</Meta>
      ) : supporters.length === 0 ? (
        <EmptyText>No methods support this one</EmptyText>
      ) : (
        <>
          <StackList aria-label="Methods that support this one">
            {supporters.map((supporter) => (
              <li key={supporter.id}>
                <SupporterRow supporter={supporter} />
              </li>
            ))}
          </StackList>
          <ShowMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
        </>
      )}
    </DetailPanel>
  );
}
