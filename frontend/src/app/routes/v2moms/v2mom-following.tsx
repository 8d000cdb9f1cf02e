import type { TFollowScreen, TFollowState } from '@v2mom/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { showMethodCard } from '../../../components/method-cards';
import { Button } from '../../../components/ui/button';
import { useScreenFollowing } from '../../../features/follow/components/screen-following';
import { useFollowedDays } from '../../../features/as-of/hooks/use-followed-days';
import type { AsOfDays } from '../../../features/as-of/hooks/use-as-of-days';
import type { ThreadTarget } from '../../item-threads';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};

  & > :last-child {
    flex: 1 1 20em;
  }
`;

interface V2momFollowingProps {
  v2momId: number;
  /** The method card the page last clicked or focused. */
  methodId: number | null;
  /** The thread the page has open. */
  thread: ThreadTarget | null;
  /** Opens a thread, or closes the open one (null), as the followed presenter does. */
  showThread: (thread: ThreadTarget | null) => void;
  /** The day the page shows and compares with, which the presenter's followers show too. */
  days: Pick<AsOfDays, 'asOf' | 'compare' | 'setDays'>;
}

interface V2momFollowing {
  /** `Present` and the follow bar. */
  controls: ReactNode;
  /** The method the followed presenter selected, while this tab follows them. */
  followedMethodId: number | null;
}

/**
 * A V2MOM detail's presenter and followers (docs/PRODUCT.md#following-the-presenter): `Present`
 * lets the others on this V2MOM follow the method card it selected, the thread it has open and
 * the day it shows (docs/PRODUCT.md#as-of);
 * they see the bar.
 */
export function useV2momFollowing({ v2momId, methodId, thread, showThread, days }: V2momFollowingProps): V2momFollowing {
  const screen = useMemo<TFollowScreen>(() => ({ kind: 'v2mom', v2momId }), [v2momId]);
  const [presenting, setPresenting] = useState(false);
  const subject = thread?.subject;
  const threadId = thread?.id;
  const { asOf, compare } = days;
  const presented = useMemo<TFollowState | null>(
    () => (presenting ? { quarter: null, methodId, thread: subject && threadId ? { subject, id: threadId } : null, asOf, compare } : null),
    [presenting, methodId, subject, threadId, asOf, compare],
  );
  const follow = useScreenFollowing(screen, presented, true);
  const { followed } = follow;
  useFollowedDays(days, followed);

  // The page's panel holds a method's or an obstacle's thread; the V2MOM's own is always on the page.
  useEffect(() => {
    if (!followed) return;
    const shown = followed.thread;
    showThread(shown && shown.subject !== 'v2mom' ? { subject: shown.subject, id: shown.id } : null);
    if (followed.methodId !== null) showMethodCard(followed.methodId);
  }, [followed, showThread]);

  const controls = (
    <Row>
      <Button variant={presenting ? 'secondary' : 'primary'} size="sm" aria-pressed={presenting} onClick={() => setPresenting(!presenting)}>
        {presenting ? 'Stop presenting' : 'Present'}
      </Button>
      {follow.bar}
    </Row>
  );
  return { controls, followedMethodId: followed?.methodId ?? null };
}
