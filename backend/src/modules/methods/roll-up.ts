import { LockMode, type EntityManager } from '@mikro-orm/core';
import { isRolledUp, rolledUpProgress, V2MOM_LEVELS, type TProgressFrom } from '@v2mom/contracts';
import { now } from '../../server-clock.js';
import { selectRows } from '../read-db.js';
import { changeSet, rowChange, type ChangeSet } from '../shared/change-set.js';
import { readMethods } from './method.read.js';
import { Method } from './method.entity.js';

/**
 * Roll-up (docs/PRODUCT.md#roll-up): a method that takes its progress from the methods that support
 * it is recomputed in the write's transaction whenever one of them changes. A cascade has four
 * levels, so a chain climbs at most three supports above the method written.
 */
const MAX_CLIMB = V2MOM_LEVELS.length - 1;

/** Each method's direct supporters added up, one aggregate statement over the `supports_id` index. */
function supporterFigures(em: EntityManager, ids: readonly number[]) {
  return selectRows(em, (db) =>
    db
      .selectFrom('method as s')
      // A supporter weighs as many methods as its V2MOM has.
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('method as c')
            .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
            .whereRef('c.v2mom_id', '=', 's.v2mom_id')
            .as('w'),
        (join) => join.onTrue(),
      )
      .where('s.supports_id', 'in', ids)
      .groupBy('s.supports_id')
      .select((eb) => [
        's.supports_id as id',
        eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
        eb.cast<number>(eb.fn.sum('s.progress'), 'integer').as('progress_sum'),
        eb.cast<number>(eb.fn.sum(eb('s.progress', '*', eb.ref('w.n'))), 'integer').as('weighted_sum'),
        eb.cast<number>(eb.fn.sum('w.n'), 'integer').as('weight_sum'),
      ]),
  );
}

/**
 * Recomputes the rolled-up methods among `supportedIds` from their supporters, flushes them (each
 * change a check-in, docs/PRODUCT.md#check-ins), then the rolled-up methods those support, up the
 * chain. Each level locks its methods before reading their supporters, so two supporters written at
 * once both count. Answers the ids of the methods whose progress changed.
 */
export async function rollUp(em: EntityManager, supportedIds: Iterable<number | null | undefined>): Promise<number[]> {
  const changed: number[] = [];
  let ids = distinctIds(supportedIds);
  for (let climb = 0; climb <= MAX_CLIMB && ids.length > 0; climb += 1) {
    const methods = await em.find(
      Method,
      { id: { $in: ids }, progressFrom: { $ne: 'own' } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (methods.length === 0) break;
    const figures = new Map((await supporterFigures(em, methods.map((method) => method.id))).map((row) => [row.id, row]));
    const moved = methods.filter((method) => {
      const row = figures.get(method.id);
      const progress = row && rolledUpProgress(method.progressFrom as Exclude<TProgressFrom, 'own'>, {
        count: row.count,
        progressSum: row.progress_sum,
        weightedSum: row.weighted_sum,
        weightSum: row.weight_sum,
      });
      if (progress == null || progress === method.progress) return false;
      method.progress = progress;
      return true;
    });
    await em.flush();
    changed.push(...moved.map((method) => method.id));
    ids = distinctIds(moved.map((method) => method.supports?.id));
  }
  return changed;
}

function distinctIds(ids: Iterable<number | null | undefined>): number[] {
  return [...new Set([...ids].filter((id): id is number => id != null))];
}

/** Whether a write's progress may stand: a rolled-up method's own progress is derived, never written. */
export function derivedProgressRefused(progressFrom: TProgressFrom, stored: number, written: number | undefined): boolean {
  return isRolledUp(progressFrom) && written !== undefined && written !== stored;
}

/** The methods a roll-up recomputed, as their events carry them (docs/PRODUCT.md#roll-up). */
export async function rolledUpChanges(em: EntityManager, ids: readonly number[]): Promise<ChangeSet> {
  if (ids.length === 0) return changeSet([], []);
  const rows = await readMethods(em, { ids: [...ids] }, now());
  return changeSet(
    rows.map((row) => rowChange('method', row, 'updated', row.v2momId)),
    rows.flatMap((row) => (row.owner?.department ? [row.owner.department] : [])),
  );
}
