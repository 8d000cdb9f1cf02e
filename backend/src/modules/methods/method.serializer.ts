import { currentQuarterMeasure, type TLinkedMethodRef, type TMethod, type TMethodListItem } from '@v2mom/contracts';
import { auditFields, toUserRef, toUserSummary } from '../shared/audit.serializer.js';
import { byPosition } from '../shared/position.js';
import type { Method } from './method.entity.js';

/**
 * Relations `toMethodListItem` reads. Loading them with `populate` keeps every method read at a
 * fixed number of statements whatever the row count. Embedding methods elsewhere (e.g. a V2MOM
 * document), populate the same paths under the parent's relation: `methods.owner.department`...
 */
export const METHOD_READ_POPULATE = [
  'owner.department',
  'v2mom.owner',
  'linkedMethod',
  'linkedValues',
  'obstacles',
  'updatedBy',
] as const;

/** Linked values in their V2MOM order, so every client shows them the same way. */
function linkedValueIds(method: Method): number[] {
  return method.linkedValues
    .getItems()
    .toSorted(byPosition)
    .map((value) => value.id);
}

/** The stored fields of a method (ZMethodSchema); `linkedValues` and `updatedBy` must be loaded. */
export function toMethod(method: Method): TMethod {
  return {
    id: method.id,
    ...auditFields(method),
    v2momId: method.v2mom.id,
    description: method.description,
    dueDate: method.dueDate ?? null,
    ownerId: method.owner?.id ?? null,
    progress: method.progress,
    status: method.status,
    order: method.position,
    linkedValues: linkedValueIds(method),
    linkedMethodId: method.linkedMethod?.id ?? null,
    measure: method.measure ?? null,
    q1Measure: method.q1Measure ?? null,
    q2Measure: method.q2Measure ?? null,
    q3Measure: method.q3Measure ?? null,
    q4Measure: method.q4Measure ?? null,
    q1Goal: method.q1Goal ?? null,
    q2Goal: method.q2Goal ?? null,
    q3Goal: method.q3Goal ?? null,
    q4Goal: method.q4Goal ?? null,
    update: method.update ?? null,
    updates: method.updates ?? null,
    currentMeasure: method.currentMeasure ?? null,
    activities: method.activities ?? null,
    l2Owner: method.l2Owner ?? null,
    forCooTracking: method.forCooTracking,
  };
}

export function toLinkedMethodRef(method: Method): TLinkedMethodRef {
  return { id: method.id, description: method.description, status: method.status };
}

/**
 * A method with the read-side extras every screen uses (ZMethodListItemSchema), for
 * /api/methods/all, /coo-tracking, /api/users/{id}/methods and V2MOM documents. Needs the
 * relations of `METHOD_READ_POPULATE`. `now` picks the current fiscal quarter's measure.
 */
export function toMethodListItem(method: Method, now: Date = new Date()): TMethodListItem {
  const owner = method.owner?.getEntity();
  const v2mom = method.v2mom.getEntity();
  const v2momOwner = v2mom.owner.getEntity();
  const linkedMethod = method.linkedMethod?.getEntity();
  const stored = toMethod(method);
  return {
    ...stored,
    owner: owner ? toUserSummary(owner) : null,
    v2mom: { id: v2mom.id, title: v2mom.title, year: v2mom.year, owner: toUserRef(v2momOwner) },
    linkedMethod: linkedMethod ? toLinkedMethodRef(linkedMethod) : null,
    obstacles: method.obstacles
      .getItems()
      .toSorted(byPosition)
      .map((obstacle) => ({ id: obstacle.id, description: obstacle.description })),
    currentQuarterMeasure: currentQuarterMeasure(stored, now),
  };
}
