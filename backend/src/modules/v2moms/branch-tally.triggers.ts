import { WORK_STATUSES } from '@v2mom/contracts';
import { methodStatementTrigger } from '../methods/method-tally.triggers.js';

/**
 * The triggers that keep each V2MOM's branch roll-up (branch-tally.entity.ts,
 * docs/PRODUCT.md#alignment-map). A method's change counts in its V2MOM and in every V2MOM above
 * it; a V2MOM aligned elsewhere takes its whole branch's counts from its old ancestors to its new
 * ones; a V2MOM deleted takes its branch's counts from its ancestors (its methods go with it, and
 * those aligned to it are unaligned by the foreign key after this). Ancestors are walked by
 * `parent_id`, at most four levels.
 */

const SHARDS = 16;
const COLUMNS = WORK_STATUSES;
const columnList = COLUMNS.map((column) => `"${column}"`).join(', ');

/** Adds the signed counts `deltas` (`v2mom_id`, one column per status) to each V2MOM's row of this connection, in id order. */
const addDeltas = (deltas: string) =>
  `insert into "branch_tally" as "t" ("v2mom_id", "shard", ${columnList}) ` +
  `select "d"."v2mom_id", pg_backend_pid() % ${SHARDS}, ${COLUMNS.map((column) => `sum("d"."${column}")`).join(', ')} from (${deltas}) as "d" ` +
  `group by "d"."v2mom_id" having ${COLUMNS.map((column) => `sum("d"."${column}") <> 0`).join(' or ')} order by "d"."v2mom_id" ` +
  `on conflict ("v2mom_id", "shard") do update set ${COLUMNS.map((column) => `"${column}" = "t"."${column}" + excluded."${column}"`).join(', ')};`;

/** `ancestors(origin, v2mom_id)`: each V2MOM of `seeds` (`origin`, `start`: an id, or null) and every V2MOM above `start`, inclusive. */
const ancestors = (seeds: string) =>
  `"ancestors"("origin", "v2mom_id") as (select "s"."origin", "v"."id" from (${seeds}) as "s" join "v2mom" as "v" on "v"."id" = "s"."start" ` +
  `union all select "a"."origin", "v"."parent_id" from "ancestors" as "a" join "v2mom" as "v" on "v"."id" = "a"."v2mom_id" where "v"."parent_id" is not null)`;

/** The signed status counts of a method statement's transition table `table`, by V2MOM. */
const methodCounts = (table: string, sign: number) =>
  `select "v2mom_id", ${COLUMNS.map((column) => `${sign} * ("status" = '${column}')::int as "${column}"`).join(', ')} from "${table}"`;

function methodTrigger(event: 'insert' | 'update' | 'delete', referencing: string, rows: string) {
  const body =
    `with recursive "change" as (select "v2mom_id", ${COLUMNS.map((column) => `sum("${column}") as "${column}"`).join(', ')} from (${rows}) as "r" group by "v2mom_id"), ` +
    `${ancestors(`select "v2mom_id" as "origin", "v2mom_id" as "start" from "change"`)} ` +
    addDeltas(`select "a"."v2mom_id", ${COLUMNS.map((column) => `"c"."${column}"`).join(', ')} from "ancestors" as "a" join "change" as "c" on "c"."v2mom_id" = "a"."origin"`);
  return methodStatementTrigger(`branch_tally_${event}`, event, referencing, body);
}

/** The method table's triggers: inserted rows count once, deleted ones minus once, updated ones both (a method moved to another V2MOM too). */
export const branchTallyMethodTriggers = [
  methodTrigger('insert', 'new table as "new_rows"', methodCounts('new_rows', 1)),
  methodTrigger('update', 'old table as "old_rows" new table as "new_rows"', `${methodCounts('new_rows', 1)} union all ${methodCounts('old_rows', -1)}`),
  methodTrigger('delete', 'old table as "old_rows"', methodCounts('old_rows', -1)),
];

/** The branch's own counts (the sum of its rows), `sign` times, to each V2MOM in `ancestors`. */
const moveBranch = (id: string, seeds: string) =>
  `with recursive "branch" as (select ${COLUMNS.map((column) => `coalesce(sum("${column}"), 0) as "${column}"`).join(', ')} from "branch_tally" where "v2mom_id" = ${id}), ` +
  `${ancestors(seeds)} ` +
  addDeltas(`select "a"."v2mom_id", ${COLUMNS.map((column) => `"a"."origin" * "b"."${column}" as "${column}"`).join(', ')} from "ancestors" as "a" cross join "branch" as "b"`);

/** The V2MOM table's triggers: a new parent moves the branch's counts; a deletion takes them from the ancestors. */
export const branchTallyV2momTriggers = [
  {
    name: 'branch_tally_realign',
    timing: 'after' as const,
    events: ['update' as const],
    forEach: 'row' as const,
    expression:
      `create or replace function "v2mom_branch_tally_realign_fn"() returns trigger as $$ begin ` +
      moveBranch('new."id"', `select -1 as "origin", old."parent_id" as "start" union all select 1, new."parent_id"`) +
      ` return null; end; $$ language plpgsql;\n` +
      `create trigger "branch_tally_realign" after update of "parent_id" on "v2mom" for each row when (old."parent_id" is distinct from new."parent_id") execute function "v2mom_branch_tally_realign_fn"();`,
  },
  {
    name: 'branch_tally_remove',
    timing: 'before' as const,
    events: ['delete' as const],
    forEach: 'row' as const,
    expression:
      `create or replace function "v2mom_branch_tally_remove_fn"() returns trigger as $$ begin ` +
      moveBranch('old."id"', `select -1 as "origin", old."parent_id" as "start"`) +
      ` return old; end; $$ language plpgsql;\n` +
      `create trigger "branch_tally_remove" before delete on "v2mom" for each row execute function "v2mom_branch_tally_remove_fn"();`,
  },
];
