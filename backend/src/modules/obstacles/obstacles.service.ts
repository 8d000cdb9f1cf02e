import { ref, type EntityManager, type Ref } from '@mikro-orm/core';
import {
  canAddObstacle,
  canChangeStructure,
  canEditV2mom,
  type TCreateObstacle,
  type TObstacle,
  type TUpdateObstacle,
} from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN, authorizeNamed } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { mergeWrite } from '../shared/merge.js';
import { departmentsOf, invalidReference, referencedUser } from '../shared/references.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { Obstacle } from './obstacle.entity.js';
import { readObstacles } from './obstacle.read.js';
import { lockedItemReadBy, lockedV2mom } from '../v2moms/closed-year.guard.js';

/** Saving an obstacle runs the flush's steps (../write-effects.ts): the closed-year guard, its change log and the linked methods' owners' notifications. */

const OBSTACLE_FORBIDDEN = {
  add: 'You can add obstacles only to V2MOMs you own',
} as const;

/** An obstacle names only methods of its own V2MOM (the dialog offers no others). */
async function methodsOfV2mom(em: EntityManager, v2momId: number, ids: number[]): Promise<Method[]> {
  const methods = await em.find(Method, { id: { $in: ids }, v2mom: v2momId });
  if (methods.length !== ids.length) throw invalidReference('linkedMethodIds', 'Link only methods of this V2MOM');
  return methods;
}

async function written(em: EntityManager, obstacle: Obstacle, operation: 'created' | 'updated', readByAll = false): Promise<Written<TObstacle>> {
  await em.populate(obstacle, ['owner.department', 'v2mom.owner.department']);
  const [read] = await readObstacles(em, { id: obstacle.id });
  const result = found(read, 'Obstacle');
  return { result, changeSet: obstacleChangeSet(obstacle, rowChange('obstacle', result, operation, result.v2momId), readByAll) };
}

/** `readByAll`: the write found everyone reading the obstacle's V2MOM under its lock (`lockedItemReadBy`). */
function obstacleChangeSet(obstacle: Obstacle, change: EntityChange, readByAll = false): ChangeSet {
  const departments = departmentsOf(obstacle.owner?.getEntity(), obstacle.v2mom.getEntity().owner.getEntity());
  return { ...changeSet([change], departments), published: readByAll ? [obstacle.v2mom.id] : [] };
}

/**
 * The dashboard's Add Obstacle (and Add Method's obstacles): on V2MOMs the caller may edit. Its
 * V2MOM is locked as an item's is (`lockedV2mom`), which tells whether everyone reads it.
 */
export function createObstacle(em: EntityManager, actor: SignedInUser, body: TCreateObstacle): Promise<Written<TObstacle>> {
  return em.transactional(async (tx) => {
    const { v2mom, readByAll } = await lockedV2mom(tx, body.v2momId);
    authorize(canAddObstacle(actorOf(actor), { userId: v2mom.owner.id }), OBSTACLE_FORBIDDEN.add);
    // The dialog's owner defaults to the signed-in user; null leaves the obstacle unassigned.
    const author = tx.getReference(User, actor.id, { wrapped: true });
    let owner: User | Ref<User> | null = author;
    if (body.ownerId !== undefined) owner = body.ownerId === null ? null : await referencedUser(tx, body.ownerId, 'ownerId');
    const obstacle = tx.create(Obstacle, {
      v2mom,
      description: body.description,
      position: body.order ?? 0,
      owner,
      updatedBy: author,
    });
    obstacle.linkedMethods.set(await methodsOfV2mom(tx, v2mom.id, body.linkedMethodIds ?? []));
    await tx.flush();
    return written(tx, obstacle, 'created', readByAll);
  });
}

/** Its V2MOM's owner, or manage_structure. */
export function updateObstacle(em: EntityManager, actor: SignedInUser, id: number, body: TUpdateObstacle): Promise<Written<TObstacle>> {
  return em.transactional(async (tx) => {
    const { item: obstacle, readByAll } = await lockedItemReadBy(tx, Obstacle, 'obstacle', id, 'Obstacle');
    await tx.populate(obstacle, ['v2mom', 'linkedMethods']);
    authorize(canEditV2mom(actorOf(actor), { userId: obstacle.v2mom.getEntity().owner.id }), FORBIDDEN.editV2mom);
    const { order, ownerId, linkedMethodIds, ...fields } = await mergeWrite(tx, 'obstacle', obstacle, body);
    tx.assign(obstacle, { ...fields, position: order }, { ignoreUndefined: true });
    if (ownerId !== undefined) obstacle.owner = ownerId === null ? null : ref(await referencedUser(tx, ownerId, 'ownerId'));
    if (linkedMethodIds !== undefined) obstacle.linkedMethods.set(await methodsOfV2mom(tx, obstacle.v2mom.id, linkedMethodIds));
    await tx.flush();
    return written(tx, obstacle, 'updated', readByAll);
  });
}

/**
 * Deleting obstacles is a structure change (docs/PRODUCT.md#data-permissions). The row is locked
 * first, so that of two deletes at once the second finds it gone (404), as every delete does.
 */
export function deleteObstacle(em: EntityManager, actor: SignedInUser, id: number, expectedVersion?: number): Promise<ChangeSet> {
  return em.transactional(async (tx) => {
    const { item: obstacle, readByAll } = await lockedItemReadBy(tx, Obstacle, 'obstacle', id, 'Obstacle');
    await tx.populate(obstacle, ['owner.department', 'v2mom.owner.department']);
    await authorizeNamed(tx, canChangeStructure(actorOf(actor)), FORBIDDEN.structure);
    if (expectedVersion !== undefined) await assertVersion('obstacle', obstacle, expectedVersion);
    const changes = obstacleChangeSet(obstacle, deletedChange('obstacle', obstacle, obstacle.v2mom.id), readByAll);
    tx.remove(obstacle);
    await tx.flush();
    return changes;
  });
}
