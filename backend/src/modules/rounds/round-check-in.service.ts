import { ref, type EntityManager } from '@mikro-orm/core';
import { FOLLOW_UP_DUE_DAYS, type TRoundCheckIn, type TRoundCheckInResult } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { CheckIn } from '../checkins/check-in.entity.js';
import { Method } from '../methods/method.entity.js';
import { updateMethod } from '../methods/methods.service.js';
import { selectRows } from '../read-db.js';
import type { Written } from '../shared/change-set.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { found } from '../shared/guards.js';
import { User } from '../users/user.entity.js';
import { FollowUp } from './follow-up.entity.js';
import { followUpRow } from './follow-ups.service.js';
import { RoundParticipant } from './round-participant.entity.js';
import { participantsAt } from './round-row.read.js';
import { lockedActiveRound } from './rounds.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const ROUND_CHECK_IN_ERRORS = {
  notYourMethod: "Only the method's owner checks it in during the round",
  notYourTurn: "It is not your department's turn in the round",
} as const;

/** A round's check-in as written: its answer and changed rows, and the turn (and its department) it was made in. */
export type RoundCheckInWritten = Written<TRoundCheckInResult> & { position: number; department: string };

/**
 * POST /api/rounds/{id}/check-ins (docs/PRODUCT.md#the-check-in-round): the method's owner, in
 * their department's turn, checks it in as anywhere else (the same write, the same check-in,
 * tagged with the round); their place in the turn is marked, and an obstacle they raise becomes
 * their follow-up, due a week later by the server's clock. One transaction: a stale method (409)
 * leaves the turn as it was.
 */
export async function checkInRound(em: EntityManager, actor: SignedInUser, id: number, body: TRoundCheckIn, now: Date): Promise<RoundCheckInWritten> {
  return em.transactional(async (tx) => {
    const round = await lockedActiveRound(tx, id);
    const [method] = await selectRows(tx, (db) => db.selectFrom('method').select(['id', 'owner_id']).where('id', '=', body.methodId));
    if (found(method, 'Method').owner_id !== actor.id) throw new AppError('forbidden', ROUND_CHECK_IN_ERRORS.notYourMethod);
    const participant = await tx.findOne(RoundParticipant, { round: round.id, position: round.position, user: actor.id });
    if (!participant) throw new AppError('forbidden', ROUND_CHECK_IN_ERRORS.notYourTurn);

    const { version, status, progress, confidence, confidenceReason, update, obstacle } = body;
    const written = await updateMethod(tx, actor, body.methodId, { version, status, progress, confidence, confidenceReason, ...(update === undefined ? {} : { update }) });
    await tx.nativeUpdate(CheckIn, { method: body.methodId, methodVersion: written.result.version }, { round: round.id });
    participant.checkedInAt ??= now;
    const raised = obstacle?.trim()
      ? tx.create(FollowUp, {
          round: ref(round),
          owner: tx.getReference(User, actor.id, { wrapped: true }),
          method: tx.getReference(Method, body.methodId),
          description: obstacle.trim(),
          dueAt: new Date(now.getTime() + FOLLOW_UP_DUE_DAYS * DAY_MS),
          createdAt: now,
          acknowledgedAt: null,
        })
      : null;
    await tx.flush();
    const [place] = await participantsAt(tx, round, round.position, [actor.id]);
    return {
      result: { participant: found(place, 'Participant'), followUp: raised ? await followUpRow(tx, raised.id) : null },
      changeSet: written.changeSet,
      position: round.position,
      department: found(round.departments[round.position], 'Department'),
    };
  });
}
