import type { EntityManager } from '@mikro-orm/core';
import { canEditV2mom, type TJoinObstacle, type TLeaveObstacle, type TObstacle } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { moveObstacleThread } from '../comments/comments.service.js';
import { changeSet, rowChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { departmentsOf } from '../shared/references.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { lockedItem } from '../v2moms/closed-year.guard.js';
import { readsV2mom } from '../v2moms/v2mom-visibility.js';
import { Obstacle } from './obstacle.entity.js';
import { readObstacles } from './obstacle.read.js';

/**
 * Joining an obstacle to another department's as the same obstacle, and leaving it
 * (docs/PRODUCT.md#shared-obstacles). Whoever may edit the joining obstacle's V2MOM does both; the
 * change log records `joinedTo` like any other field (../write-effects.ts).
 */

/** A refusal of the join, on the field the picker fills. */
function refused(message: string): AppError {
  return new AppError('bad_request', message, { fieldErrors: { sharedObstacleId: [message] } });
}

const departmentOf = (obstacle: Obstacle) => obstacle.v2mom.getEntity().owner.getEntity().department.getEntity();

/** The obstacle `id`, locked, with what its rules and change need; 403 unless `actor` may edit its V2MOM, 409 on a stale version. */
async function editableObstacle(em: EntityManager, actor: SignedInUser, id: number, version: number): Promise<Obstacle> {
  const obstacle = await lockedItem(em, Obstacle, 'obstacle', id, 'Obstacle');
  await em.populate(obstacle, ['owner.department', 'v2mom.owner.department']);
  authorize(canEditV2mom(actorOf(actor), { userId: obstacle.v2mom.getEntity().owner.id }), FORBIDDEN.editV2mom);
  await assertVersion('obstacle', obstacle, version);
  return obstacle;
}

/** The written obstacle as the answer, and it and the shared obstacle it joined or left as the changes (the shared one's row lists its teams). */
async function writtenPair(em: EntityManager, obstacle: Obstacle, shared: Obstacle | null): Promise<Written<TObstacle>> {
  const rows = await readObstacles(em, { ids: shared ? [obstacle.id, shared.id] : [obstacle.id] });
  const result = found(rows.find((row) => row.id === obstacle.id), 'Obstacle');
  const changes = rows.map((row) => rowChange('obstacle', row, 'updated', row.v2momId));
  const people = [obstacle, ...(shared ? [shared] : [])].flatMap((item) => [item.owner?.getEntity(), item.v2mom.getEntity().owner.getEntity()]);
  return { result, changeSet: changeSet(changes, departmentsOf(...people)) };
}

/**
 * B joins A: B stays in its V2MOM with its own text, owner and place, and A's row stands for both.
 * A joined to another obstacle is not a shared one: B joins that one instead. Refused (400): an
 * unknown obstacle (or one of a draft the actor may not read), B itself, A of B's own department,
 * and B while others are joined to it. B's comments move to the shared thread in the same transaction.
 */
export function joinObstacle(em: EntityManager, actor: SignedInUser, id: number, body: TJoinObstacle): Promise<Written<TObstacle>> {
  return em.transactional(async (tx) => {
    const obstacle = await editableObstacle(tx, actor, id, body.version);
    const chosen = await tx.findOne(Obstacle, body.sharedObstacleId, { populate: ['joinedTo'] });
    if (!chosen) throw refused('No such obstacle');
    const shared = chosen.joinedTo ? chosen.joinedTo.getEntity() : chosen;
    // One of a draft the actor may not read, or joined to one, is not there for them (docs/PRODUCT.md#approval).
    for (const v2momId of new Set([chosen.v2mom.id, shared.v2mom.id])) {
      if (!(await readsV2mom(tx, actor, v2momId))) throw refused('No such obstacle');
    }
    await tx.populate(shared, ['owner.department', 'v2mom.owner.department']);
    if (shared.id === obstacle.id) throw refused('An obstacle cannot be joined to itself');
    if ((await tx.count(Obstacle, { joinedTo: obstacle.id })) > 0) {
      throw refused("Other departments' obstacles are joined to this one: it is a shared obstacle, so it cannot join another");
    }
    const department = departmentOf(obstacle);
    if (departmentOf(shared).id === department.id) {
      throw refused(`That obstacle is also ${department.name}'s: join only an obstacle of another department`);
    }
    obstacle.joinedTo = tx.getReference(Obstacle, shared.id, { wrapped: true });
    await moveObstacleThread(tx, obstacle.id, { id: shared.id, v2momId: shared.v2mom.id });
    await tx.flush();
    return writtenPair(tx, obstacle, shared);
  });
}

/** B leaves its shared obstacle and stands alone again; the shared thread keeps the comments. */
export function leaveObstacle(em: EntityManager, actor: SignedInUser, id: number, body: TLeaveObstacle): Promise<Written<TObstacle>> {
  return em.transactional(async (tx) => {
    const obstacle = await editableObstacle(tx, actor, id, body.version);
    const shared = obstacle.joinedTo ? await tx.findOneOrFail(Obstacle, obstacle.joinedTo.id, { populate: ['owner.department', 'v2mom.owner.department'] }) : null;
    obstacle.joinedTo = null;
    await tx.flush();
    return writtenPair(tx, obstacle, shared);
  });
}
