import type { QueryClient } from '@tanstack/react-query';
import { newerRound, withCheckIn, type TActiveRound, type TRound, type TRoundCheckedInEvent } from '@v2mom/contracts';
import { roundKeys } from '../../../lib/query-keys/round-keys';

/** A round's row as a write answered it or an event brought it: the newer one stays; an ended round leaves the panel. */
export function putRound(queryClient: QueryClient, round: TRound): void {
  queryClient.setQueryData<TActiveRound>(roundKeys.active(), (held) => {
    const kept = newerRound(held?.round, round);
    if (kept.status === 'active') return { round: kept };
    return held?.round && held.round.id !== kept.id ? held : { round: null };
  });
  if (round.status === 'ended') void queryClient.invalidateQueries({ queryKey: roundKeys.past() });
}

/** One person's new place in the turn, patched into the round the panel holds. */
export function putCheckIn(queryClient: QueryClient, event: TRoundCheckedInEvent): void {
  queryClient.setQueryData<TActiveRound>(roundKeys.active(), (held) => (held?.round ? { round: withCheckIn(held.round, event) } : held));
}
