import { ChangeSetType, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { QUARTERS, quarterLabel, type TQuarter } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { AppError } from '../../http/app-error.js';
import type { Method } from '../methods/method.entity.js';

/** A quarter whose goal or measure a flush would change. */
interface ChangedQuarter {
  methodId: number;
  quarter: TQuarter;
}

function changedQuarters(method: Method, original: Partial<Method>): TQuarter[] {
  return QUARTERS.filter((quarter) =>
    ([`${quarter}Goal`, `${quarter}Measure`] as const).some((field) => (original[field] ?? null) !== (method[field] ?? null)),
  );
}

/**
 * A reviewed quarter's goal and measure stay as they were reviewed (docs/PRODUCT.md#quarter-review):
 * a flush that would change them, through whichever write (a method's PUT, the V2MOM document
 * save), fails with a 409 before anything is written, and its transaction rolls back. One look-up
 * for all the methods the flush changes, and none for a flush that changes no goal or measure.
 */
export class ReviewedGoalsGuard implements EventSubscriber<Method> {
  async onFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const changed: ChangedQuarter[] = [];
    for (const changeSet of uow.getChangeSets()) {
      if (changeSet.meta.className !== 'Method' || changeSet.type !== ChangeSetType.UPDATE) continue;
      const method = changeSet.entity as Method;
      for (const quarter of changedQuarters(method, (changeSet.originalEntity ?? {}) as Partial<Method>)) changed.push({ methodId: method.id, quarter });
    }
    if (changed.length === 0) return;
    const reviewed = await selectRows(em, (db) =>
      db
        .selectFrom('quarter_review as r')
        .innerJoin('method as m', 'm.id', 'r.method_id')
        .innerJoin('v2mom as v', (join) => join.onRef('v.id', '=', 'm.v2mom_id').onRef('v.year', '=', 'r.year'))
        .select(['r.method_id', 'r.quarter'])
        .where((eb) => eb.or(changed.map(({ methodId, quarter }) => eb.and([eb('r.method_id', '=', methodId), eb('r.quarter', '=', quarter)])))),
    );
    if (reviewed.length === 0) return;
    const labels = [...new Set(reviewed.map((row) => quarterLabel(row.quarter)))].sort().join(', ');
    throw new AppError('quarter_reviewed', `${labels} ${reviewed.length === 1 ? 'is' : 'are'} reviewed: its goal and measure cannot change. Someone who manages the structure can reopen the review.`, {
      reviewed: reviewed.map((row) => ({ methodId: row.method_id, quarter: row.quarter })),
    });
  }
}
