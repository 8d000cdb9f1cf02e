import { LockMode, ref, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { canAccessPath, canSeeRound, PATHS, type TActiveRound, type TEndRound, type TMoveRound, type TPastRound, type TRound, type TStartRound } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { notify } from '../notifications/notify.js';
import { countedMethods } from '../rhythm/counted-methods.js';
import { selectRows, writeRows } from '../read-db.js';
import { actorOf, authorize, found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { Round } from './round.entity.js';
import { activeRound, roundRow } from './round-row.read.js';
import type { Caller } from '../auth/signed-in-user.js';

const ROUND_ERRORS = {
  mayNotRun: 'Only those who may open the COO View run the check-in round',
  underWay: 'A check-in round is already under way: end it before starting another',
  noDepartments: (year: number) => `No department has methods in ${year} to go through`,
  ended: 'This check-in round has ended',
  stale: 'The round has moved since you last saw it: it shows where it is now',
  last: 'This is the last department: end the round',
  first: 'This is the first department',
} as const;

/** Who may run a round: whoever may open (and so present) the COO View, as the server sees them now. */
export function authorizeRunning(actor: User): void {
  authorize(canAccessPath(actorOf(actor), PATHS.cooView), ROUND_ERRORS.mayNotRun);
}

/** The round, locked until the transaction ends; 404 for none, 409 once ended or when `version` is not its own. */
export async function lockedActiveRound(tx: EntityManager, id: number, version?: number): Promise<Round> {
  const round = found(await tx.findOne(Round, id, { lockMode: LockMode.PESSIMISTIC_WRITE }), 'Round');
  if (round.status !== 'active') throw new AppError('conflict', ROUND_ERRORS.ended);
  if (version !== undefined && version !== round.version) throw new AppError('conflict', ROUND_ERRORS.stale);
  return round;
}

/** The departments whose people own methods counted that year, by name: the round's order. */
async function departmentsOf(tx: EntityManager, year: number): Promise<string[]> {
  const rows = await selectRows(tx, (db) =>
    countedMethods(db, year).innerJoin('department as d', 'd.id', 'u.department_id').select('d.name').distinct().orderBy('d.name'),
  );
  return rows.map((row) => row.name);
}

/**
 * The round reached the department at its position: its owners become its participants (kept from
 * an earlier visit, when Back returns to it), and those still to check in are told it is their turn.
 */
async function openTurn(tx: EntityManager, round: Round, actor: User): Promise<void> {
  const department = round.departments[round.position] ?? '';
  await writeRows(tx, (db) =>
    db
      .insertInto('round_participant')
      .columns(['round_id', 'position', 'department', 'user_id'])
      .expression(
        countedMethods(db, round.year)
          .innerJoin('department as d', 'd.id', 'u.department_id')
          .select((eb) => [eb.val(round.id).as('round_id'), eb.val(round.position).as('position'), eb.val(department).as('department'), 'u.id'])
          .distinct()
          .where('d.name', '=', department),
      )
      .onConflict((conflict) => conflict.columns(['round_id', 'position', 'user_id']).doNothing()),
  );
  const pending = await selectRows(tx, (db) =>
    db.selectFrom('round_participant').select('user_id').where('round_id', '=', round.id).where('position', '=', round.position).where('checked_in_at', 'is', null),
  );
  await notify(tx, { kind: 'round_turn', recipientIds: pending.map((row) => row.user_id), actorId: actor.id, v2momId: null, detail: { field: 'round_turn', roundId: round.id, department } });
}

/**
 * GET /api/rounds/active: the round under way; `viewer` given, only when they may see it (the COO
 * View's people and the departments it goes through), else none. A meeting-room screen's read names no viewer.
 */
export async function getActiveRound(em: EntityManager, viewer?: Caller): Promise<TActiveRound> {
  const round = await activeRound(em);
  if (!round || (viewer && !canSeeRound(actorOf(viewer), round.departments))) return { round: null };
  return { round: await roundRow(em, round) };
}

/** POST /api/rounds: one round at a time, the unique index deciding between two starts at once. */
export async function startRound(em: EntityManager, actor: User, input: TStartRound, now: Date): Promise<TRound> {
  authorizeRunning(actor);
  try {
    return await em.transactional(async (tx) => {
      if ((await tx.count(Round, { status: 'active' })) > 0) throw new AppError('conflict', ROUND_ERRORS.underWay);
      const departments = await departmentsOf(tx, input.year);
      if (departments.length === 0) throw new AppError('bad_request', ROUND_ERRORS.noDepartments(input.year));
      const round = tx.create(Round, {
        year: input.year,
        quarter: input.quarter,
        status: 'active',
        presenter: ref(actor),
        presenterName: actor.name,
        startedAt: now,
        endedAt: null,
        departments,
        position: 0,
        minutes: null,
      });
      await tx.flush();
      await openTurn(tx, round, actor);
      return roundRow(tx, round);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AppError('conflict', ROUND_ERRORS.underWay);
    throw error;
  }
}

/** POST /api/rounds/{id}/move: Skip to the next department or Back to the one before. */
export async function moveRound(em: EntityManager, actor: User, id: number, { to, version }: TMoveRound): Promise<TRound> {
  authorizeRunning(actor);
  return em.transactional(async (tx) => {
    const round = await lockedActiveRound(tx, id, version);
    const position = round.position + (to === 'next' ? 1 : -1);
    if (position >= round.departments.length) throw new AppError('bad_request', ROUND_ERRORS.last);
    if (position < 0) throw new AppError('bad_request', ROUND_ERRORS.first);
    round.position = position;
    await tx.flush();
    await openTurn(tx, round, actor);
    return roundRow(tx, round);
  });
}

/** The round's status and row once ended: the minutes and their sending are round-minutes.ts's. */
export async function closeRound(tx: EntityManager, id: number, { version }: TEndRound, now: Date): Promise<Round> {
  const round = await lockedActiveRound(tx, id, version);
  round.status = 'ended';
  round.endedAt = now;
  return round;
}

/** GET /api/rounds: the ended rounds, newest first, from their minutes. */
export async function listPastRounds(em: EntityManager): Promise<TPastRound[]> {
  const rounds = await em.find(Round, { status: 'ended' }, { orderBy: { id: 'desc' } });
  return rounds.flatMap((round) => {
    const minutes = round.minutes;
    if (!minutes) return [];
    const { id, year, quarter, presenter, startedAt, endedAt } = minutes;
    return [{ id, year, quarter, presenter, startedAt, endedAt, checkedIn: minutes.checkedIn.length, followUps: minutes.followUps.length }];
  });
}
