import type { EntityManager } from '@mikro-orm/core';
import { ON_TRACK_STATUSES, type TTeamProgressRow } from '@v2mom/contracts';

interface TeamProgressRecord {
  id: number;
  name: string;
  department: string;
  total_methods: number;
  methods_on_track: number;
  last_updated: Date | string | null;
  v2mom_id: number | null;
}

/**
 * One row per team member who owns a V2MOM or a method: methods they own, how many are on
 * track, their latest change to either, and their most recently changed V2MOM. Aggregated in
 * one statement so the dashboard costs the same for 10 or 2,000 methods.
 */
const TEAM_PROGRESS_SQL = `
with method_stats as (
  select owner_id as user_id,
         count(*)::int as total_methods,
         count(*) filter (where status in (${ON_TRACK_STATUSES.map(() => '?').join(', ')}))::int as methods_on_track,
         max(updated_at) as last_updated
  from method where owner_id is not null group by owner_id
), latest_v2mom as (
  select distinct on (owner_id) owner_id as user_id, id as v2mom_id, updated_at
  from v2mom order by owner_id, updated_at desc, id desc
)
select u.id, u.name, d.name as department,
       coalesce(ms.total_methods, 0) as total_methods,
       coalesce(ms.methods_on_track, 0) as methods_on_track,
       greatest(ms.last_updated, lv.updated_at) as last_updated,
       lv.v2mom_id
from "user" u
join department d on d.id = u.department_id
left join method_stats ms on ms.user_id = u.id
left join latest_v2mom lv on lv.user_id = u.id
where ms.user_id is not null or lv.user_id is not null
order by d.name, u.name, u.id`;

/** GET /api/team/progress: the dashboard's Team Progress table (spec section 3). */
export async function teamProgress(em: EntityManager): Promise<TTeamProgressRow[]> {
  const records: TeamProgressRecord[] = await em
    .getConnection()
    .execute(TEAM_PROGRESS_SQL, [...ON_TRACK_STATUSES], 'all', em.getTransactionContext());
  return records.map((record) => ({
    user: { id: record.id, name: record.name, department: record.department },
    totalMethods: record.total_methods,
    methodsOnTrack: record.methods_on_track,
    lastUpdated: record.last_updated === null ? null : new Date(record.last_updated).toISOString(),
    v2momId: record.v2mom_id,
  }));
}
