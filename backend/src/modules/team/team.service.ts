import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, type TTeamProgressRow } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { isoTimestamp } from '../shared/read-rows.js';

/**
 * GET /api/team/progress: the dashboard's Team Progress table. One row per team member who owns
 * a V2MOM or a method: methods they own, how many are on track, their latest change to either,
 * and their most recently changed V2MOM. Aggregated in one statement so the dashboard costs the
 * same for 10 or 2,000 methods.
 */
export async function teamProgress(em: EntityManager): Promise<TTeamProgressRow[]> {
  const rows = await selectRows(em, (db) =>
    db
      .with('method_stats', (db) =>
        db
          .selectFrom('method')
          .select((eb) => [
            'owner_id as user_id',
            eb.cast<number>(eb.fn.countAll(), 'integer').as('total_methods'),
            eb.cast<number>(eb.fn.countAll().filterWhere('status', 'in', ON_TRACK_STATUSES), 'integer').as('methods_on_track'),
            eb.fn.max('updated_at').as('last_updated'),
          ])
          .where('owner_id', 'is not', null)
          .groupBy('owner_id'),
      )
      .with('latest_v2mom', (db) =>
        db
          .selectFrom('v2mom')
          .distinctOn('owner_id')
          .select(['owner_id as user_id', 'id as v2mom_id', 'updated_at'])
          .orderBy('owner_id')
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc'),
      )
      .selectFrom('user as u')
      .innerJoin('department as d', 'd.id', 'u.department_id')
      .leftJoin('method_stats as ms', 'ms.user_id', 'u.id')
      .leftJoin('latest_v2mom as lv', 'lv.user_id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.name',
        'u.active',
        'd.name as department',
        eb.fn.coalesce('ms.total_methods', eb.lit(0)).as('total_methods'),
        eb.fn.coalesce('ms.methods_on_track', eb.lit(0)).as('methods_on_track'),
        isoTimestamp(eb.fn<Date | null>('greatest', ['ms.last_updated', 'lv.updated_at'])).as('last_updated'),
        'lv.v2mom_id',
      ])
      .where((eb) => eb.or([eb('ms.user_id', 'is not', null), eb('lv.user_id', 'is not', null)]))
      .orderBy('d.name')
      .orderBy('u.name')
      .orderBy('u.id'),
  );
  return rows.map((row) => ({
    user: { id: row.id, name: row.name, active: row.active, department: row.department },
    totalMethods: row.total_methods,
    methodsOnTrack: row.methods_on_track,
    lastUpdated: row.last_updated,
    v2momId: row.v2mom_id,
  }));
}
