import { Suspense, useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { Notice } from '../../../components/ui/notice';
import { UserText } from '../../../components/ui/user-text';
import { useActiveRound } from '../api/get-active-round';
import { useRoundLive } from '../realtime/use-round-live';
import type { RoundCheckInDialog as LoadedRoundCheckInDialog } from './round-check-in-dialog';
import { preloadable } from '../../../lib/preloadable';

// The check-in's form and the dialog's machinery load when the banner's button is pressed: every
// page holds the banner's slot, few people open it.
const RoundCheckInDialog = preloadable<ComponentProps<typeof LoadedRoundCheckInDialog>>(() =>
  import('./round-check-in-dialog').then(({ RoundCheckInDialog }) => ({ default: RoundCheckInDialog })),
);

const Slot = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

/**
 * "Your turn" on any open page (docs/PRODUCT.md#the-check-in-round): while the round is at the
 * person's department and they have not checked in, a banner opens their one-screen check-in.
 * It also keeps the round current from its live events, for every screen that shows it.
 */
export function YourTurn({ userId }: { userId: number }) {
  useRoundLive();
  const round = useActiveRound().data?.round ?? null;
  const [open, setOpen] = useState(false);
  const me = round?.participants.find((person) => person.userId === userId);
  if (!round || !me || me.methods.length === 0) return null;
  const department = round.departments[round.position] ?? '';
  return (
    <>
      {me.checkedInAt ? null : (
        <Slot>
          <Notice tone="info" title="Your turn" actionLabel="Check in" onAction={() => setOpen(true)} acting={false}>
            The check-in round has reached <UserText>{department}</UserText>: the room is waiting for your check-in.
          </Notice>
        </Slot>
      )}
      {open ? (
        <Suspense fallback={null}>
          <RoundCheckInDialog key={`${round.id}:${round.position}`} round={round} methods={me.methods} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
