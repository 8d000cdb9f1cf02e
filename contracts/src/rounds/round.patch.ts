import type { TRound, TRoundCheckedInEvent } from './round.schemas.js';

/**
 * The round with one person's new place in its turn (`round:reported`), as every panel patches
 * it: only the round and department the check-in was made in, never a whole list read again.
 */
export function withCheckIn(round: TRound, event: TRoundCheckedInEvent): TRound {
  if (round.id !== event.roundId || round.position !== event.position) return round;
  return { ...round, participants: round.participants.map((person) => (person.userId === event.participant.userId ? event.participant : person)) };
}

/** The newer of two rows of one round: a move or an end raises its version. */
export function newerRound(held: TRound | null | undefined, arrived: TRound): TRound {
  return held && held.id === arrived.id && held.version > arrived.version ? held : arrived;
}
