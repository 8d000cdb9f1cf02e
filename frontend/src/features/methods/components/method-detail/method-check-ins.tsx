import { workStatusLabel, type TCheckIn } from '@v2mom/contracts';
import styled from 'styled-components';
import { ShowMore } from '../../../../components/ui/show-more';
import { LoadError } from '../../../../components/ui/load-error';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { EmptyText } from '../../../../components/ui/text-or';
import { useCheckIns } from '../../api/get-check-ins';
import { Prose } from './detail-parts';
import { UserText } from '../../../../components/ui/user-text';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding-left: ${({ theme }) => theme.space[3]};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What a check-in moved besides its text: its progress and status, where they are known. */
function movedTo({ progress, status }: TCheckIn): string | null {
  const parts = [progress === null ? null : `${Math.round(progress)}%`, status === null ? null : workStatusLabel(status)];
  const known = parts.filter((part) => part !== null);
  return known.length === 0 ? null : known.join(' · ');
}

function CheckInItem({ checkIn }: { checkIn: TCheckIn }) {
  const moved = movedTo(checkIn);
  return (
    <Item>
      <Meta>
        {checkIn.at ? <RelativeTime value={checkIn.at} /> : 'Date not recorded'}
        {checkIn.author ? (
          <>
            {' · '}
            <UserText>{checkIn.author.name}</UserText>
          </>
        ) : null}
        {checkIn.viaToken ? (
          <>
            {checkIn.author ? ' via ' : ' · via '}
            <UserText>{checkIn.viaToken}</UserText>
          </>
        ) : null}
        {moved ? ` · ${moved}` : null}
      </Meta>
      {checkIn.update ? <Prose>{checkIn.update}</Prose> : null}
    </Item>
  );
}

/** A method's check-ins, newest first, a page at a time (docs/PRODUCT.md#method-detail). */
export function MethodCheckIns({ methodId }: { methodId: number }) {
  const { data, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } = useCheckIns(methodId);
  if (error) return <LoadError compact title="We couldn't load the check-ins." error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Meta>Loading…</Meta>;
  const checkIns = data.pages.flatMap((page) => page.checkIns);
  if (checkIns.length === 0) return <EmptyText>No check-ins yet</EmptyText>;
  return (
    <>
      <List>
        {checkIns.map((checkIn) => (
          <CheckInItem key={checkIn.id} checkIn={checkIn} />
        ))}
      </List>
      <ShowMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
    </>
  );
}
