import { ChangeSetType, type EntityManager, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { closedYearMessage } from '@v2mom/contracts';
import { selectRows } from '../../db/read-db.js';
import { AppError } from '../../http/app-error.js';

/**
 * A V2MOM whose year was carried into the next is read-only, and so are its values, methods,
 * obstacles and measures (docs/PRODUCT.md#next-year); its quarter reviews and tasks stay writable.
 * Checked on every flush, so no write path (item endpoints, the document save, check-ins) can
 * miss it; the refusal aborts the flush, which changes nothing.
 */

/** The items of a V2MOM, by class name; a V2MOM's own rows are checked by their id. */
const ITEM_CLASSES = new Set(['Value', 'Method', 'Obstacle', 'Measure']);

/** 409 when one of these V2MOMs has a next year's V2MOM started from it. */
export async function assertYearsOpen(em: EntityManager, v2momIds: readonly number[]): Promise<void> {
  if (v2momIds.length === 0) return;
  const [closed] = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom as v')
      .innerJoin('v2mom as next', 'next.started_from_id', 'v.id')
      .select(['v.year', 'next.id as next_id', 'next.year as next_year'])
      .where('v.id', 'in', v2momIds)
      .limit(1),
  );
  if (!closed) return;
  throw new AppError('conflict', closedYearMessage(closed.year, closed.next_year), { carriedInto: { id: closed.next_id, year: closed.next_year } });
}

/** The saved V2MOMs a flush writes to, through their own rows or their items'. */
function v2momsWritten({ uow }: FlushEventArgs): number[] {
  const ids = new Set<number>();
  for (const change of uow.getChangeSets()) {
    const entity = change.entity as { id?: number; v2mom?: { id?: number } };
    const id = change.meta.className === 'V2mom' ? (change.type === ChangeSetType.CREATE ? undefined : entity.id) : ITEM_CLASSES.has(change.meta.className) ? entity.v2mom?.id : undefined;
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

export class ClosedYearGuard implements EventSubscriber {
  async onFlush(args: FlushEventArgs): Promise<void> {
    await assertYearsOpen(args.em, v2momsWritten(args));
  }
}
