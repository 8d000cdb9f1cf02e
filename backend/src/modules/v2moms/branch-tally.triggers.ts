import { WORK_STATUSES } from '@v2mom/contracts';
import { statementTrigger, unlessCountedChanged } from '../methods/method-tally.triggers.js';

/**
 * The triggers that keep each V2MOM's branch roll-up (branch-tally.entity.ts,
 * docs/PRODUCT.md#alignment-map). A method's change counts in its V2MOM and in every V2MOM above
 * it, and so does a notice that its parent changed while it is not reviewed; a V2MOM aligned
 * elsewhere takes its whole branch's counts from its old ancestors to its new ones; a V2MOM deleted
 * takes its branch's counts from its ancestors (its methods and notices go with it, and those
 * aligned to it are unaligned by the foreign key after this). Ancestors are walked by `parent_id`,
 * at most four levels.
 */

const SHARDS = 16;
const UNREVIEWED = 'unreviewed_parent_changes';
const COLUMNS = [...WORK_STATUSES, UNREVIEWED] as const;
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
  `select "v2mom_id", ${WORK_STATUSES.map((column) => `${sign} * ("status" = '${column}')::int as "${column}"`).join(', ')}, 0 as "${UNREVIEWED}" from "${table}"`;

/** The signed count of the unreviewed parent changes among a notification statement's transition table `table`, by V2MOM (docs/PRODUCT.md#parent-changes). */
const unreviewedCounts = (table: string, sign: number) =>
  `select "v2mom_id", ${WORK_STATUSES.map((column) => `0 as "${column}"`).join(', ')}, ${sign} as "${UNREVIEWED}" from "${table}" ` +
  `where "kind" = 'parent_changed' and "reviewed_at" is null and "v2mom_id" is not null`;

/** A statement trigger of `table` that adds its transition tables' signed counts `rows` to each V2MOM and every one above it, its body starting with `skip`. */
function tallyTrigger(table: 'method' | 'notification', event: 'insert' | 'update' | 'delete', referencing: string, rows: string, skip = '') {
  const body =
    skip +
    `with recursive "change" as (select "v2mom_id", ${COLUMNS.map((column) => `sum("${column}") as "${column}"`).join(', ')} from (${rows}) as "r" group by "v2mom_id"), ` +
    `${ancestors(`select "v2mom_id" as "origin", "v2mom_id" as "start" from "change"`)} ` +
    addDeltas(`select "a"."v2mom_id", ${COLUMNS.map((column) => `"c"."${column}"`).join(', ')} from "ancestors" as "a" join "change" as "c" on "c"."v2mom_id" = "a"."origin"`);
  return statementTrigger(table, `branch_tally_${event}`, event, referencing, body);
}

/**
 * Each statement's inserted rows count once, its deleted ones minus once, its updated ones both (a
 * row moved to another V2MOM too); an update that changed none of `counted` ends at once.
 */
const tallyTriggers = (table: 'method' | 'notification', counts: (table: string, sign: number) => string, counted: string) => [
  tallyTrigger(table, 'insert', 'new table as "new_rows"', counts('new_rows', 1)),
  tallyTrigger(table, 'update', 'old table as "old_rows" new table as "new_rows"', `${counts('new_rows', 1)} union all ${counts('old_rows', -1)}`, unlessCountedChanged(counted)),
  tallyTrigger(table, 'delete', 'old table as "old_rows"', counts('old_rows', -1)),
];

/** The method table's triggers: its methods by status. */
export const branchTallyMethodTriggers = tallyTriggers('method', methodCounts, '"v2mom_id", "status"');

/** The notification table's triggers: the parent changes not reviewed yet, a notice reviewed leaving the count. */
export const branchTallyNotificationTriggers = tallyTriggers('notification', unreviewedCounts, `"v2mom_id", "kind" = 'parent_changed' and "reviewed_at" is null`);

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
