import type { EntityManager } from '@mikro-orm/core';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import {
  canChangeStructure,
  canUpdateMethod,
  isProgressOnlyUpdate,
  methodCreationForbiddenMessage,
  isRolledUp,
  newMethodDefaults,
  ROLLED_UP_PROGRESS_MESSAGE,
  type TCreateMethod,
  type TMethodDetail,
  type TMethodListItem,
  type TMethodPage,
  type TMethodPageQuery,
  type TRhythmTimes,
  type TUpdateMethod,
} from '@v2mom/contracts';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { linkValue } from '../change-log/change-log.subscriber.js';
import { entityColumns, entityRow, prefixedColumns } from '../../db/read-builder.js';
import { selectOnce } from '../read-db.js';
import { Measure } from '../measures/measure.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { readObstacles } from '../obstacles/obstacle.read.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type EntityChange, type Written } from '../shared/change-set.js';
import { authorizeMethodUpdate, authorizeNamed } from '../shared/forbidden.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { mergeWrite } from '../shared/merge.js';
import { departmentsOf, invalidReference } from '../shared/references.js';
import { Task } from '../tasks/task.entity.js';
import { readTasks } from '../tasks/task.read.js';
import { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { lockedItem, lockYearOfItem, noteYearRead } from '../v2moms/closed-year.guard.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { publishedToAll, readsV2mom, type Viewer } from '../v2moms/v2mom-visibility.js';
import { applyMethodLinks, resolveMethodLinks } from './method-links.js';
import { Method } from './method.entity.js';
import { readMethodPage } from './method-page.read.js';
import { oneMethodItem, readMomentOf, oneMethodRow, readMethod, readMethodDetail, readMethods, type MethodFilter, type OneMethodRow } from './method.read.js';
import { now } from '../../server-clock.js';
import { derivedProgressRefused, rollUp, rolledUpChanges } from './roll-up.js';
import { noteNoCheckInReminder } from '../notifications/notify.js';
import { RHYTHM_ID } from '../rhythm/rhythm.entity.js';
import { RHYTHM_TIMES } from '../rhythm/rhythm.service.js';

/** Saving a method runs the flush's steps (../write-effects.ts): the reviewed-goals and closed-year guards, its change log, check-in and notifications. */

const METHOD_FORBIDDEN = {
  progress: 'Only the method owner can add updates to this method.',
  edit: (name: string) => `Only the V2MOM's owner or ${name} can change this method`,
  delete: (name: string) => `Only ${name} can delete methods`,
} as const;

/** Every method matching `filter`, in V2MOM then list order; a fixed number of statements. */
export function listMethods(em: EntityManager, filter: MethodFilter): Promise<TMethodListItem[]> {
  return readMethods(em, filter, now());
}

/**
 * A page of methods, filtered and sorted as `query` asks (docs/PRODUCT.md#paged-lists); with a
 * viewer, only those of the V2MOMs they read (docs/PRODUCT.md#approval).
 */
export function listMethodPage(em: EntityManager, query: TMethodPageQuery, viewer: Viewer): Promise<TMethodPage> {
  return readMethodPage(em, query, now(), viewer);
}

/** One method as a list item, e.g. after a write; 404 when there is no such method. */
async function methodItem(em: EntityManager, id: number): Promise<TMethodListItem> {
  return found(await readMethod(em, id, now()), 'Method');
}

/** A method's detail; 404 when there is none, or the viewer does not read its V2MOM (docs/PRODUCT.md#approval). */
export async function getMethodDetail(em: EntityManager, id: number, viewer: Viewer): Promise<TMethodDetail> {
  const method = await methodItem(em, id);
  const readable = await readsV2mom(em, viewer, method.v2momId);
  return readMethodDetail(em, found(readable ? method : undefined, 'Method'));
}

/** The departments whose screens show a method: its owner's and its V2MOM owner's. */
function methodDepartments(method: Method): string[] {
  return departmentsOf(method.owner?.getEntity(), method.v2mom.getEntity().owner.getEntity());
}

/** What methodDepartments reads. */
const METHOD_DEPARTMENTS = ['owner.department', 'v2mom.owner.department'] as const;

/** Re-reads what the response and the change set show, after the commit. */
async function written(em: EntityManager, method: Method, operation: 'created' | 'updated', rolledUpIds: readonly number[]): Promise<Written<TMethodListItem>> {
  await em.populate(method, METHOD_DEPARTMENTS);
  const result = await methodItem(em, method.id);
  const rolledUp = await rolledUpChanges(em, rolledUpIds);
  return {
    result,
    changeSet: changeSet([rowChange('method', result, operation, result.v2momId), ...rolledUp.changes], [...methodDepartments(method), ...rolledUp.departments]),
  };
}

/**
 * Flushes a new method; when it supports one, in one transaction with the roll-up its arrival moves
 * (docs/PRODUCT.md#roll-up). Answers the ids the roll-up changed.
 */
async function flushWithRollUp(em: EntityManager, supported: number | undefined): Promise<number[]> {
  if (supported === undefined) {
    await em.flush();
    return [];
  }
  return em.transactional(async (tx) => {
    await tx.flush();
    return rollUp(tx, [supported]);
  });
}


/**
 * Add Method: needs manage_structure (which also covers adding obstacles to any V2MOM); unset
 * fields take the new-method defaults (docs/PRODUCT.md#owners). The method and the obstacles
 * sent with it are checked first and then written by one flush, one transaction: a refused
 * obstacle leaves no method behind (docs/PRODUCT.md#add-method).
 */
export async function createMethod(em: EntityManager, actor: SignedInUser, body: TCreateMethod): Promise<Written<TMethodListItem>> {
  await authorizeNamed(em, canChangeStructure(actorOf(actor)), methodCreationForbiddenMessage);
  const v2mom = await em.findOne(V2mom, body.v2momId);
  if (!v2mom) throw invalidReference('v2momId', 'No such V2MOM');
  const { v2momId: _v2momId, ownerId, linkedValues, linkedMethodId, supportsMethodId, order, obstacles = [], ...fields } = body;
  const owner = ownerId === undefined ? actor.id : ownerId;
  const links = await resolveMethodLinks(em, v2mom.id, undefined, { ownerId: owner, linkedValues, linkedMethodId, supportsMethodId });
  const obstacleOwners = await resolveObstacleOwners(em, obstacles, links.owner ?? null);
  const { dueDate, progress, status } = newMethodDefaults(now(), actor.id);
  const author = em.getReference(User, actor.id, { wrapped: true });
  const method = em.create(Method, {
    dueDate,
    progress,
    status,
    description: fields.description,
    v2mom,
    // A new method goes to the end of its V2MOM's list unless the form says where.
    position: order ?? (await em.count(Method, { v2mom })),
    updatedBy: author,
  });
  em.assign(method, fields, { ignoreUndefined: true });
  applyMethodLinks(method, links);
  // Its obstacles go to the end of the V2MOM's obstacle list, in the order sent.
  const firstObstaclePosition = obstacles.length > 0 ? await em.count(Obstacle, { v2mom }) : 0;
  const created = obstacles.map((obstacle, index) => {
    const row = em.create(Obstacle, {
      v2mom,
      description: obstacle.description,
      position: firstObstaclePosition + index,
      owner: obstacleOwners[index] ?? null,
      updatedBy: author,
    });
    row.linkedMethods.add(method);
    return row;
  });
  const rolledUpIds = await flushWithRollUp(em, method.supports?.id);

  const answer = await written(em, method, 'created', rolledUpIds);
  if (created.length === 0) return answer;
  const obstacleRows = await readObstacles(em, { ids: created.map((row) => row.id) });
  return {
    result: answer.result,
    changeSet: changeSet(
      [...answer.changeSet.changes, ...obstacleRows.map((row) => rowChange('obstacle', row, 'created', row.v2momId))],
      [...answer.changeSet.departments, ...departmentsOf(...obstacleOwners)],
    ),
  };
}

/**
 * Each new obstacle's owner: the one it names (400 on `obstacles.{i}.ownerId` when there is no
 * such user), else the method's. One query for all the named owners.
 */
async function resolveObstacleOwners(
  em: EntityManager,
  obstacles: NonNullable<TCreateMethod['obstacles']>,
  methodOwner: User | null,
): Promise<Array<User | null>> {
  const named = [...new Set(obstacles.flatMap((obstacle) => (obstacle.ownerId == null ? [] : [obstacle.ownerId])))];
  const users = named.length === 0 ? [] : await em.find(User, { id: { $in: named } }, { populate: ['department'] });
  const byId = new Map(users.map((user) => [user.id, user]));
  return obstacles.map((obstacle, index) => {
    if (obstacle.ownerId === undefined) return methodOwner;
    if (obstacle.ownerId === null) return null;
    const owner = byId.get(obstacle.ownerId);
    if (!owner) throw invalidReference(`obstacles.${index}.ownerId`, 'No such user');
    return owner;
  });
}

/**
 * Full changes need the right to edit the V2MOM; the progress subset is also open to the
 * method's owner (docs/PRODUCT.md#data-permissions). The flush records the check-in a change of
 * progress, status, current measure or update text makes (docs/PRODUCT.md#check-ins).
 */
export function updateMethod(em: EntityManager, actor: SignedInUser, id: number, body: TUpdateMethod): Promise<Written<TMethodListItem>> {
  return em.transactional(async (tx) => {
    const { method, row, departments, readByAll, rhythm } = await lockMethod(tx, id);
    const progressOnly = isProgressOnlyUpdate(body);
    const allowed = canUpdateMethod(actorOf(actor), { ownerId: method.owner?.id ?? null, v2mom: { userId: row.v2mom_owner_id } }, progressOnly);
    if (progressOnly) authorize(allowed, METHOD_FORBIDDEN.progress);
    else await authorizeNamed(tx, allowed, METHOD_FORBIDDEN.edit);
    const { ownerId, linkedValues, linkedMethodId, supportsMethodId, order, update, ...fields } = await mergeWrite(tx, 'method', method, body);
    await authorizeMethodUpdate(tx, actorOf(actor), { ownerId: method.owner?.id ?? null, update: method.update ?? null }, update);
    if (derivedProgressRefused(fields.progressFrom ?? method.progressFrom, method.progress, fields.progress)) {
      throw invalidReference('progress', ROLLED_UP_PROGRESS_MESSAGE);
    }
    const links = await resolveMethodLinks(tx, method.v2mom.id, method.id, { ownerId, linkedValues, linkedMethodId, supportsMethodId });
    const before = { progress: method.progress, supports: method.supports?.id };
    tx.assign(method, { ...fields, update, position: order }, { ignoreUndefined: true });
    applyMethodLinks(method, links);
    await tx.flush();
    // docs/PRODUCT.md#roll-up: the method itself when it now rolls up, and what it supported and supports when its share moved.
    const moved = method.progress !== before.progress || method.supports?.id !== before.supports;
    const rolledUp = await rolledUpChanges(tx, await rollUp(tx, [...(isRolledUp(method.progressFrom) ? [method.id] : []), ...(moved ? [before.supports, method.supports?.id] : [])]));
    const result = await writtenItem(tx, actor, method, row, rhythm);
    // A new owner's department sees the method arrive; the former owner's saw it leave.
    const shownTo = [...departments, ...(result.owner?.department ? [result.owner.department] : []), ...rolledUp.departments];
    // What it rolled up into are methods it supports, of V2MOMs above a person's, which are never drafts (docs/PRODUCT.md#approval).
    const supported = rolledUp.changes.flatMap((change) => (change.id === method.id || change.v2momId === null ? [] : [change.v2momId]));
    const published = [...(readByAll && result.v2momId === row.v2mom_id ? [row.v2mom_id] : []), ...supported];
    return { result, changeSet: { ...changeSet([rowChange('method', result, 'updated', result.v2momId), ...rolledUp.changes], shownTo), published } };
  });
}

/** The method a write changes, locked, with what the write needs to know of the rows around it. */
interface LockedMethod {
  method: Method;
  /** Its list row as it was locked (its V2MOM's owner among it): the write's answer starts from it (`writtenItem`). */
  row: OneMethodRow;
  /** The departments whose screens show the method as it is: its owner's and its V2MOM owner's. */
  departments: string[];
  /**
   * Whether everyone reads its V2MOM, read under the V2MOM's key-share lock: a change of who
   * reads a V2MOM (an approval, a realignment) locks its row for update first, so none commits
   * before this write does (docs/PRODUCT.md#approval).
   */
  readByAll: boolean;
  /** The company's rhythm, read in the lock's statement: when the method goes stale, for the write's answer. */
  rhythm: TRhythmTimes;
}

/** Where the lock's row holds the method's columns as the entity reads them. */
const ENTITY_PREFIX = 'entity.';

/**
 * Locks the method's row until the transaction ends (FOR UPDATE OF the method alone, so that
 * document saves, which lock the V2MOM first, do not queue behind it) and reads, in the same
 * statement, its list row (`oneMethodRow`: its links, owners and V2MOM), its V2MOM owner's
 * department and whether its V2MOM's year was carried into the next (`noteYearRead`). The row becomes a managed entity (`em.map`) with `linkedValues` loaded: one entity
 * to build, where MikroORM's joined find built and hydrated five, at several milliseconds of CPU
 * per write (docs/PERFORMANCE.md, "The load test").
 */
async function lockMethod(tx: EntityManager, id: number): Promise<LockedMethod> {
  await lockYearOfItem(tx, 'method', id);
  const [locked] = await lockedMethodRows(tx, id);
  const { v2mom_owner_department, next_v2mom, v2mom_published, check_in_reminded, rhythm, ...row } = found(locked, 'Method');
  if (!check_in_reminded) noteNoCheckInReminder(tx, row.id, row.owner_id);
  noteYearRead(tx, row.v2mom_id, next_v2mom === null ? null : { year: row.v2mom_year, next_id: next_v2mom.id, next_year: next_v2mom.year });
  const method = tx.map(Method, prefixedColumns(row, ENTITY_PREFIX));
  method.linkedValues.hydrate((row.linked_value_ids ?? []).map((valueId) => tx.getReference(Value, valueId)));
  return {
    method,
    row,
    departments: [v2mom_owner_department, row.owner_department].filter((department) => department !== null),
    readByAll: v2mom_published === true,
    rhythm: found(rhythm, 'Rhythm'),
  };
}

const lockedMethodRows = selectOnce((db, em, id: number) =>
  oneMethodRow(db, id)
    .select(entityColumns(em, Method, 'm', ENTITY_PREFIX))
    // A subquery, as the list row's look-ups are (method.read.ts): one table less for the planner's join search.
    .select((eb) => eb.selectFrom('department as vod').whereRef('vod.id', '=', 'vo.department_id').select('vod.name').as('v2mom_owner_department'))
    // Its V2MOM's next year, if one was started from it, read under the lock `lockYearOfItem` took: the flush's check need not read it (closed-year.guard.ts).
    // One subquery for both of its columns: the next year's V2MOM is found once.
    .select((eb) => jsonObjectFrom(eb.selectFrom('v2mom as nv').whereRef('nv.started_from_id', '=', 'm.v2mom_id').select(['nv.id', 'nv.year'])).as('next_v2mom'))
    .select((eb) => publishedToAll(eb).as('v2mom_published'))
    // The company's rhythm, for when the method goes stale in the write's answer (`writtenItem`): a round trip fewer than reading it after the flush.
    .select((eb) =>
      jsonObjectFrom(
        eb
          .selectFrom('rhythm as rh')
          .where('rh.id', '=', RHYTHM_ID)
          .select(RHYTHM_TIMES),
      ).as('rhythm'),
    )
    // Whether its owner has an unread check-in reminder naming it: a check-in clears one only then (notify.ts).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('notification as rn')
            .select('rn.id')
            .whereRef('rn.recipient_id', '=', 'm.owner_id')
            .where('rn.read_at', 'is', null)
            .where('rn.kind', '=', 'check_in_reminder')
            .where((inner) => inner(inner.ref('rn.detail', '->').key('methodIds'), '@>', inner.fn('to_jsonb', ['m.id']))),
        )
        .as('check_in_reminded'),
    )
    .forUpdate('m'),
);

/**
 * The write's answer, the method's list row as the write leaves it, without reading it again: the
 * row locked at the start with the method's own columns as the flush wrote them. Its last editor
 * is the actor when the flush stamped them, else (a write that changed nothing) the one locked, id
 * and name together. The rows it shows of others (owner, linked method, V2MOM, linked values) are
 * the locked ones unless the write changed which rows those are; then it is read again. A read
 * is a round trip inside the transaction, each of which waits its turn on a busy server
 * (docs/PERFORMANCE.md, "The load test"); the company's rhythm, for when the method goes stale,
 * came with the lock.
 */
async function writtenItem(tx: EntityManager, actor: SignedInUser, method: Method, locked: OneMethodRow, rhythm: TRhythmTimes): Promise<TMethodListItem> {
  const sameRows =
    method.v2mom.id === locked.v2mom_id &&
    (method.owner?.id ?? null) === locked.owner_id &&
    (method.linkedMethod?.id ?? null) === locked.linked_method_id &&
    (method.supports?.id ?? null) === locked.supports_id &&
    linkValue(method.linkedValues.getIdentifiers<number>()) === linkValue(locked.linked_value_ids ?? []);
  if (!sameRows) return methodItem(tx, method.id);
  const editor = method.updatedBy?.id === actor.id ? actor : { name: locked.updated_by_name, active: locked.updated_by_active };
  return oneMethodItem({
    ...locked,
    ...entityRow(tx, method, Object.keys(locked)),
    updated_at: method.updatedAt.toISOString(),
    updated_by_name: editor.name,
    updated_by_active: editor.active,
    // The update's author is the actor when this write changed the update text.
    update_author_name: method.updateAuthor?.id === actor.id ? actor.name : locked.update_author_name,
  }, readMomentOf(rhythm, now()));
}

/**
 * Deletes the method and its measures; tasks, obstacles and methods that point at it stay,
 * unlinked, with their versions bumped so open forms notice. One flush commits it all.
 */
export function deleteMethod(em: EntityManager, actor: SignedInUser, id: number, expectedVersion?: number): Promise<ChangeSet> {
  // Locked first: of two deletes at once, the second finds the method gone (404).
  return em.transactional(async (tx) => {
    const method = await lockedItem(tx, Method, 'method', id, 'Method');
    await tx.populate(method, METHOD_DEPARTMENTS);
    return deleteLockedMethod(tx, actor, method, expectedVersion);
  });
}

async function deleteLockedMethod(em: EntityManager, actor: SignedInUser, method: Method, expectedVersion: number | undefined): Promise<ChangeSet> {
  const id = method.id;
  await authorizeNamed(em, canChangeStructure(actorOf(actor)), METHOD_FORBIDDEN.delete);
  if (expectedVersion !== undefined) await assertVersion('method', method, expectedVersion);

  const v2momId = method.v2mom.id;
  // Deleted rows are described before the flush; unlinked ones after it, with their new versions.
  const deleted: EntityChange[] = [deletedChange('method', method, v2momId)];
  const departments = methodDepartments(method);
  const author = em.getReference(User, actor.id, { wrapped: true });
  const unlinked = (row: Task | Obstacle | Method) => {
    row.updatedBy = author;
    departments.push(...departmentsOf(row.owner?.getEntity()));
    return row.id;
  };

  const tasks = await em.find(Task, { method: id }, { populate: ['owner.department'] });
  const obstacles = await em.find(Obstacle, { linkedMethods: id }, { populate: ['linkedMethods', 'owner.department'] });
  const supported = method.supports?.id;
  const linking = await em.find(Method, { $or: [{ linkedMethod: id }, { supports: id }] }, { populate: ['owner.department'] });
  for (const task of tasks) task.method = null;
  for (const obstacle of obstacles) obstacle.linkedMethods.remove(method);
  for (const row of linking) {
    if (row.linkedMethod?.id === id) row.linkedMethod = null;
    if (row.supports?.id === id) row.supports = null;
  }
  for (const measure of await em.find(Measure, { method: id })) {
    em.remove(measure);
    deleted.push(deletedChange('measure', measure, v2momId));
  }
  const unlinkedIds = { tasks: tasks.map(unlinked), obstacles: obstacles.map(unlinked), methods: linking.map(unlinked) };
  em.remove(method);
  await em.flush();
  const rolledUp = await rolledUpChanges(em, await rollUp(em, [supported]));
  // The unlinked rows travel in their read shape, as every updated row does.
  const updated: EntityChange[] = [
    ...rolledUp.changes,
    ...(await readTasks(em, { ids: unlinkedIds.tasks })).map((task) => rowChange('task', task, 'updated', null)),
    ...(await readObstacles(em, { ids: unlinkedIds.obstacles })).map((obstacle) => rowChange('obstacle', obstacle, 'updated', v2momId)),
    ...(await readMethods(em, { ids: unlinkedIds.methods }, now())).map((row) => rowChange('method', row, 'updated', row.v2momId)),
  ];
  return changeSet([...deleted, ...updated], [...departments, ...rolledUp.departments]);
}
