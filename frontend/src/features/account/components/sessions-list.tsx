import styled from 'styled-components';
import type { TAccountSession } from '@v2mom/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DividedList, DividedRow } from '../../../components/ui/divided-list';
import { LoadError } from '../../../components/ui/load-error';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

const Device = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const Seen = styled.p`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[3]};
`;

function SessionRow({ session }: { session: TAccountSession }) {
  const endSession = useEndSession();
  const ending = endSession.isPending;
  return (
    <DividedRow aria-label={session.device}>
      <div>
        <Device>
          {session.device}
          {session.current ? <Badge tone="primary">This browser</Badge> : null}
        </Device>
        <Seen>
          Last seen <RelativeTime value={session.lastSeenAt} />
        </Seen>
      </div>
      {session.current ? null : (
        <Button size="sm" loading={ending} onClick={() => endSession.mutate(session.id)} aria-label={`Sign out ${session.device}`}>
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </DividedRow>
  );
}

/**
 * Where the user is signed in (docs/PRODUCT.md#account): each browser with when it was last seen,
 * 'Sign out' for each other one and 'Sign out everywhere else'.
 */
export function SessionsList() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();

  if (sessions.isPending) {
    return (
      <Card $padded aria-busy="true" aria-label="Loading sessions">
        <Skeleton $width="60%" $height="18px" />
      </Card>
    );
  }
  if (sessions.isError) {
    return <LoadError title="Failed to load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }
  const hasOthers = sessions.data.some((session) => !session.current);
  return (
    <Card $padded>
      <DividedList aria-label="Active sessions">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </DividedList>
      {hasOthers ? (
        <Footer>
          <Button variant="danger" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
          </Button>
        </Footer>
      ) : (
        <Seen>You are signed in only here.</Seen>
      )}
    </Card>
  );
}
