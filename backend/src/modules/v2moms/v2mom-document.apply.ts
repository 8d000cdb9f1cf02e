import { ref, type EntityManager, type Ref } from '@mikro-orm/core';
import { newMethodDefaults, ROLLED_UP_PROGRESS_MESSAGE, type TV2momDocumentMethod, type TV2momDocumentObstacle } from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { derivedProgressRefused } from '../methods/roll-up.js';
import { invalidReference } from '../shared/references.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import type { ChangeOperation } from '../shared/change-set.js';
import type { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import type { V2mom } from './v2mom.entity.js';
import { now } from '../../server-clock.js';

/** What the appliers need besides the item: the write's context and the rows already resolved. */
export interface ApplyContext {
  em: EntityManager;
  user: User;
  v2mom: V2mom;
  owners: ReadonlyMap<number, User>;
  /** Rows this save creates or changes; their ids exist only after the flush. */
  written: WrittenRow[];
}

export interface WrittenRow {
  entity: 'value' | 'method' | 'obstacle';
  row: Value | Method | Obstacle;
  operation: Exclude<ChangeOperation, 'deleted'>;
  /** The document's names of the fields this save stored (`order` for the position). */
  fields: string[];
}

/** The document calls the position `order`, as the API does. */
function documentFieldName(key: string): string {
  return key === 'position' ? 'order' : key;
}

/**
 * Sets the fields whose value differs and names them (the document's names), so unchanged rows
 * keep their version and the answer can say what landed.
 */
function assignChanged<T extends object>(row: T, fields: { [K in keyof T]?: T[K] | undefined }): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(fields) as Array<keyof T & string>) {
    const value = fields[key];
    if (value === undefined || row[key] === value) continue;
    row[key] = value;
    changed.push(documentFieldName(key));
  }
  return changed;
}

function sameMembers<T>(current: readonly T[], next: readonly T[]): boolean {
  const set = new Set(current);
  return current.length === next.length && next.every((item) => set.has(item));
}

function record(context: ApplyContext, entity: WrittenRow['entity'], row: WrittenRow['row'], isNew: boolean, fields: string[]): void {
  if (!isNew && fields.length === 0) return;
  row.updatedBy = ref(context.user);
  context.written.push({ entity, row, operation: isNew ? 'created' : 'updated', fields });
}

export function applyValue(context: ApplyContext, row: Value | null, description: string, position: number): Value {
  const value = row ?? context.em.create(Value, { v2mom: context.v2mom, description, position });
  record(context, 'value', value, row === null, assignChanged(value, { description, position }));
  return value;
}

/** The owner an item names (`null` clears it); `loadOwners` has checked every named id. */
function ownerRef(context: ApplyContext, ownerId: number | null): Ref<User> | null {
  const owner = ownerId === null ? undefined : context.owners.get(ownerId);
  return owner ? ref(owner) : null;
}

/** A new item without `ownerId` belongs to whoever adds it (docs/PRODUCT.md#owners). */
function newOwner(context: ApplyContext, ownerId: number | null | undefined): Ref<User> | null {
  return ownerId === undefined ? ref(context.user) : ownerRef(context, ownerId);
}

/**
 * One method of the document at `position`. `linkedValues` are the document's values the item
 * names by position; `linkTarget` resolves `linkedMethodId`; `removed` holds the methods and
 * values this save deletes, which kept links must drop; `supports` the parent's method it serves, checked.
 */
export function applyMethod(
  context: ApplyContext,
  row: Method | null,
  item: TV2momDocumentMethod,
  position: number,
  links: { values: readonly Value[]; linkTarget: (id: number) => Method; removed: ReadonlySet<object>; supports: Method | null },
): Method {
  const { linkedValuePositions, linkedMethodId, supportsMethodId: _supportsMethodId, ownerId, update, id: _id, version: _version, ...fields } = item;
  const defaults = newMethodDefaults(now(), context.user.id);
  const method =
    row ??
    context.em.create(Method, {
      v2mom: context.v2mom,
      description: item.description,
      position,
      dueDate: defaults.dueDate,
      owner: newOwner(context, ownerId),
      progress: defaults.progress,
      status: defaults.status,
    });
  if (derivedProgressRefused(fields.progressFrom ?? method.progressFrom, method.progress, fields.progress)) {
    throw invalidReference(`methods.${position}.progress`, ROLLED_UP_PROGRESS_MESSAGE);
  }
  const changed = assignChanged(method, { ...fields, position });
  if (update !== undefined && update !== (method.update ?? null)) {
    method.update = update;
    changed.push('update');
  }
  if (row && ownerId !== undefined && (method.owner?.id ?? null) !== ownerId) {
    method.owner = ownerRef(context, ownerId);
    changed.push('ownerId');
  }
  const currentLink = method.linkedMethod?.id ?? null;
  const keepsRemovedLink = method.linkedMethod != null && links.removed.has(method.linkedMethod.unwrap());
  const nextLink = linkedMethodId === undefined ? (keepsRemovedLink ? null : currentLink) : linkedMethodId;
  if (nextLink !== currentLink) {
    method.linkedMethod = nextLink === null ? null : ref(links.linkTarget(nextLink));
    changed.push('linkedMethodId');
  }
  if ((method.supports?.id ?? null) !== (links.supports?.id ?? null)) {
    method.supports = links.supports ? ref(links.supports) : null;
    changed.push('supportsMethodId');
  }
  const currentValues = method.linkedValues.getItems();
  const nextValues =
    linkedValuePositions === undefined
      ? currentValues.filter((value) => !links.removed.has(value))
      : linkedValuePositions.flatMap((index) => links.values[index] ?? []);
  if (!sameMembers(currentValues, nextValues)) {
    method.linkedValues.set(nextValues);
    changed.push('linkedValuePositions');
  }
  record(context, 'method', method, row === null, changed);
  return method;
}

export function applyObstacle(
  context: ApplyContext,
  row: Obstacle | null,
  item: TV2momDocumentObstacle,
  position: number,
  links: { methods: readonly Method[]; removed: ReadonlySet<object> },
): Obstacle {
  const obstacle =
    row ??
    context.em.create(Obstacle, {
      v2mom: context.v2mom,
      description: item.description,
      position,
      owner: newOwner(context, item.ownerId),
    });
  const changed = assignChanged(obstacle, { description: item.description, position });
  if (row && item.ownerId !== undefined && (obstacle.owner?.id ?? null) !== item.ownerId) {
    obstacle.owner = ownerRef(context, item.ownerId);
    changed.push('ownerId');
  }
  const current = obstacle.linkedMethods.getItems();
  const next =
    item.linkedMethodPositions === undefined
      ? current.filter((method) => !links.removed.has(method))
      : item.linkedMethodPositions.flatMap((index) => links.methods[index] ?? []);
  if (!sameMembers(current, next)) {
    obstacle.linkedMethods.set(next);
    changed.push('linkedMethodPositions');
  }
  record(context, 'obstacle', obstacle, row === null, changed);
  return obstacle;
}
