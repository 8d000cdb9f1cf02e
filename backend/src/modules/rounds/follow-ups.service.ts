import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { TFollowUp } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { selectRows } from '../read-db.js';
import { found } from '../shared/guards.js';
import { isoTimestamp } from '../shared/read-rows.js';
import type { User } from '../users/user.entity.js';
import { FollowUp } from './follow-up.entity.js';
import type { Caller } from '../auth/signed-in-user.js';

const FOLLOW_UP_ERRORS = {
  notYours: 'Only its owner acknowledges a follow-up',
  stale: 'This follow-up changed since you last saw it',
} as const;

/** Follow-ups as My Methods lists them, `where` narrowing them: soonest due first. */
async function readFollowUps(em: EntityManager, where: { ownerId?: number; id?: number }): Promise<TFollowUp[]> {
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('follow_up as f')
      .innerJoin('user as u', 'u.id', 'f.owner_id')
      .leftJoin('method as m', 'm.id', 'f.method_id')
      .select((eb) => [
        'f.id',
        'f.round_id',
        'f.description',
        'f.version',
        'm.id as method_id',
        'm.description as method_description',
        'u.id as owner_id',
        'u.name as owner_name',
        isoTimestamp(eb.ref('f.due_at')).as('due_at'),
        isoTimestamp(eb.ref('f.created_at')).as('created_at'),
        isoTimestamp(eb.ref('f.acknowledged_at')).as('acknowledged_at'),
      ]);
    if (where.ownerId !== undefined) query = query.where('f.owner_id', '=', where.ownerId).where('f.acknowledged_at', 'is', null);
    if (where.id !== undefined) query = query.where('f.id', '=', where.id);
    return query.orderBy('f.due_at').orderBy('f.id');
  });
  return rows.map((row) => ({
    id: row.id,
    roundId: row.round_id,
    description: row.description,
    method: row.method_id === null ? null : { id: row.method_id, description: row.method_description ?? '' },
    owner: { id: row.owner_id, name: row.owner_name },
    dueAt: row.due_at,
    createdAt: row.created_at,
    acknowledgedAt: row.acknowledged_at,
    version: row.version,
  }));
}

/** One follow-up as a read answers it. */
export async function followUpRow(em: EntityManager, id: number): Promise<TFollowUp> {
  return found((await readFollowUps(em, { id }))[0], 'Follow-up');
}

/** GET /api/follow-ups/mine: the person's follow-ups still to acknowledge (docs/PRODUCT.md#the-check-in-round). */
export function listMyFollowUps(em: EntityManager, actor: Caller): Promise<TFollowUp[]> {
  return readFollowUps(em, { ownerId: actor.id });
}

/** POST /api/follow-ups/{id}/acknowledge: its owner's, once; acknowledging it again changes nothing. */
export async function acknowledgeFollowUp(em: EntityManager, actor: User, id: number, version: number, now: Date): Promise<TFollowUp> {
  return em.transactional(async (tx) => {
    const followUp = found(await tx.findOne(FollowUp, id, { lockMode: LockMode.PESSIMISTIC_WRITE }), 'Follow-up');
    if (followUp.owner.id !== actor.id) throw new AppError('forbidden', FOLLOW_UP_ERRORS.notYours);
    if (followUp.version !== version) throw new AppError('conflict', FOLLOW_UP_ERRORS.stale);
    if (!followUp.acknowledgedAt) {
      followUp.acknowledgedAt = now;
      await tx.flush();
    }
    return followUpRow(tx, id);
  });
}
