import { ref, type EntityManager, type Ref } from '@mikro-orm/core';
import {
  canAssignV2momOwner,
  canCreateV2mom,
  canDeleteV2mom,
  canEditV2mom,
  fiscalQuarterOf,
  initialV2momStatus,
  titleOrUntitled,
  type TAlignedChoice,
  type TCreateV2mom,
  type TMessageResponse,
  type TUpdateV2mom,
  type TV2mom,
  type TV2momComplete,
} from '@v2mom/contracts';
import { changeSet, deletedChange, rowChange, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN, authorizeNamed } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { lockedRow, mergeWrite } from '../shared/merge.js';
import { readMeasures } from '../measures/measure.read.js';
import { readMethods } from '../methods/method.read.js';
import { Method } from '../methods/method.entity.js';
import { rollUp, rolledUpChanges } from '../methods/roll-up.js';
import { departmentsOf, invalidReference, referencedUser } from '../shared/references.js';
import { Task } from '../tasks/task.entity.js';
import { readTasks } from '../tasks/task.read.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { readValues } from '../values/value.read.js';
import { assertYearsOpen } from './closed-year.guard.js';
import { V2mom } from './v2mom.entity.js';
import { readV2moms, readV2momWithWork, type V2momFilter } from './v2mom.read.js';
import type { Viewer } from './v2mom-visibility.js';
import { now } from '../../server-clock.js';
import { AppError } from '../../http/app-error.js';
import { applyAlignment, clearStraySupports, touchesAlignment } from './v2mom-alignment.js';

/** Saving a V2MOM runs the flush's steps (../write-effects.ts): the closed-year guard and its change log. */

/**
 * Stamps a V2MOM as changed by `user`. Changing its children through the document or adding
 * and deleting them goes through here too, so the V2MOM's version also counts its structure:
 * a form loaded before a value was added cannot silently delete it.
 */
export function touchV2mom(v2mom: V2mom, user: User | Ref<User>): void {
  v2mom.updatedAt = now();
  v2mom.updatedBy = ref(user);
}

/** The V2MOM as the rules see it: who owns it. */
export function ruleSubject(v2mom: V2mom): { userId: number } {
  return { userId: v2mom.owner.id };
}

/** The most recently changed first. */
export function listV2moms(em: EntityManager, filter: V2momFilter = {}): Promise<TV2mom[]> {
  return readV2moms(em, filter);
}

/** One V2MOM without children, e.g. after a write; 404 when there is no such V2MOM. */
export async function readV2mom(em: EntityManager, id: number): Promise<TV2mom> {
  const [v2mom] = await readV2moms(em, { id });
  return found(v2mom, 'V2MOM');
}

/**
 * The whole document (ZV2momCompleteSchema), children in order; inside a save, what it stored.
 * With a `viewer`, 404 for one they may not read (docs/PRODUCT.md#approval).
 */
export async function getV2momComplete(em: EntityManager, id: number, viewer?: Viewer): Promise<TV2momComplete> {
  const document = await readV2momWithWork(em, id, now(), viewer);
  const values = await readValues(em, { v2momId: id });
  const measures = await readMeasures(em, { v2momId: id });
  return { ...found(document, 'V2MOM'), values, measures };
}

function ownerDepartment(v2mom: V2mom): string {
  return v2mom.owner.getEntity().department.getEntity().name;
}

/** Who owns a new V2MOM: the creator, or someone else when the creator has `manage_structure`. */
export async function newV2momOwner(em: EntityManager, user: User, userId: number | undefined): Promise<User> {
  const actor = actorOf(user);
  authorize(canCreateV2mom(actor), FORBIDDEN.createV2mom);
  if (userId === undefined || userId === user.id) return user;
  await authorizeNamed(em, canAssignV2momOwner(actor), FORBIDDEN.assignOwner);
  return referencedUser(em, userId, 'userId');
}

/** POST /api/v2moms: for oneself, or for someone else with `manage_structure`. */
export async function createV2mom(em: EntityManager, user: User, input: TCreateV2mom): Promise<Written<TV2mom>> {
  const owner = await newV2momOwner(em, user, input.userId);
  const v2mom = em.create(V2mom, {
    title: titleOrUntitled(input.title),
    year: input.year,
    quarter: input.quarter ?? fiscalQuarterOf(now()),
    vision: input.vision ?? '',
    status: initialV2momStatus(input.status),
    overallProgress: 0,
    owner,
    updatedBy: user,
  });
  await applyAlignment(em, v2mom, input, true);
  await em.flush();
  const result = await readV2mom(em, v2mom.id);
  return { result, changeSet: changeSet([rowChange('v2mom', result, 'created', result.id)], [ownerDepartment(v2mom)]) };
}

/** PUT /api/v2moms/{id}: the V2MOM's own fields; children go through the document or their own calls. */
export function updateV2mom(em: EntityManager, user: SignedInUser, id: number, input: TUpdateV2mom): Promise<Written<TV2mom>> {
  return em.transactional(async (tx) => {
    const v2mom = await lockedRow(tx, V2mom, id, 'V2MOM');
    await tx.populate(v2mom, ['owner.department']);
    authorize(canEditV2mom(actorOf(user), ruleSubject(v2mom)), FORBIDDEN.editV2mom);
    const { title, level, departmentId, parentId, ...fields } = await mergeWrite(tx, 'v2mom', v2mom, input);
    const alignment = { level, departmentId, parentId, year: fields.year };
    const realigns = touchesAlignment(v2mom, alignment);
    tx.assign(v2mom, { ...fields, title: title === undefined ? undefined : titleOrUntitled(title) }, { ignoreUndefined: true });
    const parentChanged = realigns && (await applyAlignment(tx, v2mom, alignment, false));
    const { stray: unsupported, supported } = parentChanged ? await clearStraySupports(tx, v2mom, tx.getReference(User, user.id, { wrapped: true })) : { stray: [], supported: [] };
    await tx.flush();
    // The methods they supported lose them from their roll-up in the same transaction (docs/PRODUCT.md#roll-up).
    const rolledUp = await rolledUpChanges(tx, await rollUp(tx, supported));
    const result = await readV2mom(tx, v2mom.id);
    const methods = await readMethods(tx, { ids: unsupported.map((method) => method.id) }, now());
    const changes = [rowChange('v2mom', result, 'updated', result.id), ...methods.map((method) => rowChange('method', method, 'updated', result.id)), ...rolledUp.changes];
    const departments = [ownerDepartment(v2mom), ...departmentsOf(...unsupported.map((method) => method.owner?.getEntity())), ...rolledUp.departments];
    return { result, changeSet: changeSet(changes, departments) };
  });
}

/**
 * The V2MOMs aligned to one being deleted (docs/PRODUCT.md#deletion): without a choice, 409 saying
 * how many and what may become of them; `move-up` aligns them to its parent, `unalign` to nothing.
 */
async function realignAligned(em: EntityManager, v2mom: V2mom, author: Ref<User>, choice: TAlignedChoice | undefined): Promise<V2mom[]> {
  const aligned = await em.find(V2mom, { parent: v2mom.id }, { populate: ['owner.department'], orderBy: { title: 'asc', id: 'asc' } });
  if (aligned.length === 0) return [];
  const parent = v2mom.parent ? await em.findOneOrFail(V2mom, v2mom.parent.id) : null;
  if (choice === undefined) {
    const named = aligned.slice(0, 3).map((row) => row.title);
    const more = aligned.length - named.length;
    const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
    const choices = parent ? `Choose whether they move up to ${parent.title} or stand unaligned.` : 'Choose to let them stand unaligned.';
    throw new AppError('conflict', `${v2mom.title} has ${aligned.length} V2MOM${aligned.length === 1 ? '' : 's'} aligned to it (${list}). ${choices}`, {
      aligned: { count: aligned.length, canMoveUp: parent !== null },
    });
  }
  if (choice === 'move-up' && !parent) throw invalidReference('aligned', `${v2mom.title} is aligned to nothing: the V2MOMs aligned to it can only stand unaligned`);
  for (const row of aligned) {
    row.parent = choice === 'move-up' && parent ? ref(parent) : null;
    touchV2mom(row, author);
  }
  return aligned;
}

/**
 * DELETE /api/v2moms/{id}, optionally `?version=` (stale: 409, nothing deleted), in one transaction.
 * Tasks and other V2MOMs' methods that point at its methods are unlinked first, through the ORM so
 * their versions move and they are reported as changed; then one DELETE statement, which the
 * database cascades to values, methods, obstacles and measures.
 */
export async function deleteV2mom(
  em: EntityManager,
  user: SignedInUser,
  id: number,
  expectedVersion?: number,
  alignedChoice?: TAlignedChoice,
): Promise<Written<TMessageResponse>> {
  return em.transactional(async (tx) => {
    // Locked first: of two deletes at once, the second finds the V2MOM gone (404).
    const v2mom = await lockedRow(tx, V2mom, id, 'V2MOM');
    await tx.populate(v2mom, ['owner.department', 'updatedBy', 'values', 'methods.owner.department', 'obstacles', 'measures']);
    await authorizeNamed(tx, canDeleteV2mom(actorOf(user)), FORBIDDEN.deleteV2mom);
    if (expectedVersion !== undefined) await assertVersion('v2mom', v2mom, expectedVersion);
    // The one write that bypasses the flush, where the closed-year guard otherwise looks.
    await assertYearsOpen(tx, [id]);
    const changes: EntityChange[] = [deletedChange('v2mom', v2mom, id)];
    for (const [entity, rows] of [
      ['value', v2mom.values],
      ['method', v2mom.methods],
      ['obstacle', v2mom.obstacles],
      ['measure', v2mom.measures],
    ] as const) {
      for (const row of rows) changes.push(deletedChange(entity, row, id));
    }
    const departments = [ownerDepartment(v2mom), ...departmentsOf(...v2mom.methods.map((method) => method.owner?.getEntity()))];

    const author = tx.getReference(User, user.id, { wrapped: true });
    const aligned = await realignAligned(tx, v2mom, author, alignedChoice);
    const methodIds = v2mom.methods.map((method) => method.id);
    const tasks = await tx.find(Task, { method: { $in: methodIds } }, { populate: ['owner.department'] });
    const linking = await tx.find(
      Method,
      { v2mom: { $ne: id }, $or: [{ linkedMethod: { $in: methodIds } }, { supports: { $in: methodIds } }] },
      { populate: ['owner.department'] },
    );
    for (const task of tasks) {
      task.method = null;
      task.updatedBy = author;
    }
    for (const method of linking) {
      if (method.linkedMethod && methodIds.includes(method.linkedMethod.id)) method.linkedMethod = null;
      if (method.supports && methodIds.includes(method.supports.id)) method.supports = null;
      method.updatedBy = author;
    }
    await tx.flush();
    // The methods elsewhere its methods supported lose them from their roll-up (docs/PRODUCT.md#roll-up).
    const supported = v2mom.methods.getItems().flatMap((method) => (method.supports && !methodIds.includes(method.supports.id) ? [method.supports.id] : []));
    await tx.nativeDelete(V2mom, { id });
    const rolledUp = await rolledUpChanges(tx, await rollUp(tx, supported));
    changes.push(...rolledUp.changes);
    departments.push(...rolledUp.departments);
    const realigned = await readV2moms(tx, { ids: aligned.map((row) => row.id) });
    changes.push(...realigned.map((row) => rowChange('v2mom', row, 'updated', row.id)));
    departments.push(...departmentsOf(...aligned.map((row) => row.owner.getEntity())));

    // The unlinked rows travel in their read shape, as every updated row does.
    const unlinkedTasks = await readTasks(tx, { ids: tasks.map((task) => task.id) });
    const unlinkedMethods = await readMethods(tx, { ids: linking.map((method) => method.id) }, now());
    changes.push(...unlinkedTasks.map((task) => rowChange('task', task, 'updated', null)));
    changes.push(...unlinkedMethods.map((method) => rowChange('method', method, 'updated', method.v2momId)));
    departments.push(...departmentsOf(...tasks.map((task) => task.owner.getEntity()), ...linking.map((method) => method.owner?.getEntity())));
    return { result: { message: 'V2MOM deleted successfully' }, changeSet: changeSet(changes, departments) };
  });
}
