import { HAS_MEASURE_SQL } from './method-measures.js';
import { rowTrigger, statementTrigger } from './method-tally.triggers.js';

/**
 * The triggers that keep the open methods by day (method-day-tally.entity.ts). A statement's
 * methods are counted as they were, minus once, and as they are, once, each in its V2MOM's year on
 * the day of its last check-in (its creation when it has none), when it is not completed, and in
 * `measured` too when it has a measure; what cancels out (a progress saved with no check-in)
 * writes nothing. A V2MOM's deletion counts its
 * methods off before the row goes, while their year is still there; the cascade's method trigger
 * then finds the V2MOM gone and counts nothing. A V2MOM given another year moves its methods.
 */

const SHARDS = 16;

/** The UTC day a method `m` was last checked in on, or created on. */
const DAY = `(coalesce("m"."last_check_in_at", "m"."created_at") at time zone 'UTC')::date`;

/** The measured ones of `counted`'s signs. */
const MEASURED = `coalesce(sum("c"."sign") filter (where "c"."measured"), 0)`;

/** Adds `counted` (`sign`, `year`, `day`, `measured`) to this connection's rows, in key order. */
const addCounts = (counted: string) =>
  `insert into "method_day_tally" as "t" ("year", "day", "shard", "open", "measured") ` +
  `select "c"."year", "c"."day", pg_backend_pid() % ${SHARDS}, sum("c"."sign"), ${MEASURED} from (${counted}) as "c" ` +
  `group by "c"."year", "c"."day" having sum("c"."sign") <> 0 or ${MEASURED} <> 0 order by "c"."year", "c"."day" ` +
  `on conflict ("year", "day", "shard") do update set "open" = "t"."open" + excluded."open", "measured" = "t"."measured" + excluded."measured";`;

/** Each open method of `methods` `sign` times, in the year of its V2MOM in `v2moms`, and whether it has a measure. */
const openMethods = (sign: number, methods: string, v2moms = '"v2mom"') =>
  `select ${sign} as "sign", "v"."year", ${DAY} as "day", (${HAS_MEASURE_SQL}) as "measured" from ${methods} as "m" join ${v2moms} as "v" on "v"."id" = "m"."v2mom_id" where "m"."status" <> 'completed'`;

/** The V2MOM `record` (old or new) as a one-row table. */
const v2momRow = (record: 'old' | 'new') => `(select ${record}."id" as "id", ${record}."year" as "year")`;
const METHODS_OF_OLD = `(select * from "method" where "v2mom_id" = old."id")`;
const METHODS_OF_NEW = `(select * from "method" where "v2mom_id" = new."id")`;

/** The method table's: a statement's inserted methods count once, its deleted ones minus once, its updated ones both. */
export const methodDayTallyMethodTriggers = [
  statementTrigger('method', 'method_day_tally_insert', 'insert', 'new table as "new_rows"', addCounts(openMethods(1, '"new_rows"'))),
  statementTrigger('method', 'method_day_tally_update', 'update', 'old table as "old_rows" new table as "new_rows"', addCounts(`${openMethods(1, '"new_rows"')} union all ${openMethods(-1, '"old_rows"')}`)),
  statementTrigger('method', 'method_day_tally_delete', 'delete', 'old table as "old_rows"', addCounts(openMethods(-1, '"old_rows"'))),
];

/** The V2MOM table's: its methods move with its year and go with it. */
export const methodDayTallyV2momTriggers = [
  rowTrigger('v2mom', 'method_day_tally_year', addCounts(`${openMethods(-1, METHODS_OF_NEW, v2momRow('old'))} union all ${openMethods(1, METHODS_OF_NEW, v2momRow('new'))}`), {
    columns: ['year'],
    changed: 'old."year" is distinct from new."year"',
  }),
  rowTrigger('v2mom', 'method_day_tally_remove', addCounts(openMethods(-1, METHODS_OF_OLD, v2momRow('old')))),
];
