import type { EntityManager } from '@mikro-orm/core';
import {
  isRolledUp,
  canChangeStructure,
  canEditV2mom,
  initialV2momStatus,
  summarizeV2momProgress,
  titleOrUntitled,
  type TNewV2momDocument,
  type TV2mom,
  type TAppliedFields,
  type TMergeReport,
  type TV2momComplete,
  type TV2momDocument,
  type TV2momDocumentSaved,
} from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { rollUp, rolledUpChanges } from '../methods/roll-up.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { changeSet, deletedChange, rowChange, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN, authorizeMethodUpdate, authorizeNamed } from '../shared/forbidden.js';
import { fieldConflicts, lockedJoined, mergeFields, versionWrittenAt } from '../shared/merge.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { departmentsOf } from '../shared/references.js';
import type { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { applyMethod, applyObstacle, applyValue, type ApplyContext, type WrittenRow } from './v2mom-document.apply.js';
import { assertLinksStayInside, changesStructure, linkIdsOf, loadOwners, matchList, mergeList, withoutDeletedByOthers } from './v2mom-document.match.js';
import { V2mom } from './v2mom.entity.js';
import { getV2momComplete, newV2momOwner, ruleSubject, touchV2mom } from './v2moms.service.js';
import { applyAlignment, supportedMethodOf, touchesAlignment } from './v2mom-alignment.js';

/** A document save's flush runs every step of ../write-effects.ts for each row it writes: guards, change log, check-ins, notifications. */

type DocumentBody = TV2momDocument | TNewV2momDocument;

interface StoredChildren {
  values: readonly Value[];
  methods: readonly Method[];
  obstacles: readonly Obstacle[];
}

const NO_CHILDREN: StoredChildren = { values: [], methods: [], obstacles: [] };

/**
 * PUT /api/v2moms/{id}/complete (docs/PRODUCT.md#document-save): the whole document in one transaction.
 * The V2MOM row is locked first, so of two saves based on the same version the second waits and
 * then merges with the first, field by field (docs/PRODUCT.md#merge): what only it changed lands,
 * what both changed keeps the first's value and is listed in `merge.conflicts`.
 */
export async function saveV2momDocument(
  em: EntityManager,
  user: User,
  id: number,
  document: TV2momDocument,
): Promise<Written<TV2momDocumentSaved>> {
  return em.transactional(async (tx) => {
    const v2mom = found(await tx.findOne(V2mom, id, { ...lockedJoined('v0'), populate: ['owner.department'] }), 'V2MOM');
    await lockChildren(tx, v2mom);
    authorize(canEditV2mom(actorOf(user), ruleSubject(v2mom)), FORBIDDEN.editV2mom);
    const { title, year, quarter, vision, level, departmentId, parentId } = document;
    const own = await mergeFields(tx, 'v2mom', v2mom, document.version, { title, year, quarter, vision, level, departmentId, parentId });
    if (!own) await assertVersion('v2mom', v2mom, document.version);
    // A field the merge dropped keeps its stored value.
    const stored = { title: v2mom.title, year: v2mom.year, quarter: v2mom.quarter, vision: v2mom.vision, ...storedAlignment(v2mom) };
    const merged = own ? { ...document, ...stored, ...own.fields } : document;
    const children = { values: v2mom.values.getItems(), methods: v2mom.methods.getItems(), obstacles: v2mom.obstacles.getItems() };
    const addedAfter = await versionWrittenAt(tx, 'v2mom', v2mom.id, document.version);
    const baseRow = { id: v2mom.id, version: v2mom.version, updatedAt: v2mom.updatedAt };
    const { result, changeSet: changes, applied, conflicts: childConflicts } = await writeDocument(tx, user, v2mom, merged, children, addedAfter);
    const conflicts = [...(own?.conflicts ?? []), ...childConflicts];
    // Thrown inside the transaction, so everything this save wrote rolls back.
    if (conflicts.length > 0 && document.onConflict !== 'report') throw fieldConflicts('v2mom', baseRow, conflicts);
    return { result: { ...result, merge: { applied, conflicts } }, changeSet: changes };
  });
}

/** The order of the V2MOM's collections (v2mom.entity.ts). */
const LIST_ORDER = { orderBy: { position: 'asc' as const, id: 'asc' as const } };

/**
 * The item endpoints (PUT /api/values/{id}…) lock only their own row: without these locks, one
 * of them committing between this save's read and its flush failed the whole save with a 409
 * (found by the soak, docs/PERFORMANCE.md#soak). Locked, the two queue and the later merges.
 * The order is the one the item writes take their locks in (an obstacle's links reach its
 * methods, a method's links its values), so no save and item write ever wait on each other.
 * Each list is read by the statement that locks it, with the links and owners the save compares
 * joined, and becomes the V2MOM's collection as it is (in the collections' order), so nothing
 * is read twice.
 */
async function lockChildren(em: EntityManager, v2mom: V2mom): Promise<void> {
  const obstacles = await em.find(Obstacle, { v2mom }, { ...lockedJoined('o0'), ...LIST_ORDER, populate: ['linkedMethods'] });
  const methods = await em.find(Method, { v2mom }, { ...lockedJoined('m0'), ...LIST_ORDER, populate: ['owner.department', 'linkedValues'] });
  const values = await em.find(Value, { v2mom }, { ...lockedJoined('v0'), ...LIST_ORDER });
  v2mom.obstacles.hydrate(obstacles);
  v2mom.methods.hydrate(methods);
  v2mom.values.hydrate(values);
}

/** POST /api/v2moms/complete: a new V2MOM with its children, in one transaction. */
export async function createV2momDocument(em: EntityManager, user: User, document: TNewV2momDocument): Promise<Written<TV2momComplete>> {
  const owner = await newV2momOwner(em, user, document.userId);
  return em.transactional(async (tx) => {
    const v2mom = tx.create(V2mom, {
      title: titleOrUntitled(document.title),
      year: document.year,
      quarter: document.quarter,
      vision: document.vision,
      owner,
      updatedBy: user,
    });
    const { result, changeSet: changes } = await writeDocument(tx, user, v2mom, document, NO_CHILDREN, null);
    return { result, changeSet: changes };
  });
}

async function writeDocument(
  em: EntityManager,
  user: User,
  v2mom: V2mom,
  body: DocumentBody,
  stored: StoredChildren,
  addedAfter: Date | null,
): Promise<Written<TV2momComplete> & TMergeReport> {
  const isNew = stored === NO_CHILDREN;
  const supportedBefore = stored.methods.map((method) => method.supports?.id);
  const current = isNew ? body : await withoutDeletedByOthers(em, body, stored);
  const values = matchList('values', stored.values, current.values, addedAfter);
  const methods = matchList('methods', stored.methods, current.methods, addedAfter);
  const obstacles = matchList('obstacles', stored.obstacles, current.obstacles, addedAfter);
  if (changesStructure(values, methods, obstacles)) {
    await authorizeNamed(em, canChangeStructure(actorOf(user)), FORBIDDEN.structure);
  }
  const linkIds = linkIdsOf(current);
  const mergedValues = await mergeList(em, 'value', values, current.values);
  const mergedMethods = await mergeList(em, 'method', methods, current.methods, linkIds);
  const mergedObstacles = await mergeList(em, 'obstacle', obstacles, current.obstacles, linkIds);
  const document = { ...current, values: mergedValues.items, methods: mergedMethods.items, obstacles: mergedObstacles.items };
  for (const [index, row] of methods.rows.entries()) {
    if (!row) continue;
    const ownerId = row.owner?.id ?? null;
    await authorizeMethodUpdate(em, actorOf(user), { ownerId, update: row.update ?? null }, document.methods[index]?.update);
  }

  const ownFields = { title: titleOrUntitled(document.title), year: document.year, quarter: document.quarter, vision: document.vision };
  const changedOwnFields: string[] = (Object.keys(ownFields) as Array<keyof typeof ownFields>).filter((key) => v2mom[key] !== ownFields[key]);
  const alignmentBefore = storedAlignment(v2mom);
  const alignment = { level: document.level, departmentId: document.departmentId, parentId: document.parentId };
  if (isNew || touchesAlignment(v2mom, { ...alignment, year: document.year })) {
    v2mom.year = document.year;
    await applyAlignment(em, v2mom, alignment, isNew);
  }
  const alignmentAfter = storedAlignment(v2mom);
  if (!isNew) changedOwnFields.push(...(Object.keys(alignmentAfter) as Array<keyof typeof alignmentAfter>).filter((key) => alignmentBefore[key] !== alignmentAfter[key]));
  const supports = await resolveSupports(em, v2mom, document.methods, methods.rows);

  const keptMethods = new Map(methods.rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  assertLinksStayInside(document.methods, new Set(keptMethods.keys()));
  const context: ApplyContext = { em, user, v2mom, owners: await loadOwners(em, document.methods, document.obstacles), written: [] };
  const removed = new Set<object>([...values.removed, ...methods.removed]);
  const linkTarget = (linkedId: number) => found(keptMethods.get(linkedId), 'Linked method');

  const savedValues = document.values.map((item, position) => applyValue(context, values.rows[position] ?? null, item.description, position));
  const savedMethods = document.methods.map((item, position) =>
    applyMethod(context, methods.rows[position] ?? null, item, position, { values: savedValues, linkTarget, removed, supports: supports[position] ?? null }),
  );
  document.obstacles.forEach((item, position) =>
    applyObstacle(context, obstacles.rows[position] ?? null, item, position, { methods: savedMethods, removed }),
  );
  const removedRows = [...values.removed, ...methods.removed, ...obstacles.removed];
  for (const row of removedRows) em.remove(row);

  const summary = summarizeV2momProgress(savedMethods);
  em.assign(v2mom, {
    ...ownFields,
    overallProgress: summary.overallProgress,
    // A new V2MOM without methods is a draft rather than the at_risk an average of 0 gives
    // (docs/PRODUCT.md#v2mom-status).
    status: isNew && savedMethods.length === 0 ? initialV2momStatus(undefined) : summary.status,
  });
  // A save that changes any child raises the V2MOM's version too, so that a form loaded before
  // cannot silently undo it; one that changes nothing leaves it as it is (docs/PRODUCT.md#versions).
  if (isNew || context.written.length > 0 || removedRows.length > 0 || changedOwnFields.length > 0) touchV2mom(v2mom, user);
  // Departments and deletions are read before the flush detaches the removed rows.
  const departments = departmentsOf(
    v2mom.owner.getEntity(),
    ...[...stored.methods, ...savedMethods].map((method) => method.owner?.getEntity()),
  );
  const deletions = [
    ...values.removed.map((row) => deletedChange('value', row, v2mom.id)),
    ...methods.removed.map((row) => deletedChange('method', row, v2mom.id)),
    ...obstacles.removed.map((row) => deletedChange('obstacle', row, v2mom.id)),
  ];
  // docs/PRODUCT.md#roll-up: what its methods supported and support, and its own rolled-up methods, recomputed after the flush.
  const rollUpFrom = [...supportedBefore, ...savedMethods.flatMap((method) => [method.supports?.id, ...(isRolledUp(method.progressFrom) ? [method.id] : [])])];
  await em.flush();
  const rolledUp = await rollUp(em, rollUpFrom);
  const written = context.written.map(({ entity, row, operation, fields }) => ({ entity, id: row.id, operation, fields }));
  // Read back what this transaction stored, in the read shape, without stale collections.
  em.clear();
  const result = await getV2momComplete(em, v2mom.id);
  const rolledUpMethods = await rolledUpChanges(em, rolledUp);
  const changes: EntityChange[] = [
    rowChange('v2mom', v2momRow(result), isNew ? 'created' : 'updated', v2mom.id),
    ...written.map(({ entity, id, operation }) => documentRowChange(result, entity, id, operation)),
    ...deletions,
    ...rolledUpMethods.changes,
  ];
  const applied: TAppliedFields[] = [
    ...(isNew || changedOwnFields.length > 0
      ? [{ entity: 'v2mom' as const, id: v2mom.id, operation: isNew ? ('created' as const) : ('updated' as const), fields: changedOwnFields }]
      : []),
    ...written.map(({ entity, id, operation, fields }) => ({ entity, id, operation, fields: operation === 'created' ? [] : fields })),
  ];
  const conflicts = [...mergedValues.conflicts, ...mergedMethods.conflicts, ...mergedObstacles.conflicts];
  return { result, changeSet: changeSet(changes, [...departments, ...rolledUpMethods.departments]), applied, conflicts };
}

/** A V2MOM's alignment as the document names it. */
function storedAlignment(v2mom: V2mom) {
  return { level: v2mom.level, departmentId: v2mom.department?.id ?? null, parentId: v2mom.parent?.id ?? null };
}

/**
 * The method each document item supports, by position (docs/PRODUCT.md#alignment): one of the
 * parent's methods. A support the item keeps from before that no longer points into the parent
 * (the parent changed) is cleared; one it newly names outside the parent is a 400.
 */
async function resolveSupports(
  em: EntityManager,
  v2mom: V2mom,
  items: DocumentBody['methods'],
  rows: ReadonlyArray<Method | null | undefined>,
): Promise<Array<Method | null>> {
  const parent = v2mom.parent ? await em.findOneOrFail(V2mom, v2mom.parent.id) : null;
  const wanted = items.map((item, index) => {
    const current = rows[index]?.supports?.id ?? null;
    return { current, next: item.supportsMethodId === undefined ? current : item.supportsMethodId };
  });
  const named = [...new Set(wanted.flatMap(({ next }) => (next === null ? [] : [next])))];
  const supportable = new Map(
    (parent && named.length > 0 ? await em.find(Method, { id: { $in: named }, v2mom: parent.id }) : []).map((method) => [method.id, method]),
  );
  const resolved: Array<Method | null> = [];
  for (const [index, { current, next }] of wanted.entries()) {
    const method = next === null ? undefined : supportable.get(next);
    if (next !== null && !method && next !== current) await supportedMethodOf(em, parent, `methods.${index}.supportsMethodId`, next);
    resolved.push(method ?? null);
  }
  return resolved;
}

/** The V2MOM's own row (ZV2momSchema), as lists show it: the document less its children. */
function v2momRow({ methods: _methods, obstacles: _obstacles, values: _values, measures: _measures, ...row }: TV2momComplete): TV2mom {
  return row;
}

/** A row the save wrote, taken from the document it answers with (which holds every child). */
function documentRowChange(document: TV2momComplete, entity: WrittenRow['entity'], id: number, operation: WrittenRow['operation']): EntityChange {
  const byId = <T extends { id: number }>(rows: readonly T[]) => found(rows.find((row) => row.id === id), entity);
  if (entity === 'value') return rowChange(entity, byId(document.values), operation, document.id);
  if (entity === 'method') return rowChange(entity, byId(document.methods), operation, document.id);
  return rowChange(entity, byId(document.obstacles), operation, document.id);
}
