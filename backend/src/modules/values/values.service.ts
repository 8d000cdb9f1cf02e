import type { EntityManager } from '@mikro-orm/core';
import {
  canChangeStructure,
  canEditV2mom,
  type TCreateValue,
  type TMessageResponse,
  type TUpdateValue,
  type TValue,
} from '@v2mom/contracts';
import { changeSet, deletedChange, rowChange, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN, authorizeNamed } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { mergeWrite } from '../shared/merge.js';
import { departmentsOf } from '../shared/references.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { readV2mom, ruleSubject, touchV2mom } from '../v2moms/v2moms.service.js';
import { Value } from './value.entity.js';
import { readValues } from './value.read.js';
import { lockedItemReadBy, lockedV2mom } from '../v2moms/closed-year.guard.js';

/** Saving a value runs the flush's steps (../write-effects.ts): the closed-year guard and its change log. */

/** A value with what its writes check and report: the V2MOM's owner and department. */
const VALUE_WRITE_POPULATE = ['v2mom.owner.department'] as const;

/**
 * Adding or deleting a value also stamps its V2MOM (`touchV2mom`), whose new version the open
 * forms need: those writes report the V2MOM as updated too. `readByAll`: the write found everyone
 * reading the V2MOM under its lock (`lockedItemReadBy`).
 */
async function written<T>(em: EntityManager, result: T, value: EntityChange, v2mom: V2mom, v2momTouched: boolean, readByAll = false): Promise<Written<T>> {
  const changes = v2momTouched ? [value, rowChange('v2mom', await readV2mom(em, v2mom.id), 'updated', v2mom.id)] : [value];
  return { result, changeSet: { ...changeSet(changes, departmentsOf(v2mom.owner.getEntity())), published: readByAll ? [v2mom.id] : [] } };
}

/** GET /api/v2moms/{id}/values, in order. */
export async function listValues(em: EntityManager, v2momId: number): Promise<TValue[]> {
  found(await em.findOne(V2mom, v2momId, { fields: ['id'] }), 'V2MOM');
  return readValues(em, { v2momId });
}

/** A value as the response shows it, read back after the flush. */
async function readValue(em: EntityManager, id: number): Promise<TValue> {
  const [value] = await readValues(em, { id });
  return found(value, 'Value');
}

/** POST /api/values: adding a value changes the V2MOM's structure (manage_structure). Appended unless `order` is sent. */
export function createValue(em: EntityManager, user: SignedInUser, input: TCreateValue): Promise<Written<TValue>> {
  // Its V2MOM is locked as an item's is (`lockedV2mom`), which tells whether everyone reads it.
  return em.transactional(async (tx) => {
    const { v2mom, readByAll } = await lockedV2mom(tx, input.v2momId, ['owner.department']);
    await authorizeNamed(tx, canChangeStructure(actorOf(user)), FORBIDDEN.structure);
    const position = input.order ?? (await tx.count(Value, { v2mom }));
    const author = tx.getReference(User, user.id, { wrapped: true });
    const value = tx.create(Value, { v2mom, description: input.description, position, updatedBy: author });
    touchV2mom(v2mom, author);
    await tx.flush();
    const result = await readValue(tx, value.id);
    return written(tx, result, rowChange('value', result, 'created', v2mom.id), v2mom, true, readByAll);
  });
}

/** PUT /api/values/{id}: editing the text is open to whoever may edit the V2MOM. */
export function updateValue(em: EntityManager, user: SignedInUser, id: number, input: TUpdateValue): Promise<Written<TValue>> {
  return em.transactional(async (tx) => {
    const { item: value, readByAll } = await lockedItemReadBy(tx, Value, 'value', id, 'Value');
    await tx.populate(value, VALUE_WRITE_POPULATE);
    authorize(canEditV2mom(actorOf(user), ruleSubject(value.v2mom.getEntity())), FORBIDDEN.editV2mom);
    const fields = await mergeWrite(tx, 'value', value, input);
    tx.assign(value, { description: fields.description, position: fields.order }, { ignoreUndefined: true });
    await tx.flush();
    const result = await readValue(tx, value.id);
    return written(tx, result, rowChange('value', result, 'updated', result.v2momId), value.v2mom.getEntity(), false, readByAll);
  });
}

/** DELETE /api/values/{id}, optionally `?version=`: methods' links to it go with it (the link table cascades). */
export async function deleteValue(
  em: EntityManager,
  user: SignedInUser,
  id: number,
  expectedVersion?: number,
): Promise<Written<TMessageResponse>> {
  // Locked first: of two deletes at once, the second finds the value gone (404).
  return em.transactional(async (tx) => {
    const { item: value, readByAll } = await lockedItemReadBy(tx, Value, 'value', id, 'Value');
    await tx.populate(value, VALUE_WRITE_POPULATE);
    await authorizeNamed(tx, canChangeStructure(actorOf(user)), FORBIDDEN.structure);
    if (expectedVersion !== undefined) await assertVersion('value', value, expectedVersion);
    const deleted = deletedChange('value', value, value.v2mom.id);
    const v2mom = value.v2mom.getEntity();
    tx.remove(value);
    touchV2mom(v2mom, tx.getReference(User, user.id, { wrapped: true }));
    await tx.flush();
    return written(tx, { message: 'Value deleted successfully' }, deleted, v2mom, true, readByAll);
  });
}
