import { ChangeSetType, type ChangeSet, type EventArgs, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import type { TCheckIn } from '@v2mom/contracts';
import { writeScope } from '../shared/write-scope.js';
import type { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { clearCheckInReminders } from '../notifications/notify.js';
import { CheckIn } from './check-in.entity.js';
import { now } from '../../server-clock.js';

/** The method fields whose change is a check-in (docs/PRODUCT.md#check-ins). */
const CHECKED_IN = ['progress', 'status', 'currentMeasure', 'update', 'confidence'] as const;

type CheckedIn = Pick<Method, (typeof CHECKED_IN)[number]>;

function changesCheckedIn(changeSet: ChangeSet<object>): boolean {
  const original = (changeSet.originalEntity ?? {}) as Partial<CheckedIn>;
  const row = changeSet.entity as CheckedIn;
  return CHECKED_IN.some((field) => field in changeSet.payload && (original[field] ?? null) !== (row[field] ?? null));
}

/**
 * Writes check-ins (docs/PRODUCT.md#check-ins) from the flush itself, as the change log is
 * written: every committed update of a method that changes its progress, status, current measure,
 * update text or confidence, through whichever endpoint, adds one in the same transaction; creating a method
 * does not, nor does a write that changes none of them. The same flush keeps the method's
 * `updateAuthor`, `updateAt`, `updateCount`, `lastCheckInAt` and `previousConfidence` (a method created with an update text names its
 * creator), so that list rows carry them without another read.
 * The methods are locked by their writes (`methods.service.ts`, the document save), so the count
 * they hold is the stored one.
 */
export class CheckInSubscriber implements EventSubscriber<Method> {
  /** The instant of each check-in the flush will write, by method, from `onFlush` to `afterUpdate`. */
  readonly #pending = new WeakMap<object, Date>();

  onFlush({ em, uow }: FlushEventArgs): void {
    const writer = writeScope.getStore()?.userId;
    /** The update text was written now: it keeps who wrote it and when (cleared with the text). */
    const stampUpdate = (method: Method, at: Date): void => {
      const authorId = writer ?? method.updatedBy?.id;
      const written = method.update !== null && method.update !== undefined;
      method.updateAt = written ? at : null;
      method.updateAuthor = written && authorId !== undefined ? em.getReference(User, authorId, { wrapped: true }) : null;
    };
    for (const changeSet of uow.getChangeSets()) {
      if (changeSet.meta.className !== 'Method') continue;
      const method = changeSet.entity as Method;
      const at = now();
      if (changeSet.type === ChangeSetType.CREATE) {
        // A method created with its update's author and time given (the demo's past) keeps them.
        if (method.update === null || method.update === undefined || method.updateAt) continue;
        stampUpdate(method, at);
      } else if (changeSet.type === ChangeSetType.UPDATE && changesCheckedIn(changeSet)) {
        this.#pending.set(method, at);
        method.updateCount += 1;
        method.lastCheckInAt = at;
        if ((changeSet.originalEntity?.update ?? null) !== (method.update ?? null)) stampUpdate(method, at);
        const confidenceBefore = changeSet.originalEntity?.confidence ?? null;
        if (confidenceBefore !== (method.confidence ?? null)) method.previousConfidence = confidenceBefore;
      } else {
        continue;
      }
      uow.recomputeSingleChangeSet(method);
    }
  }

  async afterUpdate({ em, entity, changeSet }: EventArgs<Method>): Promise<void> {
    const at = this.#pending.get(entity);
    if (!at || !changeSet) return;
    this.#pending.delete(entity);
    const before = (changeSet.originalEntity ?? {}) as Partial<CheckedIn>;
    const scope = writeScope.getStore();
    const authorId = scope?.userId ?? entity.updatedBy?.id ?? null;
    const values = {
      progress: entity.progress,
      status: entity.status,
      currentMeasure: entity.currentMeasure ?? null,
      update: entity.update ?? null,
      prevProgress: before.progress ?? null,
      prevStatus: before.status ?? null,
      prevCurrentMeasure: before.currentMeasure ?? null,
      prevUpdate: before.update ?? null,
      confidence: entity.confidence ?? null,
      prevConfidence: before.confidence ?? null,
      confidenceReason: entity.confidenceReason ?? null,
      viaToken: scope?.via?.name ?? null,
    };
    const apiToken = scope?.via?.id ?? null;
    const id = await em.insert(CheckIn, { method: entity.id, author: authorId, apiToken, at, methodVersion: entity.version, ...values });
    const checkIn: TCheckIn = { id, methodId: entity.id, at: at.toISOString(), author: scope ? scope.author : null, ...values };
    scope?.checkedIn(checkIn);
    const cleared = await clearCheckInReminders(em, entity.id, entity.owner?.id ?? null);
    if (cleared.length > 0) scope?.unreadChanged(cleared);
  }
}
