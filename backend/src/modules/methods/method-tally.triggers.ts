import { WORK_STATUSES } from '@v2mom/contracts';

const COLUMNS = [...WORK_STATUSES, 'measured'] as const;
/** The rows of a statement's transition table `table`, each counted `sign` times in the columns it belongs to. */
const signed = (hasMeasure: string, sign: number, table: string) =>
  `select ${sign} as "sign", ${WORK_STATUSES.map((status) => `"status" = '${status}' as "${status}"`).join(', ')}, (${hasMeasure}) as "measured" from "${table}"`;

/** Adds the change `rows` make to the writing connection's row; nothing when nothing changed. */
const addChange = (rows: string) =>
  `insert into "method_tally" as "t" ("shard", ${COLUMNS.map((column) => `"${column}"`).join(', ')}) ` +
  `select pg_backend_pid() % 256, ${COLUMNS.map((column) => `coalesce(sum("sign") filter (where "${column}"), 0)`).join(', ')} from (${rows}) as "change" ` +
  `having ${COLUMNS.map((column) => `coalesce(sum("sign") filter (where "${column}"), 0) <> 0`).join(' or ')} ` +
  `on conflict ("shard") do update set ${COLUMNS.map((column) => `"${column}" = "t"."${column}" + excluded."${column}"`).join(', ')};`;

/**
 * A statement trigger of `table` running `body` after each `event`, and its function, named as
 * MikroORM names a trigger's (`{table}_{trigger}_fn`); also the branch tally's (v2moms/branch-tally.triggers.ts).
 */
export function statementTrigger(table: string, name: string, event: 'insert' | 'update' | 'delete', referencing: string, body: string) {
  return {
    name,
    timing: 'after' as const,
    events: [event],
    forEach: 'statement' as const,
    expression:
      `create or replace function "${table}_${name}_fn"() returns trigger as $$ begin ${body} return null; end; $$ language plpgsql;\n` +
      `create trigger "${name}" after ${event} on "${table}" referencing ${referencing} for each statement execute function "${table}_${name}_fn"();`,
  };
}

/**
 * What an update trigger's body starts with: it ends there when the statement changed none of what
 * the tally counts, `counted` (a select list over the rows' columns) holding the same values before
 * and after, since an update's old and new rows are as many. A new progress alone then costs a
 * tally one comparison instead of its statement (docs/PERFORMANCE.md#company).
 */
export const unlessCountedChanged = (counted: string) =>
  `if not exists (select ${counted} from "new_rows" except all select ${counted} from "old_rows") then return null; end if; `;

const tallyTrigger = (event: 'insert' | 'update' | 'delete', referencing: string, body: string) =>
  statementTrigger('method', `method_tally_${event}`, event, referencing, body);

/**
 * The method table's triggers that keep the tally (method-tally.entity.ts), `hasMeasure` the SQL of
 * a method with a measure: each statement's inserted rows count once, its deleted ones minus once,
 * its updated ones both.
 */
export const methodTallyTriggers = (hasMeasure: string) => [
  tallyTrigger('insert', 'new table as "new_rows"', addChange(signed(hasMeasure, 1, 'new_rows'))),
  tallyTrigger(
    'update',
    'old table as "old_rows" new table as "new_rows"',
    unlessCountedChanged(`"status", (${hasMeasure})`) + addChange(`${signed(hasMeasure, 1, 'new_rows')} union all ${signed(hasMeasure, -1, 'old_rows')}`),
  ),
  tallyTrigger('delete', 'old table as "old_rows"', addChange(signed(hasMeasure, -1, 'old_rows'))),
];

/**
 * A row trigger of `table` running `body`, its function named as MikroORM names a trigger's: before
 * a deletion (the row still there, so what a cascade takes is counted while what it is counted by
 * remains), or after an update of `columns` when `changed` holds; the scorecard's and the open
 * methods by day's tallies (quarter-reviews/scorecard-tally.triggers.ts, method-day-tally.triggers.ts).
 */
export function rowTrigger(table: string, name: string, body: string, update?: { columns: readonly string[]; changed: string }) {
  const fires = update ? `after update of ${update.columns.map((column) => `"${column}"`).join(', ')} on "${table}" for each row when (${update.changed})` : `before delete on "${table}" for each row`;
  return {
    name,
    timing: update ? ('after' as const) : ('before' as const),
    events: [update ? ('update' as const) : ('delete' as const)],
    forEach: 'row' as const,
    expression:
      `create or replace function "${table}_${name}_fn"() returns trigger as $$ begin ${body} return ${update ? 'null' : 'old'}; end; $$ language plpgsql;\n` +
      `create trigger "${name}" ${fires} execute function "${table}_${name}_fn"();`,
  };
}
