import { ChangeSetType, type ChangeSet, type EventSubscriber, type FlushEventArgs, type UnitOfWork } from '@mikro-orm/core';
import { needsApproval } from '@v2mom/contracts';
import type { V2mom } from './v2mom.entity.js';

/** The V2MOM's own fields that are its document: changing them after approval marks it changed. */
const V2MOM_DOCUMENT_FIELDS = ['title', 'vision'];

/** A method's fields that are the document's text and structure; its progress and check-ins are not. */
const METHOD_DOCUMENT_FIELDS = [
  'description',
  'dueDate',
  'owner',
  'position',
  'linkedMethod',
  'supports',
  'linkedValues',
  'measure',
  'q1Measure',
  'q2Measure',
  'q3Measure',
  'q4Measure',
  'q1Goal',
  'q2Goal',
  'q3Goal',
  'q4Goal',
  'forCooTracking',
];

function changesAny(changeSet: ChangeSet<object>, fields: readonly string[]): boolean {
  return changeSet.type !== ChangeSetType.UPDATE || fields.some((field) => field in changeSet.payload);
}

/** The V2MOM a value's or method's change belongs to, when the flush holds it loaded. */
function documentOwner(changeSet: ChangeSet<object>): V2mom | undefined {
  const { className } = changeSet.meta;
  const changesDocument = className === 'Value' || (className === 'Method' && changesAny(changeSet, METHOD_DOCUMENT_FIELDS));
  if (!changesDocument) return undefined;
  const v2mom = (changeSet.entity as { v2mom?: { getEntity(): V2mom; isInitialized(): boolean } }).v2mom;
  return v2mom?.isInitialized() ? v2mom.getEntity() : undefined;
}

/** Starts or ends a V2MOM's approval with its level and parent; answers whether it changed the row. */
function settleApproval(v2mom: V2mom): boolean {
  // A parent written in the same flush has no id yet: that it is there is what counts.
  const needs = needsApproval(v2mom.level, v2mom.parent != null);
  if (needs === (v2mom.approval !== null && v2mom.approval !== undefined)) return false;
  v2mom.approval = needs ? 'draft' : null;
  v2mom.approvalSubmittedAt = null;
  v2mom.approvedAt = null;
  v2mom.changedSinceApproved = false;
  v2mom.approvalComment = null;
  return true;
}

/** Marks an approved V2MOM whose document changed; answers whether it changed the row. */
function markChanged(v2mom: V2mom): boolean {
  if (v2mom.approval !== 'approved' || v2mom.changedSinceApproved) return false;
  v2mom.changedSinceApproved = true;
  return true;
}

function rewrite(uow: UnitOfWork, v2mom: V2mom, written: ReadonlySet<object>): void {
  if (written.has(v2mom)) uow.recomputeSingleChangeSet(v2mom);
  else uow.computeChangeSet(v2mom);
}

/**
 * Keeps approval with the document (docs/PRODUCT.md#approval), from the flush itself so every
 * write path is covered: a V2MOM that becomes a person's aligned to another starts as a draft,
 * one that stops being one loses its approval, and an approved V2MOM whose vision, values or
 * methods' text and structure change is marked changed since approved (progress is not).
 */
export class ApprovalSubscriber implements EventSubscriber {
  onFlush({ uow }: FlushEventArgs): void {
    const changeSets = uow.getChangeSets();
    const written = new Set<object>(changeSets.map((changeSet) => changeSet.entity));
    const deleted = new Set<object>(changeSets.filter((changeSet) => changeSet.type === ChangeSetType.DELETE).map((changeSet) => changeSet.entity));
    for (const changeSet of changeSets) {
      if (changeSet.meta.className === 'V2mom' && changeSet.type !== ChangeSetType.DELETE) {
        const v2mom = changeSet.entity as V2mom;
        const settled = settleApproval(v2mom);
        const changed = changeSet.type === ChangeSetType.UPDATE && changesAny(changeSet, V2MOM_DOCUMENT_FIELDS) && markChanged(v2mom);
        if (settled || changed) uow.recomputeSingleChangeSet(v2mom);
        continue;
      }
      const v2mom = documentOwner(changeSet);
      if (v2mom && !deleted.has(v2mom) && markChanged(v2mom)) rewrite(uow, v2mom, written);
    }
  }
}
