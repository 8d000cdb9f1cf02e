import { ChangeSetType, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { CONFIDENCE_MESSAGES, confidenceDropNeedsReason } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { Method } from '../methods/method.entity.js';

/**
 * A method's confidence that falls by two or more comes with a reason (docs/PRODUCT.md#confidence),
 * whichever write lowers it (a method's PUT, the V2MOM document save): without one the flush fails
 * with a 400 before anything is written.
 */
export class ConfidenceDropGuard implements EventSubscriber<Method> {
  onFlush({ uow }: FlushEventArgs): void {
    for (const changeSet of uow.getChangeSets()) {
      if (changeSet.meta.className !== 'Method' || changeSet.type !== ChangeSetType.UPDATE) continue;
      const method = changeSet.entity as Method;
      const before = (changeSet.originalEntity as Partial<Method> | undefined)?.confidence;
      if (confidenceDropNeedsReason(before, method.confidence) && !method.confidenceReason) {
        throw new AppError('bad_request', CONFIDENCE_MESSAGES.reasonNeeded, { fieldErrors: { confidenceReason: [CONFIDENCE_MESSAGES.reasonNeeded] } });
      }
    }
  }
}
