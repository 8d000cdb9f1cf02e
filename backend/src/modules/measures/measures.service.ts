import { ref, type EntityManager } from '@mikro-orm/core';
import { canEditV2mom, type TCreateMeasure, type TMeasure, type TUpdateMeasure } from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { mergeWrite } from '../shared/merge.js';
import { departmentsOf, invalidReference } from '../shared/references.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { Measure } from './measure.entity.js';
import { readMeasures } from './measure.read.js';
import { lockedItemReadBy, lockedV2mom } from '../v2moms/closed-year.guard.js';

/** Saving a measure runs the flush's steps (../write-effects.ts): the closed-year guard and its change log. */

/** A measure's method must belong to the measure's V2MOM. */
async function methodOfV2mom(em: EntityManager, v2momId: number, methodId: number | null): Promise<Method | null> {
  if (methodId === null) return null;
  const method = await em.findOne(Method, { id: methodId, v2mom: v2momId });
  if (!method) throw invalidReference('methodId', 'Link only methods of this V2MOM');
  return method;
}

/** Measures are V2MOM content: its owner or manage_structure may change them. */
function authorizeEdit(actor: SignedInUser, v2mom: V2mom): void {
  authorize(canEditV2mom(actorOf(actor), { userId: v2mom.owner.id }), FORBIDDEN.editV2mom);
}

/** `readByAll`: the write found everyone reading the measure's V2MOM under its lock (`lockedItemReadBy`). */
function measureChangeSet(measure: Measure, change: EntityChange, readByAll = false): ChangeSet {
  return { ...changeSet([change], departmentsOf(measure.v2mom.getEntity().owner.getEntity())), published: readByAll ? [measure.v2mom.id] : [] };
}

/** Re-reads what the response and the event show, after the flush; the change set needs the V2MOM's owner loaded. */
async function written(em: EntityManager, measure: Measure, operation: 'created' | 'updated', readByAll = false): Promise<Written<TMeasure>> {
  await em.populate(measure, ['v2mom.owner.department']);
  const [read] = await readMeasures(em, { id: measure.id });
  const result = found(read, 'Measure');
  return { result, changeSet: measureChangeSet(measure, rowChange('measure', result, operation, result.v2momId), readByAll) };
}

/** Its V2MOM is locked as an item's is (`lockedV2mom`), which tells whether everyone reads it. */
export function createMeasure(em: EntityManager, actor: SignedInUser, body: TCreateMeasure): Promise<Written<TMeasure>> {
  return em.transactional(async (tx) => {
    const { v2mom, readByAll } = await lockedV2mom(tx, body.v2momId);
    authorizeEdit(actor, v2mom);
    const measure = tx.create(Measure, {
      v2mom,
      method: await methodOfV2mom(tx, v2mom.id, body.methodId ?? null),
      description: body.description,
      target: body.target ?? null,
      current: body.current ?? null,
      status: body.status ?? 'on_track',
      // New measures go to the end of their V2MOM's list.
      position: await tx.count(Measure, { v2mom }),
      updatedBy: tx.getReference(User, actor.id, { wrapped: true }),
    });
    await tx.flush();
    return written(tx, measure, 'created', readByAll);
  });
}

export function updateMeasure(em: EntityManager, actor: SignedInUser, id: number, body: TUpdateMeasure): Promise<Written<TMeasure>> {
  return em.transactional(async (tx) => {
    const { item: measure, readByAll } = await lockedItemReadBy(tx, Measure, 'measure', id, 'Measure');
    await tx.populate(measure, ['v2mom']);
    authorizeEdit(actor, measure.v2mom.getEntity());
    const { methodId, ...fields } = await mergeWrite(tx, 'measure', measure, body);
    if (methodId !== undefined) {
      const method = await methodOfV2mom(tx, measure.v2mom.id, methodId);
      measure.method = method ? ref(method) : null;
    }
    tx.assign(measure, fields, { ignoreUndefined: true });
    await tx.flush();
    return written(tx, measure, 'updated', readByAll);
  });
}

/** Locks the row first: of two deletes at once, the second finds it gone (404). */
export function deleteMeasure(em: EntityManager, actor: SignedInUser, id: number, expectedVersion?: number): Promise<ChangeSet> {
  return em.transactional(async (tx) => {
    const { item: measure, readByAll } = await lockedItemReadBy(tx, Measure, 'measure', id, 'Measure');
    await tx.populate(measure, ['v2mom.owner.department']);
    authorizeEdit(actor, measure.v2mom.getEntity());
    if (expectedVersion !== undefined) await assertVersion('measure', measure, expectedVersion);
    const changes = measureChangeSet(measure, deletedChange('measure', measure, measure.v2mom.id), readByAll);
    tx.remove(measure);
    await tx.flush();
    return changes;
  });
}
